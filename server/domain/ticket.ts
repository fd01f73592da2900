import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { REFUND_TEXT, type TicketLabel } from '../../contract/ticket-rules'
import type { ProductType } from '../../contract/entities'

// A ticket's one state (docs/server.md "A ticket's state", decision 130): what a ticket is now,
// decided here once from the columns that decide it and the time, in TypeScript (`ticketState`)
// and as the one SQL expression every query uses (`ticketStateSql`). Every other reading — the
// staff views' `Consultation.state`, the desk's status, the member card's label, "still live?",
// "awaiting an outcome?" — is a projection of it, so a new state (say, a member pausing a ticket)
// is added here, in both forms, and the property test (tests/unit/ticket-state.test.ts) holds
// them equal over generated rows and instants.

/**
 * The states, named as docs/product.md names them (§4 card labels, §10 the desk's statuses):
 * - `unbooked`: a ticket that is no consultation (yet): an interview, tip or extension, or a SUPPORT
 *   ticket without a date;
 * - `booked` (予約済み): ahead of its start;
 * - `underWay` (相談中): from the start until the end (start + minutes + unrefunded extensions);
 * - `awaitingOutcome` (確認中): over, no outcome, inside the grace period (OUTCOME_GRACE_HOURS);
 * - `outcomeOverdue` (結果未記録（期限超過）): over, no outcome, the grace period past;
 * - `noContact` (ご連絡なし): recorded; still live, 完了 or 未解決 may follow (decision 120);
 * - `completed` (完了), `followUpOwed` (未解決), `followUpDone` (未解決で完了): outcomes recorded;
 * - `refunded` (返金済み): any refund, in part or in full, whatever the status (product.md §4
 *   "Refunds end the reservation");
 * - `cancelled` (取消): the member's account was gone at or before the start, no outcome recorded.
 */
export const TICKET_STATES = [
  'unbooked',
  'booked',
  'underWay',
  'awaitingOutcome',
  'outcomeOverdue',
  'noContact',
  'completed',
  'followUpOwed',
  'followUpDone',
  'refunded',
  'cancelled',
] as const
export type TicketState = (typeof TICKET_STATES)[number]

/** The product's words for each state (the diagram's labels). */
const TICKET_STATE_WORDS: Record<TicketState, string> = {
  unbooked: '未予約',
  booked: '予約済み',
  underWay: '相談中',
  awaitingOutcome: '確認中',
  outcomeOverdue: '結果未記録（期限超過）',
  noContact: 'ご連絡なし',
  completed: '完了',
  followUpOwed: '未解決',
  followUpDone: '未解決で完了',
  refunded: '返金済み',
  cancelled: '取消',
}

/** The columns that decide a ticket's state (a `tickets` row, its extensions' minutes and its member's cancellation). */
export type TicketFacts = {
  productType: ProductType
  reservationAt: Date | null
  minutesToSupport: number
  /** Minutes of the extensions (ADD) bought on it and not refunded: they move the end. */
  extensionMinutes: number
  supportStatus: 'UNSUPPORTED' | 'UNSOLVED' | 'COMPLETED' | 'UNSOLVED_COMPLETED'
  amountRefunded: number
  noContact: boolean
  /** When the member's account was cancelled (members.deleted_at), or null. */
  memberDeletedAt: Date | null
}

/** What the rules read beside the row: the grace period for an outcome (config OUTCOME_GRACE_HOURS). */
type StateRules = { graceHours: number }

/** The consultation's end: start + its minutes + its unrefunded extensions' (docs/server.md "Consultation state"). */
const endOf = (t: Pick<TicketFacts, 'reservationAt' | 'minutesToSupport' | 'extensionMinutes'>): Date | null =>
  t.reservationAt === null ? null : new Date(t.reservationAt.getTime() + (t.minutesToSupport + t.extensionMinutes) * 60_000)

/** The part of the state that no clock moves: set by a write (a refund, an outcome, a cancellation), or null while time decides. */
function settled(t: TicketFacts): TicketState | null {
  if (t.amountRefunded > 0) return 'refunded'
  if (t.supportStatus === 'COMPLETED') return 'completed'
  if (t.supportStatus === 'UNSOLVED') return 'followUpOwed'
  if (t.supportStatus === 'UNSOLVED_COMPLETED') return 'followUpDone'
  if (t.noContact) return 'noContact'
  // The account went at or before the start: its cells were freed then (services/member/cancel-account.ts).
  if (t.memberDeletedAt !== null && t.reservationAt !== null && t.memberDeletedAt.getTime() <= t.reservationAt.getTime()) return 'cancelled'
  if (t.productType !== 'SUPPORT' || t.reservationAt === null) return 'unbooked'
  return null
}

