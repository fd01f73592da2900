import type { staffCalls } from '../../../contract/staff-calls'
import type { StaffHandlerCtx, StaffHandlers } from '../../http/staff'
import { consultantDay, listAssignments, memberConsultations, pastConsultations, recordOutcome, sendExtensionLink } from '../../services/staff/consultations'
import { reassign, reassignCandidates } from '../../services/staff/reassign'

type Consultation =
  | 'consultant-day'
  | 'consultation-outcome'
  | 'extension-link'
  | 'member-consultations'
  | 'past-consultations'
  | 'assignments'
  | 'reassign-candidates'
  | 'reassign'

const scopeOf = (ctx: StaffHandlerCtx<unknown>) => ({ operator: ctx.isOperator(), staffId: ctx.me().staffId })

/** The consultation loop: a consultant's day, the outcome of a consultation, assignments. */
export const consultationHandlers: Pick<StaffHandlers<typeof staffCalls>, Consultation> = {
  'consultant-day': (ctx) => consultantDay(ctx.deps.db, ctx.staffScope(ctx.input.staffId), ctx.input, ctx.deps.clock.now()),
  'consultation-outcome': (ctx) => recordOutcome(ctx.deps, ctx.actor(), scopeOf(ctx), ctx.input),
  'extension-link': (ctx) => sendExtensionLink(ctx.deps, ctx.actor(), scopeOf(ctx), ctx.input),
  'member-consultations': (ctx) => memberConsultations(ctx.deps.db, scopeOf(ctx), ctx.input.ticketNumber),
  'past-consultations': (ctx) => pastConsultations(ctx.deps.db, scopeOf(ctx), ctx.input, ctx.deps.clock.now(), ctx.deps.config.outcomes.graceHours),
  assignments: ({ deps, input }) => listAssignments(deps.db, input, deps.clock.now()),
  'reassign-candidates': ({ deps, input }) => reassignCandidates(deps, input.ticketNumber),
  reassign: ({ deps, input, actor }) => reassign(deps, actor(), input),
}
