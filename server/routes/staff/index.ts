import type { staffCalls } from '../../../contract/staff-calls'
import type { StaffHandlers } from '../../http/staff'
import { staffAccountHandlers } from './accounts'
import { consultationHandlers } from './consultations'

/** The handlers of contract/staff-calls.ts (the type checks there is exactly one per call). */
export const staffHandlers: StaffHandlers<typeof staffCalls> = {
  ...staffAccountHandlers,
  ...consultationHandlers,
}
