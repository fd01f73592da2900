import type { staffCalls } from '../../../contract/staff-calls'
import type { StaffHandlers } from '../../http/staff'
import { dayRange } from '../../services/staff/days'
import { shiftPlan, updateShiftPlan } from '../../services/staff/shifts'

/** A consultant's shift plan (their own; an operator's for anyone): read, preview a change, change. */
export const shiftHandlers: Pick<StaffHandlers<typeof staffCalls>, 'shift-plan' | 'shift-plan-preview' | 'shift-plan-update'> = {
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
}
