// Wording of the coupon claim page (spec §2 /get-coupon, §4).
export const couponText = {
  claiming: 'クーポンを取得しています…',
} as const
