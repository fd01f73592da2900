import type { StaffId } from '../../../contract/staff-calls'
import type { LocalDate } from '@js-joda/core'
import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { heldBookingsJoiner, staffMessages as sm } from '../../../contract/staff-messages'
import type { Db, Tx } from '../../db/client'
import { bookings, businessHolidays, staff, staffShiftExceptions, staffShifts, staffWeeklyPlans } from '../../db/schema'
import { BOOKING_WINDOW_DAYS, CELL_MINUTES, atJst, formatYmd, parseYmd, todayJst, toZoned } from '../../domain/time'
import { invalid, conflict, notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import { writeAudit, type AuditActor } from '../../infra/audit'

// Shifts (docs/server.md "Shifts and holidays"). What the member's grid reads is staff_shifts: the
// concrete working periods of each day. A consultant's weekly plan and dated exceptions are the
// rules those rows are made from, for the days from today to PLAN_HORIZON_DAYS ahead; a consultant
// without a weekly plan keeps the rows they have (the seeded ones), changed day by day by exceptions.

/** How far ahead planned shifts are written (beyond the 14-day booking window, with a margin). */
export const PLAN_HORIZON_DAYS = 28

/**
 * Held in share mode by every booking (server/services/booking/schedule.ts `bookSlot`) and exclusively by a
 * shift or holiday change: a booking never lands in time a concurrent change just removed, and a
 * change never misses a booking made while it checked.
 */
export const SHIFT_LOCK = 'schedule:shifts'
export const lockShiftsExclusive = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${SHIFT_LOCK}, 0))`)
export const lockShiftsShared = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock_shared(hashtextextended(${SHIFT_LOCK}, 0))`)

export type Period = { start: string; end: string }
export type PlanRow = { weekday: number; start: string; end: string }
export type ExceptionRow = { ymd: string; off: boolean; start: string | null; end: string | null }

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
export const instantOf = (day: LocalDate, time: string) => new Date(atJst(day, 0, 0).getTime() + minutesOf(time) * 60_000)

function checkPeriod(p: { start?: string | null; end?: string | null }): Period {
  if (!p.start || !p.end || minutesOf(p.end) <= minutesOf(p.start)) throw invalid(sm.shiftPeriodInvalid)
  return { start: p.start, end: p.end }
}

/** The periods of `day` by the rules, or null when no rule speaks of it (the existing rows stand). */
export function plannedPeriods(day: LocalDate, plan: PlanRow[], exceptions: Map<string, ExceptionRow>): Period[] | null {
  const ex = exceptions.get(formatYmd(day))
  if (ex) return ex.off ? [] : [{ start: ex.start!, end: ex.end! }]
  if (plan.length === 0) return null
  const weekday = day.dayOfWeek().value()
  return plan.filter((p) => p.weekday === weekday).map((p) => ({ start: p.start, end: p.end }))
}

async function loadRules(tx: Tx, staffId: string) {
  const plan = await tx.select().from(staffWeeklyPlans).where(eq(staffWeeklyPlans.staffId, staffId)).orderBy(asc(staffWeeklyPlans.weekday), asc(staffWeeklyPlans.startTime))
  const exceptions = await tx.select().from(staffShiftExceptions).where(eq(staffShiftExceptions.staffId, staffId)).orderBy(asc(staffShiftExceptions.ymd))
  return {
    weekly: plan.map((p) => ({ weekday: p.weekday, start: p.startTime, end: p.endTime })),
    exceptions: exceptions.map((e) => ({ ymd: e.ymd, off: e.startTime === null, start: e.startTime, end: e.endTime })),
  }
}

/** Booked (or live-held) cells of a consultant in [from, to), with their tickets. */
export async function liveBookings(tx: Tx, staffId: string | null, from: Date, to: Date, now: Date) {
  return tx
    .select({ staffId: bookings.staffId, cellStart: bookings.cellStart, ticketNumber: bookings.ticketNumber })
    .from(bookings)
    .where(and(staffId ? eq(bookings.staffId, staffId) : undefined, gte(bookings.cellStart, from), lt(bookings.cellStart, to), or(isNull(bookings.heldUntil), gt(bookings.heldUntil, now))))
    .orderBy(asc(bookings.cellStart))
}

