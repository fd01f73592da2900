// Wording of the ticket menu (product.md §2 /support/menu).
export const menuText = {
  title: 'Menu',
  lead: 'ご相談の時間に合わせてチケットをお選びください。',
  price: '料金（税込）',
  maxMinutes: (m: number) => `最大${m}分までサポート`,
  buy: 'このチケットを購入する',
  examples: '相談例を見る',
  examplesTitle: (name: string) => `${name}の相談例`,
  empty: 'Empty List',
  close: '閉じる',
  /** product.md §2: toast when navigation state has displayToast true ('please select a menu'). */
  selectMenuToast: 'メニューを選択してください',
  freeBlock: {
    title: 'はじめての方へ',
    body: 'はじめての方は、無料の電話相談（問診）をご利用いただけます。ご相談内容をお伺いし、最適なチケットをご案内します。',
  },
  paidBlock: {
    title: '問診チケットについて',
    body: '問診チケットをご購入いただくと、専任の相談員がご相談内容をお伺いし、最適なチケットをご案内します。',
  },
} as const
