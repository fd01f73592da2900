// Validation and error messages that the schemas themselves return (product.md §5, §8).
// They live in the contract because client forms and the server share the schemas;
// UI-only wording lives in src/text/.
export const fieldMessages = {
  emailTooLong: 'メールアドレスは、319文字以内で入力してください',
  emailFormat: 'メールアドレス形式で入力してください',
  passwordRequired: 'パスワードを入力してください',
  passwordRule: '半角英数字記号・6文字以上12文字以内で入力してください',
  resetPasswordRule: 'パスワードを半角英数記号6文字以上12文字以内で入力してください',
  resetPasswordMismatch: '新しいパスワードと確認用パスワードが一致しません',
  changePasswordMismatch: '新しいパスワードと新しいパスワード（確認）が異なります',
  // The password change asks for the current password first (re-authentication, docs/server.md).
  currentPasswordRequired: '現在のパスワードを入力してください',
  currentPasswordWrong: '現在のパスワードが正しくありません',
  phoneSignup: '半角の数字10桁か11桁で入力してください',
  phoneProfile: '半角の数値10桁か11桁で入力してください',
  lastnameRequired: '姓を入力してください',
  firstnameRequired: '名を入力してください',
  // product.md §5/§9 names max 25: the length has its own message, not the "required" one.
  lastnameTooLong: '姓は25文字以内で入力してください',
  firstnameTooLong: '名は25文字以内で入力してください',
  nameTooLong: '25文字以内で入力してください',
  profileRequired: '入力してください',
  authCodeRequired: '認証コードを入力してください',
  ratingCommentTooLong: '500文字以内で入力してください。',
  /** Any text field: NUL and the other control characters (tab and line breaks are kept). */
  controlChars: '制御文字（NULなど）は入力できません',
} as const

/**
 * Why a booking cannot be changed (ticket-data CHANGE_RESERVATION and update-resevation-date, 400
 * `{ message }`): refunded, or otherwise over (consulted, ご連絡なし, not a booking). The change
 * page's old links (a calendar invite's, a reminder's) read them to say which, in Japanese
 * (src/text/error.ts `reservationRefunded`, `reservationClosed`), instead of "page not found".
 */
export const changeRefusalMessages = {
  refunded: 'TICKET_REFUNDED',
  notChangeable: 'TICKET_NOT_CHANGEABLE',
} as const

/**
 * The "no call came" report's refusals (docs/decisions.md 86), answered 409 `{ message }` and shown
 * as they are; keyed by contract/ticket-rules.ts `noCallReportRefusal`.
 */
export const noCallReportMessages = {
  reported: 'このご予約については、すでにご報告を受け付けています。',
  notOpen: 'このご予約はご報告の対象ではありません。',
  notOver: 'ご予約の時間が終わってからご報告ください。',
  tooLate: 'ご報告はご予約の終了から24時間以内にお願いいたします。お手数ですが、サポート窓口までお電話ください。',
} as const

/** Error strings of the spec's catalogue, returned by the server in `{ message }`. */
export const apiErrors = {
  notLoggedIn: 'User is not logged in',
  reservationTimeout: 'RESERVATION_TIMEOUT',
  staffDeny: 'STAFF_DENY',
  staffAssignDeny: 'STAFF_ASSING_DENY',
  denyCoupon: 'DENY_COUPON',
  unusedTickets: 'UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE',
  minutesToSupportNone: 'minutesToSupport None',
  staffNotFound: 'Staff Not Found.',
} as const

/**
 * Answers of `charge` about its Idempotency-Key: the first is Stripe's own wording for
 * a key re-sent with other parameters (409).
 */
export const chargeMessages = {
  idempotencyKeyReused: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  attemptInProgress: 'A request with this Idempotency-Key is still in progress; retry later.',
  attemptSuperseded: 'This purchase attempt was resumed by another request with the same Idempotency-Key.',
  attemptAbandoned: 'This purchase attempt was abandoned before it was charged; send it again.',
} as const
