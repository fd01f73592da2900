import type { FlowDocs } from '../shared/flow-docs'

/** What the password-change chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'パスワード変更',
  purpose: 'ログイン中の会員が現在のパスワードで本人確認をしてから新しいパスワードを設定し、ログアウトして新しいパスワードでログインし直す。',
  routes: ['/settings/password-change', '/settings/password-change-complete'],
  events: {
    'field.change': '現在のパスワード・新しいパスワード・確認を入力',
    'field.blur': '入力欄を離れる（エラーを表示）',
    'form.submit': '変更を送信',
  },
  states: {
    editing: 'パスワードを入力中',
    reauthenticating: '現在のパスワードで本人確認中',
    changing: 'パスワードを変更中',
    signingOut: 'ログアウト中',
    toComplete: '変更完了ページへ',
    toError: 'エラーページへ：500・通信エラーは「システムエラー」、ほかは「ページが見つかりません」',
  },
  guards: {
    isFormValid: '入力が正しいとき',
    isWrongPassword: '現在のパスワードが違うとき',
    isClientError: 'サーバーが4xxエラーで断ったとき',
  },
  actors: {
    reauthenticate: '現在のパスワードで本人確認する（認証サービス）',
    changePassword: 'パスワードを変更する',
    signOut: 'ログアウトする',
  },
  shows: {
    'reauthenticating → editing': 'パスワードが違うときは「現在のパスワードが正しくありません」、ほかは「現在のパスワードを確認できませんでした。…」を表示',
    'changing → editing': '「パスワード変更ができません。時間をおいて再度お試しください。」を表示',
  },
}