/** "S123… 6/12 15:00" per ticket, for a refusal's message. */
export function describeBookings(cells: { ticketNumber: string; cellStart: Date }[]): string {
  const first = new Map<string, Date>()
  for (const c of cells) if (!first.has(c.ticketNumber)) first.set(c.ticketNumber, c.cellStart)
  return [...first].map(([n, at]) => {
    const z = toZoned(at)
    return `${n}（${z.monthValue()}/${z.dayOfMonth()} ${hhmm(z.hour() * 60 + z.minute())}）`
  }).join(heldBookingsJoiner)
}

/**
 * Writes the staff_shifts rows of one consultant for the days from today to the horizon where the
 * rules speak, refusing (409, listing them) when a live booking would fall outside its new periods.
 */
async function materialise(tx: Tx, staffId: string, now: Date, decide: (day: LocalDate) => Period[] | null) {
  const today = todayJst(now)
  const from = atJst(today, 0, 0)
  const to = atJst(today.plusDays(PLAN_HORIZON_DAYS), 0, 0)
  const booked = await liveBookings(tx, staffId, from, to, now)
  const outside: typeof booked = []
  const writes: { day: LocalDate; periods: Period[] }[] = []
  for (let i = 0; i < PLAN_HORIZON_DAYS; i++) {
    const day = today.plusDays(i)
    const periods = decide(day)
    if (periods === null) continue
    writes.push({ day, periods })
    const dayStart = atJst(day, 0, 0).getTime()
    const dayEnd = atJst(day.plusDays(1), 0, 0).getTime()
    const spans = periods.map((p) => [instantOf(day, p.start).getTime(), instantOf(day, p.end).getTime()])
    for (const b of booked) {
      const cell = b.cellStart.getTime()
      if (cell < dayStart || cell >= dayEnd) continue
      if (!spans.some(([s, e]) => s <= cell && cell + CELL_MINUTES * 60_000 <= e)) outside.push(b)
    }
  }
  if (outside.length > 0) throw conflict(sm.shiftHoldsBookings + describeBookings(outside))
  for (const w of writes) {
    await tx.delete(staffShifts).where(and(eq(staffShifts.staffId, staffId), gte(staffShifts.startsAt, atJst(w.day, 0, 0)), lt(staffShifts.startsAt, atJst(w.day.plusDays(1), 0, 0))))
    if (w.periods.length > 0) await tx.insert(staffShifts).values(w.periods.map((p) => ({ staffId, startsAt: instantOf(w.day, p.start), endsAt: instantOf(w.day, p.end) })))
  }
}

export async function assertStaffExists(db: Tx, staffId: string): Promise<string> {
  const [s] = await db.select({ n: staff.staffNickname }).from(staff).where(eq(staff.staffId, staffId))
  if (!s) throw notFound(sm.staffNotFound)
  return s.n
}

/** The periods of each day of [first, first + days) as staff_shifts has them (what the member's grid offers). */
async function dayPeriods(db: Tx, staffId: string, first: LocalDate, days: number): Promise<Map<string, Period[]>> {
  const from = atJst(first, 0, 0)
  const to = atJst(first.plusDays(days), 0, 0)
  const shifts = await db.select().from(staffShifts).where(and(eq(staffShifts.staffId, staffId), lt(staffShifts.startsAt, to), gt(staffShifts.endsAt, from))).orderBy(asc(staffShifts.startsAt))
  const out = new Map<string, Period[]>()
  for (let i = 0; i < days; i++) {
    const day = first.plusDays(i)
    const ds = atJst(day, 0, 0).getTime()
    const de = atJst(day.plusDays(1), 0, 0).getTime()
    const clock = (ms: number) => hhmm(Math.round((Math.min(Math.max(ms, ds), de) - ds) / 60_000))
    out.set(formatYmd(day), shifts.filter((s) => s.startsAt.getTime() < de && s.endsAt.getTime() > ds).map((s) => ({ start: clock(s.startsAt.getTime()), end: clock(s.endsAt.getTime()) })))
  }
  return out
}

const periodsKey = (ps: Period[]) => ps.map((p) => `${p.start}-${p.end}`).join(',')

/**
 * A weekly plan and exceptions read back from dated rows, for a consultant who has rows but no
 * stored plan (data made before plans, docs/server.md "Shifts and holidays"): each weekday takes the
 * hours it has most often over the horizon (the earliest on a tie), and every day that differs is
 * an exception, so the derived rules make exactly the rows there are. A day of several periods
 * that differs keeps its first one (an exception has one period): the preview shows that loss.
 */
