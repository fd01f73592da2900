import { PASSWORD_MAX } from '../../contract/fields'

// Input normalisers of the account forms (product.md §5). They run in the view as the member types,
// before the value reaches a chart; the charts then validate with the contract's field rules.

export const PHONE_MAX_DIGITS = 11

/** Full-width ASCII (！ … ～, U+FF01–U+FF5E) to its half-width twin; the ideographic space to a space. */
export function toHalfWidth(input: string): string {
  return input
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
}

/** product.md §5 Phone: input normalised to half-width digits (anything else dropped), at most 11. */
export function normalizePhone(input: string): string {
  return toHalfWidth(input).replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS)
}

/**
 * product.md §5 Password (signup): full-width converted, Japanese characters (and anything else that is
 * not a half-width alphanumeric or symbol, spaces included) stripped, cut to 12.
 */
export function normalizePassword(input: string): string {
  return toHalfWidth(input).replace(/[^\x21-\x7e]/g, '').slice(0, PASSWORD_MAX)
}

export const GENERATED_PASSWORD_MIN = 100000
export const GENERATED_PASSWORD_MAX = 999999

/** product.md §9: the auto-generated password is 6 digits, 100000–999999. `random` returns [0, 1). */
export function generatePassword(random: () => number = Math.random): string {
  const span = GENERATED_PASSWORD_MAX - GENERATED_PASSWORD_MIN + 1
  const n = GENERATED_PASSWORD_MIN + Math.min(span - 1, Math.floor(random() * span))
  return String(n)
}

/** Common Japanese and global mail providers for the domain drop-down. */
export const emailDomains = [
  'gmail.com',
  'yahoo.co.jp',
  'icloud.com',
  'outlook.jp',
  'outlook.com',
  'hotmail.co.jp',
  'hotmail.com',
  'live.jp',
  'docomo.ne.jp',
  'ezweb.ne.jp',
  'au.com',
  'softbank.ne.jp',
  'i.softbank.jp',
  'ymobile.ne.jp',
  'nifty.com',
  'biglobe.ne.jp',
  'ocn.ne.jp',
  'me.com',
  'yahoo.com',
] as const

/** Domains starting with what was typed after the `@` (case-insensitive); all of them when empty. */
export function suggestDomains(typed: string, limit = 8): string[] {
  const prefix = typed.trim().toLowerCase()
  return emailDomains.filter((d) => d.startsWith(prefix) && d !== prefix).slice(0, limit)
}

/**
 * The e-mail's two inputs (split at `@`): a value pasted or typed with an `@` into the local
 * part moves what follows into the domain.
 */
export function splitEmail(local: string, domain: string): { local: string; domain: string } {
  const at = local.indexOf('@')
  if (at < 0) return { local, domain }
  return { local: local.slice(0, at), domain: local.slice(at + 1) || domain }
}

export function joinEmail(local: string, domain: string): string {
  return local === '' && domain === '' ? '' : `${local}@${domain}`
}
