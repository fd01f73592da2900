// Wording of the summary card on /buy-complete and /reservationdate-change-complete:
// what was booked, in Japan time.

export const bookingSummaryText = {
  title: 'ご予約・ご購入内容',
  ticketNumber: 'チケット番号',
  product: 'チケット',
  reservation: 'ご予約日時',
  /** The reservation is always in Japan time, whatever the browser's zone. */
  japanTime: '（日本時間）',
  staff: '担当相談員',
  noAssign: '指名なし（担当が決まり次第ご案内します）',
  supportType: 'サポート方法',
  supportTypes: { TEL: '電話', ONLINE: 'オンライン' },
  coupon: 'ご利用クーポン',
  discount: (yen: string) => `${yen}引き`,
  amount: 'お支払い金額（税込）',
} as const