function deriveRules(rows: Map<string, Period[]>, today: LocalDate): { weekly: PlanRow[]; exceptions: ExceptionRow[] } {
  const tallies = Array.from({ length: 7 }, () => new Map<string, { n: number; periods: Period[] }>())
  for (let i = 0; i < PLAN_HORIZON_DAYS; i++) {
    const day = today.plusDays(i)
    const periods = rows.get(formatYmd(day)) ?? []
    const tally = tallies[day.dayOfWeek().value() - 1]
    const cur = tally.get(periodsKey(periods))
    if (cur) cur.n++
    else tally.set(periodsKey(periods), { n: 1, periods })
  }
  const chosen = tallies.map((tally) => [...tally.values()].reduce<{ n: number; periods: Period[] } | null>((best, t) => (!best || t.n > best.n ? t : best), null)?.periods ?? [])
  const weekly = chosen.flatMap((periods, i) => periods.map((p) => ({ weekday: i + 1, ...p })))
  const exceptions: ExceptionRow[] = []
  for (let i = 0; i < PLAN_HORIZON_DAYS; i++) {
    const day = today.plusDays(i)
    const periods = rows.get(formatYmd(day)) ?? []
    if (periodsKey(periods) === periodsKey(chosen[day.dayOfWeek().value() - 1])) continue
    exceptions.push(periods.length === 0 ? { ymd: formatYmd(day), off: true, start: null, end: null } : { ymd: formatYmd(day), off: false, start: periods[0].start, end: periods[0].end })
  }
  return { weekly, exceptions }
}

/**
 * The rules the editor opens on: the stored plan and exceptions, or — when no weekly plan is stored
 * but dated rows are — the plan derived from those rows (`planSource` 'rows'), the stored
 * exceptions winning over derived ones.
 */
async function editableRules(db: Tx, staffId: string, today: LocalDate) {
  const stored = await loadRules(db, staffId)
  if (stored.weekly.length > 0) return { planSource: 'plan' as const, ...stored }
  const derived = deriveRules(await dayPeriods(db, staffId, today, PLAN_HORIZON_DAYS), today)
  if (derived.weekly.length === 0 && derived.exceptions.every((e) => e.off)) return { planSource: 'none' as const, ...stored }
  const storedDays = new Set(stored.exceptions.map((e) => e.ymd))
  const exceptions = [...stored.exceptions, ...derived.exceptions.filter((e) => !storedDays.has(e.ymd))].sort((a, b) => a.ymd.localeCompare(b.ymd))
  return { planSource: 'rows' as const, weekly: derived.weekly, exceptions }
}

/** The plan, its exceptions and the days as the member's grid has them (periods and bookings). */
export async function shiftPlan(db: Db, staffId: StaffId, range: { first: LocalDate; days: number }, now: Date) {
  const staffNickname = await assertStaffExists(db, staffId)
  const rules = await editableRules(db, staffId, todayJst(now))
  const from = atJst(range.first, 0, 0)
  const to = atJst(range.first.plusDays(range.days), 0, 0)
  const periodsOf = await dayPeriods(db, staffId, range.first, range.days)
  const booked = await liveBookings(db, staffId, from, to, now)
  const holidays = new Set((await db.select().from(businessHolidays)).map((h) => h.ymd))
  const days = []
  for (let i = 0; i < range.days; i++) {
    const day = range.first.plusDays(i)
    const ds = atJst(day, 0, 0).getTime()
    const de = atJst(day.plusDays(1), 0, 0).getTime()
    const clock = (ms: number) => hhmm(Math.round((Math.min(Math.max(ms, ds), de) - ds) / 60_000))
    const byTicket = new Map<string, { start: number; end: number }>()
    for (const b of booked) {
      const t = b.cellStart.getTime()
      if (t < ds || t >= de) continue
      const cur = byTicket.get(b.ticketNumber)
      byTicket.set(b.ticketNumber, { start: Math.min(cur?.start ?? t, t), end: Math.max(cur?.end ?? 0, t + CELL_MINUTES * 60_000) })
    }
    days.push({
      ymd: formatYmd(day),
      holiday: holidays.has(formatYmd(day)),
      periods: periodsOf.get(formatYmd(day)) ?? [],
      bookings: [...byTicket].map(([ticketNumber, x]) => ({ ticketNumber, start: clock(x.start), end: clock(x.end) })),
    })
  }
  return { staffId, staffNickname, ...rules, days }
}

