// Wording of the payment history (product.md §2 /purchase-list, §8 empty state, §9 period filter).
export const purchaseListText = {
  title: 'お支払い履歴',
  period: '表示期間',
  last3Months: '過去3ヶ月',
  year: (y: number) => `${y}年`,
  empty: 'お支払い履歴はございません。',
  more: 'もっと見る',
  loadingMore: '読み込み中…',
  columns: {
    time: 'お支払い日時',
    product: '商品',
    type: '種別',
    amount: '金額（税込）',
    receipt: '領収書番号',
  },
  beforeCoupon: 'クーポン適用前',
  /** The used coupon by its name and discount (not its internal code). */
  coupon: (name: string, discount: string) => `${name}（${discount}引き）`,
  /** Before the server named coupons (a cached page): no code shown, only that one was used. */
  couponUnnamed: 'クーポン適用',
  refunded: '返金済み',
  refundedAmount: (yen: string) => `返金額 ${yen}`,
  reservation: 'ご予約日時',
  /** The receipt of the row (its own page: print or save as PDF). */
  receiptOpen: '領収書を表示',
  receiptLink: (receiptNumber: string) => `領収書を表示：${receiptNumber}`,
  ticketNumber: 'チケット番号',
  types: { SUPPORT: 'サポートチケット', INTERVIEW: '問診チケット', TIP: 'チップ', ADD: '延長チケット' },
} as const
