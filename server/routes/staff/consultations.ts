import type { staffCalls } from '../../../contract/staff-calls'
import type { StaffHandlerCtx, StaffHandlers } from '../../http/staff'
import { consultantDay, listAssignments, memberConsultations, pastConsultations, recordOutcome, sendExtensionLink } from '../../services/staff/consultations'
import { dayRange } from '../../services/staff/days'
import { calendarFeed } from '../../services/staff/calendar'
import { reassign, reassignCandidates } from '../../services/staff/reassign'
import { listHolidays, shiftPlan, updateHolidays, updateShiftPlan } from '../../services/staff/shifts'

type Calls = typeof staffCalls
type Loop = Exclude<keyof Calls, 'staff-me' | 'staff-accounts' | 'role-grant' | 'role-revoke'>

const scopeOf = (ctx: StaffHandlerCtx<unknown>) => ({ operator: ctx.isOperator(), staffId: ctx.me().staffId })

export const consultationHandlers: Pick<StaffHandlers<Calls>, Loop> = {
  'consultant-day': (ctx) => consultantDay(ctx.deps.db, ctx.staffScope(ctx.input.staffId), ctx.input, ctx.deps.clock.now()),
  'consultation-outcome': (ctx) => recordOutcome(ctx.deps, ctx.actor(), scopeOf(ctx), ctx.input),
  'extension-link': (ctx) => sendExtensionLink(ctx.deps, ctx.actor(), scopeOf(ctx), ctx.input),
  'member-consultations': (ctx) => memberConsultations(ctx.deps.db, scopeOf(ctx), ctx.input.ticketNumber),
  'past-consultations': (ctx) => pastConsultations(ctx.deps.db, scopeOf(ctx), ctx.input, ctx.deps.clock.now()),
  assignments: ({ deps, input }) => listAssignments(deps.db, input, deps.clock.now()),
  'shift-plan': async (ctx) => {
    const staffId = ctx.staffScope(ctx.input.staffId)
    const now = ctx.deps.clock.now()
    return shiftPlan(ctx.deps.db, staffId, dayRange(ctx.input, now, 14), now)
  },
  'shift-plan-preview': async (ctx) => ({ changes: await updateShiftPlan(ctx.deps, ctx.actor(), ctx.staffScope(ctx.input.staffId), ctx.input, { preview: true }) }),
  'shift-plan-update': async (ctx) => {
    const staffId = ctx.staffScope(ctx.input.staffId)
    const changes = await updateShiftPlan(ctx.deps, ctx.actor(), staffId, ctx.input)
    const now = ctx.deps.clock.now()
    return { ...(await shiftPlan(ctx.deps.db, staffId, dayRange({}, now, 14), now)), changes }
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
