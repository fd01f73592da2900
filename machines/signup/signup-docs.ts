import type { FlowDocs } from '../shared/flow-docs'

/** What the signup chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '新規会員登録（メール確認つき）',
  purpose: '新しい方が情報を入力し、届いた確認メールのリンクから登録を完了する。',
  routes: ['/signup', '/registeration-temp', '/registeration-complete'],
  events: {
    'field.change': '入力（氏名・電話番号・メールアドレス・パスワード）',
    'field.blur': '入力欄を離れる（エラーを表示）',
    'survey.toggle': '「知ったきっかけ」を選ぶ・外す',
    'password.toggleVisibility': 'パスワードを表示・隠す',
    'password.generate': 'パスワードを自動作成（6桁）',
    'password.copy': 'パスワードをコピー',
    'form.submit': '登録を送信',
    'link.open': 'メールの確認リンクを開く',
    copy: 'コピーを頼む（入力したパスワード）',
  },
  states: {
    form: '登録フォーム',
    'form.editing': '入力中',
    'form.submitting': '登録を送信中',
    'form.toRegistrationTemp': '仮登録ページへ',
    'form.toError': 'エラーページへ：「ページが見つかりません」',
    'form.confirming': '登録を確定中',
    'form.toLoginThanks': 'ログインページへ（登録完了）',
    'form.alreadyRegistered': '登録済みのお知らせ：「会員登録は完了しています」',
    'form.toLinkError': 'エラーページへ：「会員登録を完了できませんでした」',
    'clipboard/idle': 'コピー前',
    'clipboard/copying': 'コピー中',
    'clipboard/copied': 'コピーしました',
  },
  guards: {
    isFormValid: '入力が正しいとき',
    hasPassword: 'パスワードがあるとき',
    isClientError: 'サーバーが4xxエラーで断ったとき',
    isRateLimited: '送信が多すぎたとき（429）',
    isAlreadyCompleted: 'すでに登録済みのとき',
  },
  actors: {
    submitSignup: '仮登録する',
    completeSignup: '登録を確定する',
    clipboard: 'パスワードのコピー',
    copyPassword: 'パスワードをコピーする',
  },
  shows: {
    'form.submitting → form.editing': '429は「短時間に多くのお手続きが…」、4xxは「ご入力いただいたメールアドレスは既に使用…」を表示',
    'clipboard/copying → clipboard/idle': 'メッセージなし',
  },
}
