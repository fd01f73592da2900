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
  v.regex(passwordPattern, m.passwordRule),
)

/** Login only needs both values present (spec §5 "Login"). */
export const loginPasswordField = v.pipe(v.string(), v.nonEmpty(m.passwordRequired))

export const phoneField = (message: string = m.phoneSignup) =>
  v.pipe(v.string(), v.regex(/^\d{10,11}$/, message))

export const nameField = (requiredMessage: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(requiredMessage), v.maxLength(NAME_MAX, requiredMessage))

export const RATING_COMMENT_MAX = 500
export const CONCERN_MAX = 500
