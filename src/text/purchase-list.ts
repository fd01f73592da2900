// Wording of the payment history (spec §2 /purchase-list, §8 empty state, §9 period filter).
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
  coupon: (code: string) => `クーポン ${code} 適用`,
  types: { SUPPORT: 'サポートチケット', INTERVIEW: '問診チケット', TIP: 'チップ', ADD: '延長チケット' },
} as const
