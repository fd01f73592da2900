import { apiErrors, changeRefusalMessages } from '../../contract/messages'
import { requestMessages } from '../../contract/validation-messages'

/**
 * What went wrong, in the domain's words. Services and domain rules throw these; server/http alone
 * turns a kind into a status and the error into the `{ message }` body the client shows
 * (docs/server.md "Errors", decision 74). The message is the exact text the client receives.
 */
export type DomainErrorKind =
  /** The caller's input or request breaks a rule (400). */
  | 'invalid'
  /** No signed-in caller (401). */
  | 'unauthenticated'
  /** The payment provider declined (402). */
  | 'declined'
  /** Signed in, but without the role or the row the call needs (403). */
  | 'forbidden'
  /** The thing named does not exist, or is not the caller's to see (404). */
  | 'notFound'
  /** The thing exists but its state refuses this (taken, already done, in progress) (409). */
  | 'conflict'
  /** Too many attempts for now (429). */
  | 'throttled'

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message)
  }
}

export const invalid = (message: string) => new DomainError('invalid', message)
export const notFound = (message = 'Not Found') => new DomainError('notFound', message)
export const unauthenticated = () => new DomainError('unauthenticated', apiErrors.notLoggedIn)
/** A signed-in caller without the role (or the row) the call needs (docs/server.md "Staff roles"). */
export const forbidden = (message: string) => new DomainError('forbidden', message)
export const conflict = (message: string) => new DomainError('conflict', message)
export const declined = (message: string) => new DomainError('declined', message)
export const throttled = (message: string) => new DomainError('throttled', message)

/**
 * The payment adapters answer a refusal with the status it stands for (server/adapters/payment.ts);
 * this names it as a domain error.
 */
export function paymentRefusal(r: { status: 402 | 409 | 429; message: string }): DomainError {
  return new DomainError(r.status === 429 ? 'throttled' : r.status === 409 ? 'conflict' : 'declined', r.message)
}

/**
 * The status each kind answers with. server/http maps by it; a purchase attempt's failure record
 * (purchase_attempts.error) keeps the status its caller was answered, so it reads it here too.
 */
export const statusOfKind = {
  invalid: 400,
  unauthenticated: 401,
  declined: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  throttled: 429,
} as const satisfies Record<DomainErrorKind, number>

/** Server-side error strings of our own (docs/api.md); the spec's are in contract/messages.ts. */
export const serverErrors = {
  ticketNotFound: 'Ticket Not Found.',
  productNotFound: 'Product Not Found.',
  couponNotFound: 'Coupon Not Found.',
  couponAlreadyObtained: 'COUPON_ALREADY_OBTAINED',
  couponExpired: 'COUPON_EXPIRED',
  /** Every place of a coupon with a claim limit is taken (operator's desk). */
  couponClaimLimit: 'COUPON_CLAIM_LIMIT_REACHED',
  ticketNotChangeable: changeRefusalMessages.notChangeable,
  ratingNotAvailable: 'RATING_NOT_AVAILABLE',
  alreadyRated: 'ALREADY_RATED',
  tipProductNotFound: 'TIP_PRODUCT_NOT_FOUND',
  captchaFailed: 'RECAPTCHA_FAILED',
  emailAlreadyUsed: 'EMAIL_ALREADY_USED',
  signupLinkInvalid: 'SIGNUP_LINK_INVALID',
  emailChangeLinkInvalid: 'EMAIL_CHANGE_LINK_INVALID',
  memberNotFound: 'Member Not Found.',
  authCodeInvalid: 'AUTH_CODE_INVALID',
  /** password-change: the token's sign-in is older than a few minutes (the client re-authenticates first). */
  reauthenticationRequired: 'REAUTHENTICATION_REQUIRED',
  idempotencyKeyRequired: requestMessages.idempotencyKeyRequired,
  paymentMethodRequired: 'PAYMENT_METHOD_REQUIRED',
  cardNotFound: 'CARD_NOT_FOUND',
  tokenNotFound: 'TOKEN_NOT_FOUND',
  threeDSecureRequired: 'THREE_D_SECURE_REQUIRED',
  threeDSecureFailed: 'THREE_D_SECURE_FAILED',
  cardDeclined: 'CARD_DECLINED',
  rateLimited: 'RATE_LIMITED',
  parentTicketRequired: 'PARENT_TICKET_REQUIRED',
  /** ADD and TIP belong to one of the member's own SUPPORT tickets, not refunded. */
  parentTicketInvalid: 'PARENT_TICKET_INVALID',
  alreadyTipped: 'ALREADY_TIPPED',
  /** product.md §4: the free interview ticket is given once. */
  interviewNotAvailable: 'INTERVIEW_NOT_AVAILABLE',
  /** reservationMenuList items must be the reservation-menu-list of the product's minutes. */
  menuInvalid: 'RESERVATION_MENU_INVALID',
  /** A card token pays once (or is saved once as a card). */
  tokenUsed: 'TOKEN_ALREADY_USED',
  reservationTimeInvalid: 'RESERVATION_TIME_INVALID',
  minutesMismatch: 'MINUTES_MISMATCH',
  periodOutOfRange: 'PERIOD_OUT_OF_RANGE',
  invalidJson: requestMessages.invalidJson,
  invalidValue: requestMessages.invalidValue,
} as const
