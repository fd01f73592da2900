// Error page wording (product.md §2 "Error page codes"). Every known code has a title and a text.
export type ErrorPageText = { title: string; body: string }

const pageNotFound: ErrorPageText = {
  title: 'ページが見つかりません',
  body: 'お探しのページは存在しないか、表示することができません。',
}

export const errorPageText = {
  '400': pageNotFound,
  '401': pageNotFound,
  '404': pageNotFound,
  '500': {
    title: 'システムエラー',
    body: 'システムエラーが発生しました。しばらく時間をおいてから再度お試しください。',
  },
  RESERVATION_TIMEOUT: {
    title: '予約変更の期限が過ぎています',
    body: '予約の変更期限を過ぎているため、変更できません。お手数ですが、お問い合わせフォームよりご連絡ください。',
  },
  // A change link of a booking that cannot change any more (an earlier calendar invite's, a reminder's).
  reservationRefunded: {
    title: 'このご予約は返金済みです',
    body: 'このご予約は返金により取り消されたため、日時を変更することはできません。カレンダーに残っている場合は削除してください。返金の内容はお支払い履歴でご確認いただけます。',
  },
  reservationClosed: {
    title: 'このご予約は変更できません',
    body: 'このご予約はご相談が終わっているか、変更できない状態です。ご予約の状況はホームのチケットでご確認ください。',
  },
  signup: {
    title: '会員登録を完了できませんでした',
    body: 'リンクが正しくないか、仮登録の有効期限が切れています。お手数ですが、最初から会員登録をやり直してください。',
  },
  rating: {
    title: '評価を送信できません',
    body: 'リンクが正しくないか、すでに評価が送信されています。',
  },
  getCoupon: {
    title: 'クーポンを取得できません',
    body: 'リンクが正しくないか、クーポンがすでに取得済み、または有効期限が切れています。',
  },
  emailchange: {
    title: 'メールアドレスを変更できません',
    body: 'リンクが正しくないか、メールアドレス変更の有効期限が切れています。',
  },
} as const satisfies Record<string, ErrorPageText>

export type ErrorCode = keyof typeof errorPageText

export const errorHomeButton = 'ホームへ戻る'

/**
 * Code 401 keeps the spec's "page cannot be shown" text (§2) and says why it most likely happened:
 * the login ended. The page offers login beside home.
 */
export const sessionEndedText = {
  note: 'ログインの有効期限が切れたため、表示できませんでした。お手数ですが、もう一度ログインしてください。',
  loginButton: 'ログインする',
}
