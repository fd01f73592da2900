import { and, eq, gte, lt } from 'drizzle-orm'
import type { staffCalls } from '../../../contract/staff-calls'
import { staffMessages as sm } from '../../../contract/staff-messages'
import { staff, tickets } from '../../db/schema'
import { HttpError } from '../../http/errors'
import type { StaffHandlerCtx, StaffHandlers } from '../../http/staff'
import { consultationsOf, loadConsultations, recordOutcome, sendExtensionLink } from '../../services/staff/consultations'
import { dayRange } from '../../services/staff/days'
import { calendarFeed } from '../../services/staff/calendar'
import { reassign, reassignCandidates } from '../../services/staff/reassign'
import { listHolidays, shiftPlan, updateHolidays, updateShiftPlan } from '../../services/staff/shifts'

type Calls = typeof staffCalls
type Loop = Exclude<keyof Calls, 'staff-me' | 'staff-accounts' | 'role-grant' | 'role-revoke'>

const scopeOf = (ctx: StaffHandlerCtx<unknown>) => ({ operator: ctx.isOperator(), staffId: ctx.me().staffId })

export const consultationHandlers: Pick<StaffHandlers<Calls>, Loop> = {
  'consultant-day': async (ctx) => {
    const staffId = ctx.staffScope(ctx.input.staffId)
    const [s] = await ctx.deps.db.select({ n: staff.staffNickname }).from(staff).where(eq(staff.staffId, staffId))
    if (!s) throw new HttpError(404, sm.staffNotFound)
    const range = dayRange(ctx.input, ctx.deps.clock.now())
    return { staffId, staffNickname: s.n, from: range.ymd, days: range.days, consultations: await consultationsOf(ctx.deps.db, staffId, range.from, range.to) }
  },
  'consultation-outcome': (ctx) => recordOutcome(ctx.deps, ctx.actor(), scopeOf(ctx), ctx.input),
  'extension-link': (ctx) => sendExtensionLink(ctx.deps, ctx.actor(), scopeOf(ctx), ctx.input),
  assignments: async ({ deps, input }) => {
    const range = dayRange(input, deps.clock.now(), 14)
    const where = and(
      gte(tickets.reservationAt, range.from),
      lt(tickets.reservationAt, range.to),
      input.noPreferenceOnly ? eq(tickets.noPreference, true) : undefined,
      input.staffId ? eq(tickets.staffId, input.staffId) : undefined,
    )
    return { assignments: await loadConsultations(deps.db, where) }
  },
  'shift-plan': async (ctx) => {
    const staffId = ctx.staffScope(ctx.input.staffId)
    const now = ctx.deps.clock.now()
    return shiftPlan(ctx.deps.db, staffId, dayRange(ctx.input, now, 14), now)
  },
  'shift-plan-update': async (ctx) => {
    const staffId = ctx.staffScope(ctx.input.staffId)
    await updateShiftPlan(ctx.deps, ctx.actor(), staffId, ctx.input)
    const now = ctx.deps.clock.now()
    return shiftPlan(ctx.deps.db, staffId, dayRange({}, now, 14), now)
  },
  'business-holidays': async ({ deps, input }) => {
    const from = dayRange(input, deps.clock.now()).ymd
    return { holidays: (await listHolidays(deps.db, from)).map((h) => ({ ymd: h.ymd })) }
  },
  'business-holiday-update': async ({ deps, input, actor }) => {
    await updateHolidays(deps, actor(), input)
    const from = dayRange({}, deps.clock.now()).ymd
    return { holidays: (await listHolidays(deps.db, from)).map((h) => ({ ymd: h.ymd })) }
  },
  'reassign-candidates': ({ deps, input }) => reassignCandidates(deps, input.ticketNumber),
  reassign: ({ deps, input, actor }) => reassign(deps, actor(), input),
  'calendar-feed': (ctx) => calendarFeed(ctx.deps, ctx.actor(), ctx.me().staffId, ctx.input.action),
}
