import type { PartialHandlers } from '../http/handler'
import { roomAccess } from '../services/room/access'

// The online consultation room, the member's side (machines/room, src/features/room): whether and
// when they may enter, and with whom. The consultant's side is routes/staff/room.ts; the
// signalling socket is server/http/room-socket.ts.

export const roomHandlers: PartialHandlers<'room-access'> = {
  'room-access': ({ input, deps, me }) => roomAccess(deps, { side: 'member', memberId: me().memberId }, input.ticketNumber),
}
