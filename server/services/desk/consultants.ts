import { randomBytes } from 'node:crypto'
import { and, asc, countDistinct, eq, gte, isNotNull, isNull, gt, or, sql } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import type { DeskConsultant } from '../../../contract/desk/consultants'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Tx } from '../../db/client'
import { bookings, staff, staffAccounts } from '../../db/schema'
import { formatReservationTime } from '../../domain/time'
import { conflict, notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import type { AuditActor } from '../../infra/audit'
import { audited, checkVersion } from './common'
import { checkImagePath } from './images'

type StaffRow = typeof staff.$inferSelect

// Consultants' profiles (docs/product.md §2 staff grid: image, nickname, age, gender) and their
// active flag. An inactive consultant is left out of the member's grid and never booked
// (services/booking/schedule.ts loadDay and bookSlot). Every change here can change the grid: the schedule
// caches of every replica are dropped after the commit (docs/decisions.md 17, 24).

/** Bookings from now on: confirmed, or held by a purchase still in flight. */
const upcoming = (now: Date) => and(gte(bookings.cellStart, now), or(isNull(bookings.heldUntil), gt(bookings.heldUntil, now)))

const toDeskConsultant = (s: StaffRow, upcomingBookings: number, accountEmail: string | null): DeskConsultant => ({
  staffId: s.staffId,
  staffNickname: s.staffNickname,
  staffAge: s.staffAge,
  staffGender: s.staffGender,
  staffImageUrl: s.staffImageUrl,
  active: s.active,
  sortOrder: s.sortOrder,
  email: s.email,
  accountEmail,
  upcomingBookings,
  version: s.version,
})
const snapshot = (s: StaffRow) => ({
  staffNickname: s.staffNickname,
  staffAge: s.staffAge,
  staffGender: s.staffGender,
  staffImageUrl: s.staffImageUrl,
  email: s.email,
  active: s.active,
  sortOrder: s.sortOrder,
  version: s.version,
})

/** The address of the staff account linked to each consultant row (mailed when the row has none). */
async function accountEmails(db: Tx, staffId?: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ staffId: staffAccounts.staffId, email: staffAccounts.email })
    .from(staffAccounts)
    .where(staffId ? eq(staffAccounts.staffId, staffId) : isNotNull(staffAccounts.staffId))
  return new Map(rows.map((r) => [r.staffId!, r.email]))
}

async function upcomingOf(db: Tx, staffId: string, now: Date): Promise<number> {
  const [r] = await db.select({ n: countDistinct(bookings.ticketNumber) }).from(bookings).where(and(eq(bookings.staffId, staffId), upcoming(now)))
  return Number(r?.n ?? 0)
}

export async function listConsultants(deps: Deps) {
  const now = deps.clock.now()
  const counts = await deps.db
    .select({ staffId: bookings.staffId, n: countDistinct(bookings.ticketNumber) })
    .from(bookings)
    .where(upcoming(now))
    .groupBy(bookings.staffId)
  const byStaff = new Map(counts.map((c) => [c.staffId, Number(c.n)]))
  const rows = await deps.db.select().from(staff).orderBy(asc(staff.sortOrder), asc(staff.staffId))
  const accounts = await accountEmails(deps.db)
  return { items: rows.map((s) => toDeskConsultant(s, byStaff.get(s.staffId) ?? 0, accounts.get(s.staffId) ?? null)) }
}

async function answer(deps: Deps, row: StaffRow, now: Date) {
  const accounts = await accountEmails(deps.db, row.staffId)
  return { consultant: toDeskConsultant(row, await upcomingOf(deps.db, row.staffId, now), accounts.get(row.staffId) ?? null) }
}

