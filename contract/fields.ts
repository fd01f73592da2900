import * as v from 'valibot'
import { fieldMessages as m } from './messages'

// Field rules of spec §5, shared by forms (client) and request validation (server).

export const EMAIL_MAX = 319
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 12
export const NAME_MAX = 25

export const emailField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(m.emailFormat),
  v.maxLength(EMAIL_MAX, m.emailTooLong),
  v.check((s) => !/[\s\u3000]/.test(s), m.emailFormat),
  v.regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, m.emailFormat),
)

/** Half-width alphanumerics and symbols, 6–12 (spec §5). */
export const passwordPattern = /^[\x21-\x7e]{6,12}$/

export const passwordField = v.pipe(
  v.string(),
  v.nonEmpty(m.passwordRequired),
  v.maxLength(PASSWORD_MAX, m.passwordRule),
  v.regex(passwordPattern, m.passwordRule),
)

/** Login only needs both values present (spec §5 "Login"). */
export const loginPasswordField = v.pipe(v.string(), v.nonEmpty(m.passwordRequired))

export const PHONE_MAX = 11

// The max lengths below that repeat a rule's own bound (phone 11, password 12) carry the rule's
// message, so a form shows the same Japanese text as before; they exist so that every string of a
// request has an explicit cap (issue 13, tests/api/attacks/input-limits.test.ts).
export const phoneField = (message: string = m.phoneSignup) =>
  v.pipe(v.string(), v.maxLength(PHONE_MAX, message), v.regex(/^\d{10,11}$/, message))

export const nameField = (requiredMessage: string, tooLongMessage: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(requiredMessage), v.maxLength(NAME_MAX, tooLongMessage))

export const RATING_COMMENT_MAX = 500
export const CONCERN_MAX = 500

// Caps of the free strings and lists of the requests (issue 13): far above what the SPA or a real
// id sends, far below what a body limit allows, so an oversized value is a 400 naming its field.
/** Our own ids and codes: ticket numbers, product, staff, menu and coupon ids (`SUPPORT60-1000`). */
export const ID_MAX = 64
/** Identity-provider uids (Firebase: at most 128). */
export const UID_MAX = 128
/** The payment provider's ids and tokens, our mailed link tokens (Stripe ids stay under 255). */
export const TOKEN_MAX = 255
/** A reCAPTCHA response token (about 500–2,000 characters in practice). */
export const RECAPTCHA_TOKEN_MAX = 4096
/** URLs we are given (a landing page, a return URL). */
export const URL_MAX = 2048
/** Short free labels: a survey answer, a sub-score title, a menu title. */
export const LABEL_MAX = 100
/** The mailed password-reset code is 6 digits; anything much longer is not a code. */
export const AUTH_CODE_MAX = 32
/** spec §5 Rating: four sub-scores. */
export const RATING_DETAIL_MAX = 4
/** Menu items of one purchase: the menus of one length (a handful) with room to spare. */
export const MENU_ITEMS_MAX = 20
/** Survey answers (spec §9: five options). */
export const SURVEY_ANSWERS_MAX = 10
/** A landing-page source passed along from the signup page's query (spec §2). */
export const LP_SOURCE_MAX = 255

/** A string of at most `max` characters (valibot's own message names the limit). */
export const capped = (max: number) => v.pipe(v.string(), v.maxLength(max))

/** A required id of ours / of the providers. */
export const requiredId = v.pipe(v.string(), v.nonEmpty(), v.maxLength(ID_MAX))
export const requiredToken = v.pipe(v.string(), v.nonEmpty(), v.maxLength(TOKEN_MAX))
