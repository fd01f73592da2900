import type { staffCalls } from '../../../contract/staff-calls'
import type { FileHandler } from '../../http/files'
import type { StaffHandlers } from '../../http/staff'
import { calendarFeed, calendarIcs } from '../../services/staff/calendar'

/** The consultant's private calendar feed: its URL made, rotated or revoked (a staff call). */
export const calendarHandlers: Pick<StaffHandlers<typeof staffCalls>, 'calendar-feed'> = {
  'calendar-feed': (ctx) => calendarFeed(ctx.deps, ctx.actor(), ctx.me().staffId, ctx.input.action),
}

/** The feed itself (contract/file-calls.ts 'calendar-feed'): `<token>.ics`, the token its credential. */
export const calendarFile: FileHandler = ({ deps, name }) => calendarIcs(deps.db, name.slice(0, -'.ics'.length), deps.clock.now())
