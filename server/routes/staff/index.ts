import type { staffCalls } from '../../../contract/staff-calls'
import type { StaffHandlers } from '../../http/staff'
import { staffAccountHandlers } from './accounts'
import { calendarHandlers } from './calendar'
import { consultationHandlers } from './consultations'
import { holidayHandlers } from './holidays'
import { roomHandlers } from './room'
import { shiftHandlers } from './shifts'

/** The handlers of contract/staff-calls.ts, one file per area (the type checks there is exactly one per call). */
export const staffHandlers: StaffHandlers<typeof staffCalls> = {
  ...staffAccountHandlers,
  ...consultationHandlers,
  ...shiftHandlers,
  ...holidayHandlers,
  ...calendarHandlers,
  ...roomHandlers,
}