export type ShiftUpdate = {
  weekly?: { weekday: number; start: string; end: string }[]
  setExceptions?: { ymd: string; off: boolean; start?: string | null; end?: string | null }[]
  removeExceptions?: string[]
}

/** The days the preview covers: the member's grid, today to today + 14 (docs/design.md "Rules of the server"). */
const PREVIEW_DAYS = BOOKING_WINDOW_DAYS + 1

/** What one day of the member's grid loses and gains by a change. */
export type ShiftChange = { ymd: string; holiday: boolean; before: Period[]; after: Period[]; lost: Period[]; gained: Period[] }

/** The 30-minute cells of some periods, as minutes from midnight. */
const cellSet = (ps: Period[]) => {
  const cells = new Set<number>()
  for (const p of ps) for (let m = minutesOf(p.start); m < minutesOf(p.end); m += CELL_MINUTES) cells.add(m)
  return cells
}
/** Cells back into periods (consecutive cells merged). */
const periodsOfCells = (cells: number[]): Period[] => {
  const out: Period[] = []
  for (const m of [...cells].sort((a, b) => a - b)) {
    const last = out[out.length - 1]
    if (last && minutesOf(last.end) === m) last.end = hhmm(m + CELL_MINUTES)
    else out.push({ start: hhmm(m), end: hhmm(m + CELL_MINUTES) })
  }
  return out
}

function changesBetween(before: Map<string, Period[]>, after: Map<string, Period[]>, holidays: Set<string>): ShiftChange[] {
  const changes: ShiftChange[] = []
  for (const [ymd, b] of before) {
    const a = after.get(ymd) ?? []
    if (periodsKey(a) === periodsKey(b)) continue
    const bc = cellSet(b)
    const ac = cellSet(a)
    changes.push({ ymd, holiday: holidays.has(ymd), before: b, after: a, lost: periodsOfCells([...bc].filter((m) => !ac.has(m))), gained: periodsOfCells([...ac].filter((m) => !bc.has(m))) })
  }
  return changes
}

/** Thrown inside a preview's transaction so that it rolls back, carrying what the save would do. */
class DryRun extends Error {
  constructor(readonly changes: ShiftChange[]) {
    super('dry run')
  }
}

/**
 * Changes a consultant's weekly plan and dated exceptions and rewrites their shifts from today to
 * the horizon, in one transaction with its audit row; refused whole (409, the bookings listed) when
 * time that holds a booking would be removed: reassign first. The member's grid sees it on the next
 * request, other replicas included (the schedule caches are invalidated over the cache bus).
 * Returns what the grid lost and gained over the booking window.
 *
 * `preview`: the same code path, rolled back at the end (docs/server.md "Shifts and holidays"):
 * the preview and the save never disagree, refusals included. It takes the same lock, so what it
 * shows was true at that instant; the save checks everything again.
 */
