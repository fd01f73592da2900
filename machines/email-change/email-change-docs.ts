import type { FlowDocs } from '../shared/flow-docs'

/** What the email-change chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'メールアドレス変更',
  purpose: '会員が新しいメールアドレスへの変更を申し込み、そのアドレスに届いたリンクで確定する。',
  routes: ['/settings/email-change-request', '/settings/email-change-request-complete', '/settings/email-change-complete'],
  events: {
    'field.change': '新しいメールアドレスを入力',
    'form.submit': '変更を申し込む（確認メールが届く）',
    'link.open': 'メールの確認リンクを開く',
  },
  states: {
    editing: '新しいアドレスを入力中',
    requesting: '変更を申し込み中',
    toRequestComplete: '申し込み完了ページへ',
    toError: 'エラーページへ：500・通信エラーは「システムエラー」、ほかは「ページが見つかりません」',
    confirming: '変更を確定中',
    signingOut: 'ログアウト中',
    confirmed: '変更完了',
    alreadyChanged: '変更済みのお知らせ',
    toLinkError: 'エラーページへ：「メールアドレスを変更できません」',
  },
  guards: {
    isFormValid: '正しいメールアドレスを入力したとき',
    isClientError: 'サーバーが4xxエラーで断ったとき',
    isRateLimited: '申し込みが多すぎたとき（429）',
    isAlreadyCompleted: 'すでに変更済みのとき',
  },
  actors: {
    requestChange: '変更を申し込む',
    completeChange: '変更を確定する',
    signOut: 'ログアウトする',
  },
  shows: {
    'requesting → editing': '429は「短時間に多くのお手続きが…」、4xxは「メールアドレスの形式にあやまりが…」を表示',
  },
}
