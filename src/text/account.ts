// Japanese wording of the account flows (product.md §2 signup, reset, settings; §8 messages copied exactly).
// Field validation messages come from contract/messages.ts (shared with the server).

export const accountCommon = {
  required: '必須',
  submitting: '送信中…',
  toLogin: 'ログイン画面へ',
  toSettings: 'お客様情報へ戻る',
  toHome: 'ホームへ戻る',
  showPassword: 'パスワードを表示',
  hidePassword: 'パスワードを隠す',
  contactHint: '解決しない場合は、お問い合わせフォームよりお問い合わせください。',
  /** HTTP 429 of the account calls: the same words as the server's message. */
  rateLimited: '短時間に多くのお手続きがありました。お手数ですが、しばらく時間をおいてから再度お試しください。',
} as const

export const signupText = {
  title: '新規会員登録',
  lead: '以下の項目を入力して、仮登録メールを受け取ってください。',
  lastname: '姓',
  firstname: '名',
  lastnamePlaceholder: '山田',
  firstnamePlaceholder: '太郎',
  phone: '電話番号',
  phonePlaceholder: '09012345678',
  phoneHint: 'ハイフンなしの半角数字10桁か11桁',
  email: 'メールアドレス',
  emailLocal: 'メールアドレス（@より前）',
  emailDomain: 'メールアドレス（@より後ろ）',
  emailDomainPlaceholder: 'gmail.com',
  domainSuggestions: 'ドメインの候補',
  password: 'パスワード',
  passwordHint: '半角英数字記号6文字以上12文字以内',
  copyPassword: 'パスワードをコピー',
  copied: 'コピーしました',
  generatePassword: 'パスワードを自動生成',
  survey: 'どこで当サービスを知りましたか？（複数選択可）',
  surveyOptions: ['SNS', 'インターネット検索', 'LINE広告', '知人からの紹介', 'その他'],
  termsBefore: '',
  termsLink: '利用規約',
  termsAfter: 'に同意のうえ、登録してください。',
  submit: '利用規約に同意して登録する',
  /** product.md §8: any 4xx of signup-request. */
  emailInUse: 'ご入力いただいたメールアドレスは既に使用されています。',
  haveAccount: 'すでに会員の方は',
  login: 'ログインはこちら',
} as const

export const registrationStepsText = {
  label: '会員登録の手順',
  steps: ['情報入力', 'メール送信', 'メール確認', '登録完了'],
  current: '現在のステップ',
} as const

export const registrationTempText = {
  title: '仮登録が完了しました',
  body: 'ご入力いただいたメールアドレスに、会員登録を完了するためのメールをお送りしました。メールに記載されたリンクを24時間以内に開いて、登録を完了してください。',
  spam: 'メールが届かない場合は、迷惑メールフォルダもご確認ください。',
  // The address the mail went to, a resend, and what to do when nothing arrives.
  sentTo: '送信先のメールアドレス',
  resend: '確認メールを再送する',
  resent: '確認メールを再送しました。',
  resendFailed: '確認メールを再送できませんでした。お手数ですが、もう一度ご登録ください。',
  notArrivedTitle: 'メールが届かない場合',
  notArrivedBody: '迷惑メールフォルダをご確認ください。メールアドレスに誤りがあった場合や、しばらく待っても届かない場合は、お手数ですが、もう一度ご登録ください。',
  signupAgain: '登録をやり直す',
} as const

export const registrationCompleteText = {
  title: '会員登録を完了しています',
  busy: '登録を完了しています…',
  /** The link was opened before (a reload, a second click, another browser). */
  alreadyTitle: '会員登録は完了しています',
  alreadyBody: 'このリンクからの会員登録は、すでに完了しております。ご登録のメールアドレスとパスワードでログインしてご利用ください。',
} as const

export const passwordResetText = {
  requestTitle: 'パスワード再設定',
  requestLead: 'ご登録のメールアドレスを入力してください。パスワード再設定用の認証コードをお送りします。',
  email: 'メールアドレス',
  requestSubmit: '認証コードを送信する',
  /** product.md §8: reset request 4xx. */
  memberNotFound: 'メンバーが見つかりません',
  resetTitle: '新しいパスワードの設定',
  resetLead: 'メールでお送りした認証コードと、新しいパスワードを入力してください。',
  authCode: '認証コード',
  newPassword: '新しいパスワード',
  newPasswordConfirm: '新しいパスワード（確認）',
  resetSubmit: 'パスワードを再設定する',
  /** product.md §8: reset 4xx (the spec gives the opening words; the contact hint follows). */
  resetFailed: 'パスワード再発行ができません。認証コードとメールアドレスをご確認のうえ、再度お試しください。',
  completeTitle: 'パスワードの再設定が完了しました',
  completeBody: '新しいパスワードでログインしてください。',
} as const

