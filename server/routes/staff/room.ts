import type { staffCalls } from '../../../contract/staff-calls'
import type { StaffHandlers } from '../../http/staff'
import { roomAccess } from '../../services/room/access'

/** The online consultation room, the consultant's side: only the consultation's own consultant. */
export const roomHandlers: Pick<StaffHandlers<typeof staffCalls>, 'room-access'> = {
  'room-access': (ctx) => roomAccess(ctx.deps, { side: 'consultant', staffId: ctx.staffScope() }, ctx.input.ticketNumber),
}
