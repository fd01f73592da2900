// The desk's entries in the staff menu: the staff layout carries them, not the desk's other words.

export const deskNavText = {
  notices: 'お知らせ',
  coupons: 'クーポン',
  products: '商品',
  consultants: '相談員',
  members: '会員',
  audit: '監査ログ',
} as const
