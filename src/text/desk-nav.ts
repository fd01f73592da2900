// The desk's entries in the staff menu: the staff layout carries them, not the desk's other words.

export const deskNavText = {
  today: '今日の状況',
  bookings: '予約',
  numbers: '数字',
  notices: 'お知らせ',
  coupons: 'クーポン',
  products: '商品',
  consultants: '相談員',
  members: '会員',
  audit: '監査ログ',
  jobs: '失敗したジョブ',
} as const
