import type { FlowDocs } from '../shared/flow-docs'

/** What the password-reset chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'パスワード再設定',
  purpose: 'パスワードを忘れた会員が、メールで届く認証コードを使って新しいパスワードを設定する。',
  routes: ['/password-reset-request', '/password-reset', '/password-reset-complete'],
  events: {
    'field.change': '入力（メール・認証コード・新しいパスワード・確認）',
    'field.blur': '入力欄を離れる（エラーを表示）',
    'form.submit': '送信（コードを頼む／新しいパスワードを設定）',
    'code.open': '認証コードのページを開く',
  },
  states: {
    requesting: '認証コードを頼む',
    'requesting.editing': 'メールアドレスを入力中',
    'requesting.submitting': 'コードの送信を依頼中',
    resetting: '新しいパスワードの設定',
    'resetting.editing': 'コードとパスワードを入力中',
    'resetting.submitting': 'パスワードを設定中',
    toComplete: '再設定完了ページへ',
    toError: 'エラーページへ：500・通信エラーは「システムエラー」、ほかは「ページが見つかりません」',
  },
  guards: {
    isRequestValid: '正しいメールアドレスを入力したとき',
    isResetValid: 'コードとパスワードが正しいとき',
    isClientError: 'サーバーが4xxエラーで断ったとき',
    isRateLimited: '依頼が多すぎたとき（429）',
  },
  actors: {
    requestCode: '認証コードを頼む',
    resetPassword: 'パスワードを再設定する',
  },
  shows: {
    'requesting.submitting → requesting.editing': '429は「短時間に多くのお手続きが…」、4xxは「メンバーが見つかりません」を表示',
    'resetting.submitting → resetting.editing': '429は「短時間に多くのお手続きが…」、4xxは「パスワード再発行ができません。…」を表示',
  },
}
