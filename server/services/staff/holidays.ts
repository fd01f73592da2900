import { asc, gte, inArray } from 'drizzle-orm'
import { staffMessages as sm } from '../../../contract/staff-messages'
import type { Db } from '../../db/client'
import { businessHolidays } from '../../db/schema'
import { atJst, parseYmd, todayJst } from '../../domain/time'
import { conflict, invalid } from '../../domain/errors'
import { writeAudit, type AuditActor } from '../../infra/audit'
import type { Deps } from '../deps'
import { describeBookings, liveBookings, lockShiftsExclusive } from './shifts'

// The business holidays: days no consultant works (the shift plan skips them, the booking calendar
// shows them closed). Changed under the same exclusive lock as the shift plans.

/** Business holidays from `from` on (JST days). */
export async function listHolidays(db: Db, from: string) {
  return db.select().from(businessHolidays).where(gte(businessHolidays.ymd, from)).orderBy(asc(businessHolidays.ymd))
}

/**
 * Adds and removes business holidays. A day that holds bookings cannot become a holiday (409,
 * listed): the bookings are moved first. Past days are refused.
 */
export async function updateHolidays(deps: Deps, actor: AuditActor, input: { add?: string[]; remove?: string[] }): Promise<void> {
  const now = deps.clock.now()
  const today = todayJst(now)
  const days = [...(input.add ?? []), ...(input.remove ?? [])].map((ymd) => parseYmd(ymd))
  if (days.some((d) => !d)) throw invalid(sm.dateInvalid)
  if (days.some((d) => d!.isBefore(today))) throw invalid(sm.pastDay)
  await deps.db.transaction(async (tx) => {
    await lockShiftsExclusive(tx)
    const before = (await tx.select().from(businessHolidays).orderBy(asc(businessHolidays.ymd))).map((h) => h.ymd)
    const adding = [...new Set(input.add ?? [])].filter((ymd) => !before.includes(ymd))
    const held = []
    for (const ymd of adding) {
      const day = parseYmd(ymd)!
      held.push(...(await liveBookings(tx, null, atJst(day, 0, 0), atJst(day.plusDays(1), 0, 0), now)))
    }
    if (held.length > 0) throw conflict(sm.holidayHoldsBookings + describeBookings(held))
    if (input.remove?.length) await tx.delete(businessHolidays).where(inArray(businessHolidays.ymd, input.remove))
    if (adding.length > 0) await tx.insert(businessHolidays).values(adding.map((ymd) => ({ ymd }))).onConflictDoNothing()
    const after = (await tx.select().from(businessHolidays).orderBy(asc(businessHolidays.ymd))).map((h) => h.ymd)
    await writeAudit(tx, actor, { action: 'business-holiday-update', targetType: 'business-holiday', targetId: [...adding, ...(input.remove ?? [])].join(',') || '-', before, after }, now)
  })
}