/** A ticket's state at `now` (the SQL twin: `ticketStateSql`). Each boundary belongs to the later state: at the exact start it is under way. */
export function ticketState(t: TicketFacts, now: Date, rules: StateRules): TicketState {
  const fixed = settled(t)
  if (fixed !== null) return fixed
  const at = now.getTime()
  const end = endOf(t)!.getTime()
  if (at < t.reservationAt!.getTime()) return 'booked'
  if (at < end) return 'underWay'
  return at < end + rules.graceHours * 3_600_000 ? 'awaitingOutcome' : 'outcomeOverdue'
}

/**
 * Live: the booking holds its time and its people (its cells, its room, its consultant's day): every
 * state but the two that end a booking. What `Consultation.state` calls `live` (decision 72).
 */
const LIVE_STATES = TICKET_STATES.filter((s) => s !== 'refunded' && s !== 'cancelled')
export const isLive = (s: TicketState): boolean => s !== 'refunded' && s !== 'cancelled'

/** No outcome recorded and no ご連絡なし, booking kept: the consultant owes an outcome once it starts. */
export const OUTCOME_PENDING: readonly TicketState[] = ['booked', 'underWay', 'awaitingOutcome', 'outcomeOverdue']

/** The staff views' coarse state (contract/staff-calls.ts `ConsultationState`): no clock moves it. */
export function consultationState(t: TicketFacts): 'live' | 'refunded' | 'cancelled' {
  const s = settled(t)
  return s === 'refunded' || s === 'cancelled' ? s : 'live'
}

/** The desk's status (contract/desk-calls.ts `DeskBookingStatus`): the product's statuses, refunds first. */
function deskStatus(s: TicketState): 'UNSUPPORTED' | 'COMPLETED' | 'UNSOLVED' | 'UNSOLVED_COMPLETED' | 'NO_CONTACT' | 'REFUNDED' {
  switch (s) {
    case 'refunded':
      return 'REFUNDED'
    case 'noContact':
      return 'NO_CONTACT'
    case 'completed':
      return 'COMPLETED'
    case 'followUpOwed':
      return 'UNSOLVED'
    case 'followUpDone':
      return 'UNSOLVED_COMPLETED'
    default:
      return 'UNSUPPORTED'
  }
}

/**
 * The desk's status of a row (what no clock moves: the status words of 予約 and 今日の状況), and the
 * states each status gathers, for its SQL (`ticketStateIn`).
 */
export const deskStatusOf = (t: Pick<TicketFacts, 'amountRefunded' | 'supportStatus' | 'noContact'>): ReturnType<typeof deskStatus> =>
  deskStatus(settled({ productType: 'SUPPORT', reservationAt: null, minutesToSupport: 0, extensionMinutes: 0, memberDeletedAt: null, ...t }) ?? 'booked')
export const statesOfDeskStatus = (status: ReturnType<typeof deskStatus>): TicketState[] => TICKET_STATES.filter((s) => deskStatus(s) === status)

/**
 * The member card's label (contract/ticket-rules.ts `ticketLabel`) from the state: the card decides
 * it from the member's `Ticket`, and tests/unit/ticket-state.test.ts holds the two equal. The one
 * thing the state does not carry is the original product's refund marker, 未解決で完了 with the
 * follow-up text 返金 (product.md §4 "Card label"), read beside it. A cancelled ticket has no card
 * (its member is gone).
 */
export function cardLabel(s: TicketState, followUpText: string | null): TicketLabel {
  switch (s) {
    case 'refunded':
      return 'refunded'
    case 'completed':
    case 'followUpOwed':
      return 'completed'
    case 'followUpDone':
      return followUpText === REFUND_TEXT ? 'refunded' : 'completed'
    case 'noContact':
    case 'outcomeOverdue':
      return 'noContact'
    case 'awaitingOutcome':
      return 'checking'
    default:
      return 'reserved'
  }
}

/**
 * The transitions (the diagram of docs/server.md "A ticket's state" is drawn from this table by
 * scripts/ticket-states.ts; tests/unit/ticket-state.test.ts checks the doc and that every change
 * the clock makes is one of these). `by`: what moves it, in the product's words.
 */
