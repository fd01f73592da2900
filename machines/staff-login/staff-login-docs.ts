import type { FlowDocs } from '../shared/flow-docs'

/** What the staff-login chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'スタッフログイン',
  purpose: '相談員・運営担当者がスタッフのページにログインする。スタッフの権限がないアカウントはログアウトさせて断る。',
  routes: ['/staff/login'],
  events: {
    'form.change': 'メールアドレス・パスワードを入力',
    'form.submit': 'ログインを送信',
  },
  states: {
    editing: '入力中',
    signingIn: 'ログイン中',
    checkingRole: '権限を確認中',
    signingOut: '権限なし：ログアウト中',
    signedIn: 'スタッフのページへ',
  },
  guards: {
    isFormValid: '入力が正しいとき',
    hasStaffRole: 'スタッフの権限があるとき',
  },
  actors: {
    signIn: 'ログインする',
    readRoles: '権限を読み取る',
    signOut: 'ログアウトする',
  },
  shows: {
    'signingIn → editing': '「ログインに失敗しました。メールアドレスとパスワードを…」を表示',
    'checkingRole → signingOut': '権限がないときは「このアカウントにはスタッフの権限がありません。」、ほかは「ログインに失敗しました。…」を表示',
  },
}
