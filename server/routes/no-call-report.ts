import type { PartialHandlers } from '../http/handler'
import { reportNoCall } from '../services/member/no-call-report'

// The "no call came" report of a ticket card (docs/decisions.md 86): the member's own ticket, once.

export const noCallReportHandlers: PartialHandlers<'no-call-report'> = {
  'no-call-report': ({ input, deps, me }) => reportNoCall(deps, me(), input.ticketNumber),
}
