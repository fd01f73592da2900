/**
 * Japan wall clock (docs/product.md §1: business time is Asia/Tokyo, UTC+9 without daylight
 * saving) to and from what date and datetime-local inputs hold, whatever the browser's own zone.
 * NaN for a text that is not a date: the contract's schemas then refuse it with their message.
 */

const JST_OFFSET_S = 9 * 60 * 60

/** `YYYY-MM-DDTHH:mm` (Japan) → unix seconds. */
export function jstLocalToUnix(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text)
  if (!m) return NaN
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]) / 1000 - JST_OFFSET_S
}

/** `YYYY-MM-DD` (Japan) → the last second of that day, unix seconds. */
export function jstDayEndToUnix(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!m) return NaN
  return Date.UTC(+m[1], +m[2] - 1, +m[3], 23, 59, 59) / 1000 - JST_OFFSET_S
}

const iso = (unix: number) => new Date((unix + JST_OFFSET_S) * 1000).toISOString()

/** unix seconds → `YYYY-MM-DDTHH:mm` (Japan). */
export const unixToJstLocal = (unix: number): string => iso(unix).slice(0, 16)

/** unix seconds → `YYYY-MM-DD` (Japan). */
export const unixToJstDay = (unix: number): string => iso(unix).slice(0, 10)

/** A typed whole number: full-width digits (an IME's) and thousands separators read; NaN otherwise. */
export function typedWholeNumber(text: string): number {
  const half = text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[,，\s]/g, '')
  return /^\d+$/.test(half) ? Number(half) : NaN
}
