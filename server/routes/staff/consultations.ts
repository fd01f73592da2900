import type { staffCalls } from '../../../contract/staff-calls'
import { HttpError } from '../../http/errors'
import type { StaffHandlers } from '../../http/staff'

type Calls = typeof staffCalls
type Loop = Exclude<keyof Calls, 'staff-me' | 'staff-accounts' | 'role-grant' | 'role-revoke'>

const pending = async (): Promise<never> => {
  throw new HttpError(409, 'この機能は準備中です。')
}

export const consultationHandlers: Pick<StaffHandlers<Calls>, Loop> = {
  'consultant-day': pending,
  'consultation-outcome': pending,
  'extension-link': pending,
  'shift-plan': pending,
  'shift-plan-update': pending,
  'business-holidays': pending,
  'business-holiday-update': pending,
  assignments: pending,
  'reassign-candidates': pending,
  reassign: pending,
  'calendar-feed': pending,
}