export async function saveConsultant(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-consultant-save'>) {
  const now = deps.clock.now()
  const row = await audited(deps, actor, async (tx, audit) => {
    await checkImagePath(tx, input.staffImageUrl)
    const fields = {
      staffNickname: input.staffNickname,
      staffAge: input.staffAge,
      staffGender: input.staffGender,
      staffImageUrl: input.staffImageUrl ?? null,
      // Absent on an edit: the address stays as it is (null clears it).
      ...(input.email !== undefined ? { email: input.email } : {}),
    }
    if (input.staffId === undefined) {
      const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${staff.sortOrder}), 0)::int` }).from(staff)
      const staffId = `STAFF-${randomBytes(3).toString('hex').toUpperCase()}`
      // A new consultant has no shifts yet: they reach the member's grid once their working plan is
      // set (shift-plan-update), active unless the operator adds them switched off.
      const [created] = await tx
        .insert(staff)
        .values({ staffId, ...fields, active: input.active ?? true, sortOrder: input.sortOrder ?? Number(last) + 1 })
        .returning()
      await audit({ action: 'consultant-create', targetType: 'staff', targetId: staffId, after: snapshot(created) })
      return created
    }
    const [before] = await tx.select().from(staff).where(eq(staff.staffId, input.staffId)).for('update')
    if (!before) throw notFound(dm.staffNotFound)
    checkVersion(before.version, input.version!)
    const [after] = await tx
      .update(staff)
      .set({ ...fields, ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}), version: sql`${staff.version} + 1` })
      .where(eq(staff.staffId, input.staffId))
      .returning()
    await audit({ action: 'consultant-update', targetType: 'staff', targetId: after.staffId, before: snapshot(before), after: snapshot(after) })
    return after
  })
  return answer(deps, row, now)
}

/**
 * Deactivating a consultant who holds bookings from now on is refused with the list: reassign
 * them first (the consultation loop's reassign call). The row lock (FOR UPDATE) waits for any
 * booking of theirs being written and blocks new ones until this commits; a booking that read the
 * consultant as active before it sees the flag again after inserting its cells (bookSlot), so none
 * lands on an inactive consultant.
 */
export async function setConsultantActive(deps: Deps, actor: AuditActor, input: { staffId: string; version: number; active: boolean }) {
  const now = deps.clock.now()
  const row = await audited(deps, actor, async (tx, audit) => {
    const [before] = await tx.select().from(staff).where(eq(staff.staffId, input.staffId)).for('update')
    if (!before) throw notFound(dm.staffNotFound)
    checkVersion(before.version, input.version)
    if (before.active === input.active) return before
    if (!input.active) {
      const held = await tx
        .select({ ticketNumber: bookings.ticketNumber, start: sql<Date>`min(${bookings.cellStart})`.mapWith((v: string | Date) => new Date(v)) })
        .from(bookings)
        .where(and(eq(bookings.staffId, input.staffId), upcoming(now)))
        .groupBy(bookings.ticketNumber)
        .orderBy(sql`min(${bookings.cellStart})`)
      if (held.length > 0) {
        const list = held.map((b) => `${b.ticketNumber}（${jstLabel(b.start)}）`).join('、')
        throw conflict(`${dm.staffHoldsBookings}${list}`)
      }
    }
    const [after] = await tx.update(staff).set({ active: input.active, version: sql`${staff.version} + 1` }).where(eq(staff.staffId, input.staffId)).returning()
    await audit({ action: input.active ? 'consultant-activate' : 'consultant-deactivate', targetType: 'staff', targetId: after.staffId, before: snapshot(before), after: snapshot(after) })
    return after
  })
  return answer(deps, row, now)
}

/** `SUPPORT-20250612-10-00` → `2025/06/12 10:00` (Japan time). */
function jstLabel(at: Date): string {
  const m = /^SUPPORT-(\d{4})(\d{2})(\d{2})-(\d{2})-(\d{2})$/.exec(formatReservationTime(at))
  return m ? `${m[1]}/${m[2]}/${m[3]} ${m[4]}:${m[5]}` : at.toISOString()
}
