// Wording of the coupon claim page (product.md §2 /get-coupon, §4).
export const couponText = {
  claiming: 'クーポンを取得しています…',
  /** The member already holds the coupon (a reopened link). */
  alreadyHeldTitle: 'クーポンは取得済みです',
  alreadyHeldBody: 'このクーポンは、すでにお客様のアカウントに追加されております。お支払いの際にご利用いただけます（ご利用済みのクーポンは一覧に表示されません）。',
  toHome: 'ホームへ戻る',
  /** Home after the claim. */
  claimedToast: 'クーポンを取得しました',
  claimedBody: '保有クーポンに追加しました。お支払いの際にご利用いただけます。',
} as const