export const settingsText = {
  title: 'お客様情報',
  memberId: '会員ID',
  lastname: '姓',
  firstname: '名',
  phone: '電話番号',
  email: 'メールアドレス',
  emailChange: 'メールアドレスを変更する',
  password: 'パスワード',
  passwordChange: 'パスワードを変更する',
  save: '変更を保存する',
  /** product.md §8: profile update success. */
  saved: 'お客様情報を変更いたしました',
  /** product.md §8: profile update 4xx — both names at most 25 characters. */
  namesTooLong: '姓・名はそれぞれ25文字以内で入力してください',
} as const

export const cancelAccountText = {
  title: '退会',
  // The consent matches the rule of product.md §8 — unused support tickets block the
  // cancellation (they are not forfeited); the other tickets still held are.
  lead: '退会すると、会員情報とご利用履歴はすべて削除され、元に戻すことはできません。未使用のサポートチケット（ご相談がまだお済みでないもの）をお持ちの間は、退会できません。',
  ticketsForfeited: 'サポートチケット以外の未使用のチケット（問診チケット・延長チケット）は、返金されずに失効することに同意します',
  dataDeleted: 'すべてのデータが削除されることに同意します',
  submit: '退会する',
  /** product.md §8: cancel-account 4xx UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE. */
  unusedTickets: '未使用のサポートチケットがあるため、退会できません',
  /** The last question before the call. */
  confirmTitle: '本当に退会しますか？',
  confirmBody: '退会すると、会員情報とご利用履歴はすべて削除され、元に戻すことはできません。',
  confirmCancel: 'キャンセル',
  confirmSubmit: '退会を確定する',
  confirmBusy: '退会処理中',
} as const

/** After a cancellation: signed out, on a public page. */
export const cancelCompleteText = {
  title: '退会しました',
  body: '退会の手続きが完了しました。これまでご利用いただき、誠にありがとうございました。',
  login: 'ログインページへ',
} as const

export const emailChangeText = {
  title: 'メールアドレス変更',
  lead: '新しいメールアドレスを入力してください。確認用のリンクをお送りします。',
  current: '現在のメールアドレス',
  email: '新しいメールアドレス',
  submit: '確認メールを送信する',
  /** product.md §8: e-mail change 4xx. */
  rejected: 'メールアドレスの形式にあやまりがあるか既に登録済のメールアドレスです。',
  requestCompleteTitle: '確認メールを送信しました',
  requestCompleteBody: '新しいメールアドレスに確認メールをお送りしました。メールに記載されたリンクを24時間以内に開いて、変更を完了してください。',
  spam: 'メールが届かない場合は、迷惑メールフォルダもご確認ください。',
  completeTitle: 'メールアドレスの変更が完了しました',
  completeBody: '新しいメールアドレスでログインしてください。',
  confirming: 'メールアドレスを変更しています…',
  /** The link was opened before and the address is in use. */
  alreadyTitle: 'メールアドレスの変更は完了しています',
  alreadyBody: 'このリンクによるメールアドレスの変更は、すでに完了しております。ログインの際は新しいメールアドレスをご利用ください。',
} as const

export const passwordChangeText = {
  title: 'パスワード変更',
  lead: '本人確認のため現在のパスワードと、新しいパスワードを入力してください。変更後はログアウトしますので、新しいパスワードで再度ログインしてください。',
  currentPassword: '現在のパスワード',
  /** Re-authentication failed for another reason than the password (network, too many tries). */
  reauthFailed: '現在のパスワードを確認できませんでした。時間をおいて再度お試しください。',
  newPassword: '新しいパスワード',
  newPasswordConfirm: '新しいパスワード（確認）',
  submit: 'パスワードを変更する',
  /** product.md §8: password change 4xx (the spec gives the opening words). */
  rejected: 'パスワード変更ができません。時間をおいて再度お試しください。',
  completeTitle: 'パスワードの変更が完了しました',
  completeBody: '新しいパスワードで再度ログインしてください。',
} as const
