import * as v from 'valibot'
import { fieldMessages as m } from './messages'
// Japanese defaults for every rule without a message of its own (set once, here: every registry
// and form imports this file).
import './validation-messages'

// Field rules of spec §5, shared by forms (client) and request validation (server).

export const EMAIL_MAX = 319
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 12
export const NAME_MAX = 25

/**
 * Characters a person cannot see in an address: spaces (ordinary and full-width), controls, format
 * characters (zero-width space and joiners, bidi marks, soft hyphen, BOM) and the other default-
 * ignorable code points (variation selectors, Hangul fillers). Refused rather than dropped: an
 * address that looks like another is a mistake or a trick, never a mailbox (docs/decisions.md,
 * "One mailbox, one member").
 */
/**
 * Control characters (C0, DEL and C1) but tab, line feed and carriage return: NUL cannot be stored
 * in a PostgreSQL text at all, and the others are never typed by a person. Multi-line text keeps
 * its tabs and line breaks.
 */
const CONTROL_CHARS = /(?![\t\n\r])\p{Cc}/u
/** The check of one text field (the forms show it under the field). */
export const noControlChars = v.check((s: string) => !CONTROL_CHARS.test(s), m.controlChars)

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]/u
/** A domain label mixing Latin letters with Cyrillic or Greek ones is the classic look-alike. */
const MIXED_SCRIPT_LABEL = /^(?=.*[a-z])(?=.*[\p{Script=Cyrillic}\p{Script=Greek}]).*$/iu
const ASCII_LOCAL_PART = /^[\x21-\x7e]+$/
const ASCII_HOST = /^(?:[a-z0-9-]+\.)+[a-z0-9-]*[a-z][a-z0-9-]*$/

/**
 * The IDNA (UTS 46) ASCII form of a domain, as node's `url.domainToASCII` and every browser's URL
 * parser compute it, or null when it is no mail domain (URL syntax, an IP literal, no dot).
 */
function domainToAscii(domain: string): string | null {
  // Spaces and controls never get here (INVISIBLE); these would be read as URL syntax.
  if (/["%/:<>?@[\\\]^`{|}#]/.test(domain)) return null
  if (domain.split('.').some((label) => MIXED_SCRIPT_LABEL.test(label))) return null
  let host: string
  try {
    host = new URL(`http://${domain}/`).hostname
  } catch {
    return null
  }
  return ASCII_HOST.test(host) ? host : null
}

/**
 * One mailbox, one spelling (docs/decisions.md, "One mailbox, one member"): NFKC (full-width
 * `ｄｅｍｏ＠ｅｘａｍｐｌｅ．ｃｏｍ` is `demo@example.com`), the local part plain ASCII after it (a
 * Cyrillic `о` is refused, not a second member), the domain through IDNA, all lower case as the
 * identity provider keeps it. Null for what is no address. Uniqueness and the per-e-mail limits
 * count this form, so the server sees one key per mailbox.
 */
export function normalizeEmail(raw: string): string | null {
  const s = raw.trim().normalize('NFKC')
  if (INVISIBLE.test(s)) return null
  const at = s.lastIndexOf('@')
  if (at <= 0 || at === s.length - 1) return null
  const local = s.slice(0, at)
  if (!ASCII_LOCAL_PART.test(local) || local.includes('@')) return null
  const domain = domainToAscii(s.slice(at + 1).toLowerCase())
  return domain ? `${local.toLowerCase()}@${domain}` : null
}

/**
 * spec §5 e-mail, normalised (`normalizeEmail`): the output is the address the server stores,
 * mails and counts; the forms validate with the same schema.
 */
export const emailField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(m.emailFormat),
  v.maxLength(EMAIL_MAX, m.emailTooLong),
  v.check((s) => !INVISIBLE.test(s), m.emailFormat),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const normal = normalizeEmail(dataset.value)
    if (normal === null) {
      addIssue({ message: m.emailFormat })
      return NEVER
    }
    return normal
  }),
  v.maxLength(EMAIL_MAX, m.emailTooLong),
  v.regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, m.emailFormat),
)

/** Half-width alphanumerics and symbols, 6–12 (spec §5). */
export const passwordPattern = new RegExp(`^[\\x21-\\x7e]{${PASSWORD_MIN},${PASSWORD_MAX}}$`)

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
// request has an explicit cap (tests/api/attacks/input-limits.test.ts).
export const phoneField = (message: string = m.phoneSignup) =>
  v.pipe(v.string(), v.maxLength(PHONE_MAX, message), v.regex(/^\d{10,11}$/, message))

export const nameField = (requiredMessage: string, tooLongMessage: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(requiredMessage), v.maxLength(NAME_MAX, tooLongMessage), noControlChars)

export const RATING_COMMENT_MAX = 500
export const CONCERN_MAX = 500

// Caps of the free strings and lists of the requests: far above what the SPA or a real
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



/** Whether any string of a request (keys included, at any depth) holds a control character. */
function hasControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARS.test(value)
  if (depth > 32 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((x) => hasControlChars(x, depth + 1))
  return Object.entries(value).some(([k, x]) => CONTROL_CHARS.test(k) || hasControlChars(x, depth + 1))
}

/**
 * The first check of every request, member and staff alike (server/app.ts, server/http/staff.ts),
 * before the call's own schema: a control character anywhere is a 400 naming it, never a value
 * that reaches the database and fails there.
 */
export const NoControlChars = v.pipe(v.unknown(), v.check((input) => !hasControlChars(input), m.controlChars))

/** A string of at most `max` characters (the default message names the limit), without control characters. */
export const capped = (max: number) => v.pipe(v.string(), v.maxLength(max), noControlChars)

/** A required token of ours / of the providers. */
export const requiredToken = v.pipe(v.string(), v.nonEmpty(), v.maxLength(TOKEN_MAX), noControlChars)
