import * as v from 'valibot'
import { ID_MAX, UID_MAX } from './fields'

// The ids a member's calls name (spec §3), branded once at the contract: a handler receives a
// `TicketNumber` or a `MemberId`, never some string, and cannot pass one for the other.

/** A ticket number as a request names it: non-empty, at most ID_MAX characters (prefix M, S, A or T). */
export const TicketNumber = v.pipe(v.string(), v.nonEmpty(), v.maxLength(ID_MAX), v.brand('TicketNumber'))
export type TicketNumber = v.InferOutput<typeof TicketNumber>

/** An optional ticket number (a paging key, the ticket being moved, a tip's parent): may be ''. */
export const TicketNumberKey = v.pipe(v.string(), v.maxLength(ID_MAX), v.brand('TicketNumber'))

/** A member id (also the identity provider's uid), as a request names it. */
export const MemberId = v.pipe(v.string(), v.maxLength(UID_MAX), v.brand('MemberId'))
export type MemberId = v.InferOutput<typeof MemberId>