export async function updateShiftPlan(deps: Deps, actor: AuditActor, staffId: StaffId, input: ShiftUpdate, opts: { preview?: boolean } = {}): Promise<ShiftChange[]> {
  const now = deps.clock.now()
  const today = todayJst(now)
  const weekly = input.weekly?.map((p) => ({ weekday: p.weekday, ...checkPeriod(p) }))
  const sets = (input.setExceptions ?? []).map((e) => ({ ymd: e.ymd, off: e.off, ...(e.off ? { start: null, end: null } : checkPeriod(e)) }))
  for (const ymd of [...sets.map((e) => e.ymd), ...(input.removeExceptions ?? [])]) {
    const day = parseYmd(ymd)
    if (!day) throw invalid(sm.dateInvalid)
    if (day.isBefore(today)) throw invalid(sm.pastDay)
  }
  try {
    const changes = await deps.db.transaction(async (tx) => {
      await lockShiftsExclusive(tx)
      await assertStaffExists(tx, staffId)
      const before = await loadRules(tx, staffId)
      const gridBefore = await dayPeriods(tx, staffId, today, PREVIEW_DAYS)
      if (weekly && before.weekly.length === 0 && weekly.length > 0) {
        // The first weekly plan of a consultant whose hours were dated rows only: the days that
        // differ from their derived plan become exceptions first (unless this request speaks of
        // them), so the new plan changes only what the editor changed (decisions.md 71).
        const mentioned = new Set([...sets.map((e) => e.ymd), ...(input.removeExceptions ?? []), ...before.exceptions.map((e) => e.ymd)])
        const derived = deriveRules(await dayPeriods(tx, staffId, today, PLAN_HORIZON_DAYS), today).exceptions.filter((e) => !mentioned.has(e.ymd))
        if (derived.length > 0) await tx.insert(staffShiftExceptions).values(derived.map((e) => ({ staffId, ymd: e.ymd, startTime: e.start, endTime: e.end })))
      }
      if (weekly) {
        await tx.delete(staffWeeklyPlans).where(eq(staffWeeklyPlans.staffId, staffId))
        if (weekly.length > 0) await tx.insert(staffWeeklyPlans).values(weekly.map((p) => ({ staffId, weekday: p.weekday, startTime: p.start, endTime: p.end })))
      }
      const removed = [...(input.removeExceptions ?? []), ...sets.map((e) => e.ymd)]
      if (removed.length > 0) await tx.delete(staffShiftExceptions).where(and(eq(staffShiftExceptions.staffId, staffId), inArray(staffShiftExceptions.ymd, removed)))
      if (sets.length > 0) await tx.insert(staffShiftExceptions).values(sets.map((e) => ({ staffId, ymd: e.ymd, startTime: e.start, endTime: e.end })))
      const after = await loadRules(tx, staffId)
      // A day no rule speaks of keeps its rows, except where this request took a rule away: an
      // exception removed with no weekly plan behind it, or the weekly plan emptied, leaves no shift.
      const exceptions = new Map(after.exceptions.map((e) => [e.ymd, e]))
      const cleared = new Set(input.removeExceptions ?? [])
      const emptied = weekly !== undefined && weekly.length === 0
      await materialise(tx, staffId, now, (day) => plannedPeriods(day, after.weekly, exceptions) ?? (emptied || cleared.has(formatYmd(day)) ? [] : null))
      const holidays = new Set((await tx.select().from(businessHolidays)).map((h) => h.ymd))
      const changed = changesBetween(gridBefore, await dayPeriods(tx, staffId, today, PREVIEW_DAYS), holidays)
      if (opts.preview) throw new DryRun(changed)
      await writeAudit(tx, actor, { action: 'shift-plan-update', targetType: 'staff', targetId: staffId, before, after: { ...after, changes: changed } }, now)
      return changed
    })
    return changes
  } catch (e) {
    if (e instanceof DryRun) return e.changes
    throw e
  }
}

/**
 * Writes the planned shifts of the days that came into the horizon since the last write, for every
 * consultant with a weekly plan (days without rows and without an exception). Run at start and
 * every hour (server/main.ts); idempotent.
 */
export async function extendPlannedShifts(deps: Pick<Deps, 'db' | 'caches' | 'clock'>): Promise<number> {
  const now = deps.clock.now()
  const today = todayJst(now)
  let written = 0
  await deps.db.transaction(async (tx) => {
    await lockShiftsExclusive(tx)
    const planned = await tx.selectDistinct({ staffId: staffWeeklyPlans.staffId }).from(staffWeeklyPlans)
    for (const { staffId } of planned) {
      const rules = await loadRules(tx, staffId)
      const exceptions = new Set(rules.exceptions.map((e) => e.ymd))
      for (let i = 0; i < PLAN_HORIZON_DAYS; i++) {
        const day = today.plusDays(i)
        if (exceptions.has(formatYmd(day))) continue
        const [has] = await tx.select({ id: staffShifts.id }).from(staffShifts).where(and(eq(staffShifts.staffId, staffId), gte(staffShifts.startsAt, atJst(day, 0, 0)), lt(staffShifts.startsAt, atJst(day.plusDays(1), 0, 0)))).limit(1)
        if (has) continue
        const periods = plannedPeriods(day, rules.weekly, new Map())
        if (!periods || periods.length === 0) continue
        await tx.insert(staffShifts).values(periods.map((p) => ({ staffId, startsAt: instantOf(day, p.start), endsAt: instantOf(day, p.end) })))
        written += periods.length
      }
    }
  })
  return written
}
