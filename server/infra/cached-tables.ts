import type { PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../db/schema'

/**
 * What a committed write to a table invalidates (docs/decisions.md 90). Every table of the schema
 * has exactly one entry — the type refuses a table left out — and the database handle the
 * services get (server/infra/cache-writes.ts) applies it after the commit, so no writer calls an
 * invalidation by hand.
 *
 * - `member`: the member row cache and the reads of the member the row belongs to (its
 *   `member_id`, read back from the write itself): `caches.memberChanged(memberId)`.
 * - `schedule`: every cached reservation-schedule day: `caches.scheduleChanged()`.
 * - `reads`: every member's cached reads (a row shown to everyone, or to many members):
 *   `caches.readsChanged()`.
 * - none of them: no cache holds anything read from the table; `why` says so.
 */
export type TableEffect = { member?: true; schedule?: true; reads?: true; why: string }

type Schema = typeof schema
type TableName = { [K in keyof Schema]: Schema[K] extends PgTable ? K : never }[keyof Schema]

export const CACHED_TABLES: Record<TableName, TableEffect> = {
  members: { member: true, why: 'the member row cache and user-data MEMBER, charge-data read the row' },
  staff: { schedule: true, reads: true, why: "the schedule lists active consultants with their profile and scores; tickets and charge-data show the consultant's name" },
  staffShifts: { schedule: true, why: 'the schedule reads the shifts of the day' },
  bookings: { schedule: true, why: 'the schedule reads the taken cells of the day' },
  businessHolidays: { schedule: true, reads: true, why: 'the schedule leaves holidays out; user-data BUSSINESS_HOLIDAY lists them for everyone' },
  products: { reads: true, why: 'nowonsale-products answers everyone' },
  reservationMenus: { reads: true, why: 'reservation-menu-list answers everyone' },
  tickets: { member: true, why: "the member's ticket lists, ticket-data, purchase-list and charge-data read their tickets" },
  purchases: { member: true, why: "purchase-list reads the member's purchases" },
  purchaseAttempts: { why: 'read only by charge-attempt, which is not cached; the lease heartbeat writes it every few seconds' },
  ratings: { member: true, why: "a member's own rating; the ticket's rated state and the consultant's averages are written with it (tickets, staff)" },
  coupons: { reads: true, why: "a coupon's name, price and expiry show in every holder's MEMBER_COUPON and purchase-list" },
  memberCoupons: { member: true, why: 'user-data MEMBER_COUPON reads the coupons the member holds' },
  notices: { reads: true, why: 'user-data INFORMATION answers everyone' },
  savedCards: { member: true, why: "charge-data shows the member's saved card" },
  pendingSignups: { why: 'a signup link: no cached read; its completion writes members' },
  passwordResets: { why: 'a reset link: no cached read' },
  emailChanges: { why: 'a change link: no cached read; its completion writes members' },
  sandboxTokens: { why: 'the sandbox payment provider: no cached read' },
  sandboxCharges: { why: 'the sandbox payment provider: no cached read' },
  sandboxRefunds: { why: 'the sandbox payment provider: no cached read' },
  sandboxRateLimits: { why: 'the sandbox payment provider: no cached read' },
  rateLimitWindows: { why: 'rate-limit counters, written on every limited call: no cached read' },
  staffAccounts: { reads: true, why: "staff calls read the account row on every call, without a cache; the event makes every replica's online rooms check their consultants' right again at once (a revoke closes the room, server/http/room-socket.ts)" },
  auditLog: { why: 'the audit trail: no cached read' },
  staffWeeklyPlans: { why: 'plans become staff_shifts rows (declared), which the schedule reads' },
  staffShiftExceptions: { why: 'exceptions become staff_shifts rows (declared), which the schedule reads' },
  staffCalendarFeeds: { why: 'the calendar feed is read on each request, without a cache' },
  mailOutbox: { why: 'the outbox: no cached read' },
  refunds: { member: true, why: "a member's refund; the ticket's refunded state is written with it (tickets)" },
  uploadedImages: { why: 'served by the file calls, without a server cache' },
  reminderSends: { why: 'sent reminders: no cached read' },
  roomPresence: { why: 'who was in an online room: read by the staff views without a cache' },
  roomMessages: { why: "the room relay's log, written and read by the room bus's own connections: no cached read" },
  roomSequences: { why: "the room relay's counters, written by the room bus's own connections: no cached read" },
  receiptIssues: { why: 'a receipt is read by the receipt calls, which count each view: never cached' },
  numbersStaleDays: { why: "数字's bookkeeping of days to summarise again: read by desk-numbers and its job, never cached" },
  numbersDaySales: { why: '数字 summaries: read by desk-numbers without a cache' },
  numbersDayCoupons: { why: '数字 summaries: read by desk-numbers without a cache' },
  numbersDayStaff: { why: '数字 summaries: read by desk-numbers without a cache' },
  numbersDayRatings: { why: '数字 summaries: read by desk-numbers without a cache' },
}

/** The declaration of each table object, for the database handle. */
export const effectOfTable = new Map<PgTable, TableEffect>(
  (Object.keys(CACHED_TABLES) as TableName[]).map((name) => [schema[name] as PgTable, CACHED_TABLES[name]]),
)
