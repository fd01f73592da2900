// Japanese wording of the login page (product.md §2 /login, §8 login failure).
export const loginText = {
  title: 'ログイン',
  emailLabel: 'メールアドレス',
  emailPlaceholder: 'example@example.com',
  passwordLabel: 'パスワード',
  submit: 'ログイン',
  submitting: 'ログイン中…',
  /** product.md §8: login failure (server or identity provider). */
  failed: 'ログインに失敗しました',
  forgotPassword: 'パスワードをお忘れの方はこちら',
  noAccount: 'まだ会員登録がお済みでない方',
  signup: '新規会員登録はこちら',
  /** /login on the way from a coupon link (/get-coupon): what happens to the coupon. */
  couponTitle: 'ログイン後にクーポンを取得します',
  couponBody: 'まだ会員登録がお済みでない方は、新規会員登録のあと、はじめてのログインでクーポンを取得します。',
} as const

export const signupThanksText = {
  title: 'ご登録ありがとうございます',
  body: '会員登録が完了しました。ご登録いただいたメールアドレスとパスワードでログインしてください。',
  close: '閉じる',
} as const

export const logoutText = {
  title: 'ログアウト',
  body: 'ログアウトしてもよろしいですか？',
  confirm: 'ログアウトする',
  cancel: 'キャンセル',
} as const
