import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import { members, tickets } from '../../db/schema'
import { likePrefix } from './common'

// How the desk finds a member from what an operator types (docs/product.md §10 "Finding members"):
// the same reading for the member search (desk-members) and the booking search (desk-bookings).
//
// Signup stores 姓 and 名 as typed (there is no kana field), so a name is matched on a folded key
// of 姓名: NFKC (full-width letters and digits become half-width, half-width katakana full-width),
// whitespace removed (「姓 名」, 「姓（全角空白）名」 and 「姓名」 are one), A–Z lower-cased, and hiragana
// turned into katakana (「やまだ」 finds 「ヤマダ」 and the other way). The database computes the
// same key with normalize(…, NFKC), regexp_replace, lower and translate, so no second copy of the
// name is kept. A LIKE '%…%' on an expression uses no b-tree index: the search is paged, and the
// index it would use is named in docs/server.md "Operator's desk".

type By = DeskCallInput<'desk-members'>['by']

const HIRAGANA = Array.from({ length: 0x3096 - 0x3041 + 1 }, (_, i) => String.fromCodePoint(0x3041 + i)).join('') + 'ゝゞ'
const KATAKANA = Array.from({ length: 0x30f6 - 0x30a1 + 1 }, (_, i) => String.fromCodePoint(0x30a1 + i)).join('') + 'ヽヾ'

/** The folded key of a name as the operator typed it (the same fold as `nameKeySql`). */
export function nameKey(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/\s+/gu, '')
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[\u3041-\u3096\u309d\u309e]/g, (c) => KATAKANA[HIRAGANA.indexOf(c)])
}

/** The folded key of a member's 姓名 in SQL (`nameKey` computed by the database). */
const nameKeySql = sql`translate(lower(regexp_replace(normalize(${members.memberLastname} || ${members.memberFirstname}, NFKC), '[[:space:]]+', '', 'g')), ${HIRAGANA}, ${KATAKANA})`

/** `%` and `_` typed by the operator match themselves. */
const likeAnywhere = (s: string) => `%${likePrefix(s)}`

const live = isNull(members.deletedAt)

/**
 * The members `query` names, read as `by` says. Personal data (name, e-mail, phone) finds only
 * members who have not cancelled: a cancelled member's row keeps none (docs/server.md "Records
 * kept"); a member id or a ticket number still finds them. `ticket` is how a ticket number matches
 * where the rows searched are tickets rather than members.
 */
export function memberMatch(query: string, by: By, ticket: (q: string) => SQL = byTicketOwner): SQL {
  const q = query.trim()
  const digits = q.replace(/[-\s（）()]/g, '')
  const key = nameKey(q)
  const byName = key ? and(live, sql`${nameKeySql} like ${likeAnywhere(key)}`)! : sql`false`
  const byEmail = and(live, ilike(members.email, likePrefix(q.toLowerCase())))!
  const byPhone = and(live, eq(members.phoneNumber, digits))!
  const byId = eq(members.memberId, q)
  const byTicket = ticket(q)
  switch (by) {
    case 'NAME':
      return byName
    case 'EMAIL':
      return byEmail
    case 'PHONE':
      return byPhone
    case 'MEMBER_ID':
      return byId
    case 'TICKET':
      return byTicket
    default:
      if (q.includes('@')) return byEmail
      if (/^\d{10,11}$/.test(digits)) return byPhone
      // An operator who types 「tanaka.h」 means the start of an address as often as a name
      // (docs/product.md "Finding members"): text an address can start with is read as one too.
      return EMAIL_START.test(q) ? or(byId, byTicket, byName, byEmail)! : or(byId, byTicket, byName)!
  }
}

/** What the start of an e-mail address can be without its 「@」: ASCII letters, digits and . _ + - (no space, no wildcard). */
const EMAIL_START = /^[A-Za-z0-9._+-]+$/

/** The member who holds ticket `q`. */
export const byTicketOwner = (q: string): SQL => inArray(members.memberId, sql`(select ${tickets.memberId} from ${tickets} where ${tickets.ticketNumber} = ${q})`)
