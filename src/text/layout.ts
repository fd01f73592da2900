// Header, footer and menu wording (product.md §2 "Header, footer and shared behaviour").
export const headerText = {
  brand: 'マイページ',
  home: 'ホーム',
  supportMenu: 'サポートメニュー',
  purchaseList: 'お支払い履歴',
  settings: 'お客様情報',
  contact: 'お問い合わせ',
  login: 'ログイン',
  logout: 'ログアウト',
  openMenu: 'メニューを開く',
  menuTitle: 'メニュー',
  memberId: '会員ID',
  mainNav: 'メインメニュー',
} as const

export const footerText = {
  copyright: '© mypage',
  contactButton: 'お問い合わせはこちら',
  social: 'SNS',
  sections: {
    staff: '相談員紹介',
    flow: 'ご利用の流れ',
    support: 'サポート内容',
    plans: '料金プラン',
    faq: 'よくあるご質問',
  },
  operator: '運営会社',
  terms: '利用規約',
  privacy: 'プライバシーポリシー',
  commercialLaw: '特定商取引法に基づく表記',
  remoteSupport: '遠隔サポートはこちら',
  footerNav: 'フッターメニュー',
} as const

export const commonText = {
  loading: '読み込み中',
  home: 'ホームへ戻る',
} as const

