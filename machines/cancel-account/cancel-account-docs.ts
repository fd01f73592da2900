import type { FlowDocs } from '../shared/flow-docs'

/** What the cancel-account chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '退会',
  purpose: '未使用のチケットが失われ、すべてのデータが消えることに同意した会員が退会する。',
  routes: ['/settings'],
  events: {
    'consent.toggle': '同意のチェックを付ける・外す',
    'form.submit': '退会を確定',
  },
  states: {
    editing: '同意を確認中',
    cancelling: '退会処理中',
    signingOut: 'ログアウト中',
    toLogin: 'ログインページへ',
    toError: 'エラーページへ',
  },
  guards: {
    hasBothConsents: '2つとも同意済み',
    hasUnusedTickets: '未使用のチケットがある',
  },
  actors: {
    cancelAccount: '退会する',
    signOut: 'ログアウトする',
  },
}
