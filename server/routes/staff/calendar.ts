import type { Hono } from 'hono'
import { STAFF_CALENDAR_PREFIX } from '../../../contract/staff-calls'
import type { Deps } from '../../http/handler'
import { FEED_PATH, calendarIcs } from '../../services/staff/calendar'

/** The private iCalendar feed: outside the bearer scheme, the URL's token is the credential. */
export function mountStaffCalendar(app: Hono, deps: Deps) {
  app.get(`${STAFF_CALENDAR_PREFIX}:file`, async (c) => {
    const m = FEED_PATH.exec(c.req.param('file'))
    const ics = m ? await calendarIcs(deps.db, m[1], deps.clock.now()) : null
    if (ics === null) return c.json({ message: 'Not Found' }, 404)
    return c.body(ics, 200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, no-store' })
  })
}
