import * as v from 'valibot'
import { noControlChars } from '../fields'
import { inDaySpan } from '../ids'
import { formatMessages } from '../validation-messages'
import { deskMessages as dm } from '../desk-messages'

// Pieces every area of the desk's calls shares: strict requests, bounded numbers and texts, paging, days of a filter.

export const strict = <E extends v.ObjectEntries>(entries: E) => v.strictObject(entries, dm.unknownField)

/** A whole number in a query string (GET) or a JSON number. */
export const queryInt = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.maxLength(10, message), v.regex(/^\d+$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  )
export const int = (min: number, max: number, message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message))
export const text = (max: number, required: string, tooLong: string) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong), noControlChars)

export const Version = int(1, 2_147_483_647, dm.versionRequired)
/** Unix seconds (JST is the client's presentation). 2000-01-01 … 2100-01-01. */
export const UnixSeconds = int(946_684_800, 4_102_444_800, dm.timeInvalid)
/** 1-based page; pageSize 1–100 (default 20). */
export const Paging = { page: v.optional(queryInt(1, 100_000, dm.pageInvalid), 1), pageSize: v.optional(queryInt(1, 100, dm.pageSizeInvalid), 20) }
/** A paged list answers its rows and how many there are in all. */
export const paged = <S extends v.GenericSchema>(item: S) => v.object({ items: v.array(item), total: v.number(), page: v.number(), pageSize: v.number() })
/** A day of a filter: `YYYYMMDD` within the span of days (contract/ids.ts DAY_MIN … DAY_MAX). */
export const YmdQuery = v.pipe(v.string(dm.dateInvalid), v.regex(/^\d{8}$/, dm.dateInvalid), v.check(inDaySpan, formatMessages.daySpan))

export const PRICE_MAX = 1_000_000
export const SEARCH_MAX = 100

export const Ok = v.object({ message: v.optional(v.string()) })
