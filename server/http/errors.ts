import { apiErrors } from '../../contract/messages'
import { requestMessages } from '../../contract/validation-messages'

/** An answer the caller should see as `{ message }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 500,
    message: string,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const notFound = (message = 'Not Found') => new HttpError(404, message)
export const unauthorized = () => new HttpError(401, apiErrors.notLoggedIn)
/** A signed-in caller without the role (or the row) the call needs (docs/server.md "Staff roles"). */
export const forbidden = (message: string) => new HttpError(403, message)
export const conflict = (message: string) => new HttpError(409, message)

/** Server-side error strings of our own (docs/api.md); the spec's are in contract/messages.ts. */
export const serverErrors = {
  ticketNotFound: 'Ticket Not Found.',
  productNotFound: 'Product Not Found.',
  couponNotFound: 'Coupon Not Found.',
  couponAlreadyObtained: 'COUPON_ALREADY_OBTAINED',
  couponExpired: 'COUPON_EXPIRED',
  /** Every place of a coupon with a claim limit is taken (operator's desk). */
  couponClaimLimit: 'COUPON_CLAIM_LIMIT_REACHED',
  ticketNotChangeable: 'TICKET_NOT_CHANGEABLE',
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

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: a number out of an integer column's range, a
 * NUL character in text, an impossible date) can only come from a value the caller sent that the
 * contract let through: it is the caller's 400, not our 500 (found by tests/api/fuzz.test.ts).
 */
export function dataExceptionOf(err: unknown): HttpError | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return badRequest(serverErrors.invalidValue)
  }
  return null
}
