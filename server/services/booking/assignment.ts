import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { lockKey } from '../../db/constraints'
import { atJst, toZoned } from '../../domain/time'
import type { StaffRow } from './tickets'

// Fair assignment of 指名なし bookings (docs/server.md "Assignment"), as round-robin schedulers do:
// among the consultants free for the slot, the one with the fewest consultations in that week
// (Monday to Sunday, Japan time) first; ties by the display order (sort order, then id), which is
// stable. A consultation counts from its booked cells: held ones (a purchase being paid) included,
// the void holds of abandoned purchases not.

/** [Monday 00:00, next Monday 00:00) in Japan time around `at`. */
export function weekOf(at: Date): { from: Date; to: Date; key: string } {
  const day = toZoned(at).toLocalDate()
  const monday = day.minusDays(day.dayOfWeek().value() - 1)
  return { from: atJst(monday, 0, 0), to: atJst(monday.plusDays(7), 0, 0), key: monday.toString() }
}

/** Consultations held per consultant in the week of `at` (consultants without any are absent). */
export async function weekCounts(tx: Tx, at: Date, now: Date): Promise<Map<string, number>> {
  const w = weekOf(at)
  const result = await tx.execute(sql`
    SELECT staff_id AS "staffId", count(DISTINCT ticket_number)::int AS n FROM bookings
    WHERE cell_start >= ${w.from} AND cell_start < ${w.to} AND (held_until IS NULL OR held_until > ${now})
    GROUP BY staff_id`)
  const rows = (result as { rows: { staffId: string; n: number }[] }).rows
  return new Map(rows.map((r) => [r.staffId, Number(r.n)]))
}

/**
 * The order in which a 指名なし booking tries the consultants (`staffList` comes in display order).
 * The week's 指名なし assignments are serialised by a lock held to the end of the transaction, so
 * two bookings at once count each other and do not both go to the same consultant.
 */
export async function fairOrder<S extends Pick<StaffRow, 'staffId'>>(tx: Tx, staffList: S[], start: Date, now: Date): Promise<S[]> {
  await lockKey(tx, `assignment:${weekOf(start).key}`)
  const counts = await weekCounts(tx, start, now)
  return staffList
    .map((s, i) => ({ s, i, n: counts.get(s.staffId) ?? 0 }))
    .sort((a, b) => a.n - b.n || a.i - b.i)
    .map((x) => x.s)
}
