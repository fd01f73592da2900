import type { staffCalls } from '../../../contract/staff-calls'
import type { StaffHandlers } from '../../http/staff'
import type { Deps } from '../../services/deps'
import { dayRange } from '../../services/staff/days'
import { listHolidays, updateHolidays } from '../../services/staff/holidays'

const holidaysFrom = async (deps: Deps, input: Parameters<typeof dayRange>[0]) => ({
  holidays: (await listHolidays(deps.db, dayRange(input, deps.clock.now()).ymd)).map((h) => ({ ymd: h.ymd })),
})

/** The business holidays (an operator's): listed from a day on, changed. */
export const holidayHandlers: Pick<StaffHandlers<typeof staffCalls>, 'business-holidays' | 'business-holiday-update'> = {
  'business-holidays': ({ deps, input }) => holidaysFrom(deps, input),
  'business-holiday-update': async ({ deps, input, actor }) => {
    await updateHolidays(deps, actor(), input)
    return holidaysFrom(deps, {})
  },
}
