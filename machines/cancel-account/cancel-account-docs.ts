import type { FlowDocs } from '../shared/flow-docs'

/** What the cancel-account chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '退会',
  purpose: '未使用のサポートチケットがない会員が、ほかの未使用チケットの失効とデータの削除に同意し、最後の確認を経て退会する。',
  routes: ['/settings', '/cancel-complete'],
  events: {
    'consent.toggle': '同意のチェックを付ける・外す',
    'form.submit': '退会するを押す',
    'modal.confirm': '確認で「退会する」',
    'modal.cancel': '確認をやめる',
  },
  states: {
    editing: '同意を確認中',
    confirming: '本当に退会するか確認中',
    cancelling: '退会処理中',
    signingOut: 'ログアウト中',
    toCancelComplete: '退会完了ページへ',
    toError: 'エラーページへ：500・通信エラーは「システムエラー」、ほかは「ページが見つかりません」',
  },
  guards: {
    hasBothConsents: '2つとも同意したとき',
    hasUnusedTickets: '未使用のサポートチケットがあると断られたとき',
  },
  actors: {
    cancelAccount: '退会する',
    signOut: 'ログアウトする',
  },
  shows: {
    'cancelling → editing': '「未使用のサポートチケットがあるため、退会できません」を表示',
  },
}
