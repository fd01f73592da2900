import type { FlowDocs } from '../shared/flow-docs'

/** What the auth chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'ログイン・ログアウト',
  purpose: '会員がログインしているかを知り、ログイン（reCAPTCHA 確認つきのログイン、認証、会員情報の読み込み）とログアウトを行い、求めたページへ戻す。',
  routes: ['/login', 'ログインが必要なすべてのページ（/login?redirect=… へ）'],
  events: {
    'identity.changed': '認証の状態が変わる（ログイン・強制ログアウト）',
    'form.change': 'メールアドレス・パスワードを入力',
    'form.submit': 'ログインを押す',
    'logout.request': 'ログアウトを選ぶ',
    'logout.confirm': 'ログアウトを確定',
    'logout.cancel': 'ログアウト確認を閉じる',
    'session.end': 'セッションを終える（登録完了後）',
    'member.updated': 'お客様情報を保存した（氏名・電話番号）',
  },
  states: {
    unknown: '確認前',
    restoring: 'ログイン状態を確認中',
    signedOut: '未ログイン',
    'signedOut.idle': 'ログイン画面',
    'signedOut.callingLogin': 'ログインを確認中',
    'signedOut.signingIn': '認証中',
    'signedOut.loadingMember': '会員情報を読み込み中',
    'signedOut.discardingSignIn': '認証を取り消し中',
    signedIn: 'ログイン中',
    'signedIn.active': '利用中',
    'signedIn.confirmingLogout': 'ログアウトの確認',
    signingOut: 'ログアウト中',
    endingSession: 'セッションを終了中',
  },
  guards: {
    isFormValid: 'メールアドレスとパスワードを両方入力したとき',
    hasUser: 'ログイン中の会員がいるとき',
    hasNoUser: 'ログインしていないとき',
  },
  actors: {
    watchIdentity: '認証の状態を見守る',
    callLogin: 'ログインを確認する',
    signIn: '認証する',
    loadMember: '会員情報を読み込む',
    signOut: 'ログアウトする',
  },
  shows: {
    'restoring → signedOut.discardingSignIn': 'メッセージなし',
    'signedOut.callingLogin → signedOut.idle': '「ログインに失敗しました」を表示',
    'signedOut.signingIn → signedOut.idle': '「ログインに失敗しました」を表示',
    'signedOut.loadingMember → signedOut.discardingSignIn': '「ログインに失敗しました」を表示',
  },
}