export const TICKET_TRANSITIONS: readonly { from: TicketState | '[*]'; to: TicketState; by: string }[] = [
  { from: '[*]', to: 'unbooked', by: '購入（日時なし）' },
  { from: '[*]', to: 'booked', by: '購入・予約' },
  { from: 'unbooked', to: 'refunded', by: '返金' },
  { from: 'booked', to: 'booked', by: '日時・担当の変更' },
  { from: 'booked', to: 'underWay', by: '開始時刻' },
  { from: 'booked', to: 'refunded', by: '返金' },
  { from: 'booked', to: 'cancelled', by: '退会' },
  { from: 'underWay', to: 'awaitingOutcome', by: '終了時刻（延長を含む）' },
  { from: 'underWay', to: 'completed', by: '完了を記録' },
  { from: 'underWay', to: 'followUpOwed', by: '未解決を記録' },
  { from: 'underWay', to: 'noContact', by: 'ご連絡なしを記録（開始10分後から）' },
  { from: 'underWay', to: 'refunded', by: '返金' },
  { from: 'awaitingOutcome', to: 'outcomeOverdue', by: '終了から OUTCOME_GRACE_HOURS' },
  { from: 'awaitingOutcome', to: 'completed', by: '完了を記録' },
  { from: 'awaitingOutcome', to: 'followUpOwed', by: '未解決を記録' },
  { from: 'awaitingOutcome', to: 'noContact', by: 'ご連絡なしを記録' },
  { from: 'awaitingOutcome', to: 'refunded', by: '返金' },
  { from: 'outcomeOverdue', to: 'completed', by: '完了を記録' },
  { from: 'outcomeOverdue', to: 'followUpOwed', by: '未解決を記録' },
  { from: 'outcomeOverdue', to: 'noContact', by: 'ご連絡なしを記録' },
  { from: 'outcomeOverdue', to: 'refunded', by: '返金' },
  { from: 'noContact', to: 'completed', by: '完了を記録（会員が遅れて）' },
  { from: 'noContact', to: 'followUpOwed', by: '未解決を記録（会員が遅れて）' },
  { from: 'noContact', to: 'refunded', by: '返金' },
  { from: 'completed', to: 'refunded', by: '返金' },
  { from: 'followUpOwed', to: 'followUpDone', by: '未解決で完了を記録' },
  { from: 'followUpOwed', to: 'refunded', by: '返金' },
  { from: 'followUpDone', to: 'refunded', by: '返金' },
]

/** The Mermaid stateDiagram of the transitions, as docs/server.md shows it. */
export function ticketStateDiagram(): string {
  const lines = ['stateDiagram-v2']
  for (const s of TICKET_STATES) lines.push(`  ${s} : ${TICKET_STATE_WORDS[s]}`)
  for (const t of TICKET_TRANSITIONS) lines.push(`  ${t.from} --> ${t.to} : ${t.by}`)
  lines.push('  refunded --> [*]', '  cancelled --> [*]')
  return lines.join('\n')
}

/**
 * The SQL expressions of the facts, for one table: the columns of `tickets` in a query, or of a
 * scratch table in the property test. The extensions' minutes and the member's cancellation are
 * expressions (correlated subqueries on `tickets`) so a query needs no join for them.
 */
export type TicketFactsSql = { [K in keyof TicketFacts]: SQLWrapper }

const lit = (s: TicketState) => sql.raw(`'${s}'`)

/**
 * `ticketState` as one SQL CASE over `c` at `now` (the same order, the same boundaries: each
 * belongs to the later state). `now` goes in as a timestamptz parameter.
 */
export function ticketStateSql(c: TicketFactsSql, now: Date, rules: StateRules): SQL<TicketState> {
  const at = sql`${now.toISOString()}::timestamptz`
  const end = sql`(${c.reservationAt} + make_interval(mins => (${c.minutesToSupport} + ${c.extensionMinutes})::int))`
  return sql<TicketState>`(case
    when ${c.amountRefunded} > 0 then ${lit('refunded')}
    when ${c.supportStatus} = 'COMPLETED' then ${lit('completed')}
    when ${c.supportStatus} = 'UNSOLVED' then ${lit('followUpOwed')}
    when ${c.supportStatus} = 'UNSOLVED_COMPLETED' then ${lit('followUpDone')}
    when ${c.noContact} then ${lit('noContact')}
    when ${c.memberDeletedAt} is not null and ${c.reservationAt} is not null and ${c.memberDeletedAt} <= ${c.reservationAt} then ${lit('cancelled')}
    when ${c.productType} <> 'SUPPORT' or ${c.reservationAt} is null then ${lit('unbooked')}
    when ${at} < ${c.reservationAt} then ${lit('booked')}
    when ${at} < ${end} then ${lit('underWay')}
    when ${at} < ${end} + make_interval(hours => ${rules.graceHours}::int) then ${lit('awaitingOutcome')}
    else ${lit('outcomeOverdue')} end)`
}

/** The rows whose state at `now` is one of `states` (the WHERE form of `ticketStateSql`). */
export function ticketStateIn(c: TicketFactsSql, states: readonly TicketState[], now: Date, rules: StateRules): SQL {
  return sql`${ticketStateSql(c, now, rules)} in (${sql.join(states.map(lit), sql`, `)})`
}

/** The shared "still live?" predicate (`isLive`) in SQL: neither refunded nor cancelled. */
export const liveSql = (c: TicketFactsSql, now: Date, rules: StateRules): SQL => ticketStateIn(c, LIVE_STATES, now, rules)
