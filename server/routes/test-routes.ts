import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import { isUniqueViolation } from '../db/constraints'
import { bookings, tickets } from '../db/schema'
import { seedMember } from '../db/seed/members'
import { CELL_MINUTES, atJst, cellsOf, todayJst } from '../domain/time'
import type { Deps } from '../http/handler'
import type { JobEngine } from '../jobs/engine'
import { newMemberId } from '../infra/ids'
import { TicketNumber } from '../../contract/ids'

const Body = v.object({ fixture: v.optional(v.picklist(['demo', 'fresh']), 'demo') })
const SlowQuery = v.object({ seconds: v.pipe(v.string(), v.regex(/^\d{1,2}(\.\d{1,3})?$/), v.transform(Number)) })
const BlockBody = v.object({ ms: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000))) })
const StartedBody = v.object({ ticketNumber: TicketNumber, staffId: v.optional(v.pipe(v.string(), v.regex(/^STAFF-\d{2,}$/))), supportType: v.optional(v.picklist(['TEL', 'ONLINE'])), underWay: v.optional(v.boolean()) })

/** Creates a member in the database and the identity provider with a fixture (tests only). */
export async function createFixtureMember(deps: Deps, fixture: 'demo' | 'fresh') {
  const memberId = newMemberId()
  const email = `m-${memberId.toLowerCase()}@example.com`
  const password = 'pass1234'
  await deps.db.transaction(async (tx) => {
    await seedMember(tx, { memberId, email, password, memberLastname: 'テスト', memberFirstname: '会員', phoneNumber: '09000000000' }, fixture, deps.clock.now())
  })
  await deps.identity.ensureUser({ uid: memberId, email, password, displayName: 'テスト 会員' })
  return { email, password, memberId }
}

/**
 * Moves a booked SUPPORT consultation to the 30-minute cell that holds "now" (or the latest
 * earlier cell of the same Japan day where its consultant is free), cells included, so a browser
 * test can record its outcome without waiting for the booked time (tests only); with `toStaffId`
 * also to that consultant (a test whose consultant has a sign-in account). `null` for an unknown
 * or unbooked ticket, `'busy'` when the consultant has no free run of cells earlier that day.
 * `underWay`: the consultation must still be running now (the online room's test): when the cells
 * holding now are taken — on a shared test stack, by other tests' consultations moved to now for
 * the same demo consultant — the ticket alone moves to the cell holding now, without cells.
 */
async function moveConsultationToNow(deps: Deps, ticketNumber: string, toStaffId?: string, supportType?: 'TEL' | 'ONLINE', underWay = false): Promise<{ reservationAt: string } | 'busy' | null> {
  const clockNow = deps.clock.now()
  const now = clockNow.getTime()
  const cellMs = CELL_MINUTES * 60_000
  const jstDayStart = atJst(todayJst(clockNow), 0, 0).getTime()
  const moved = await deps.db.transaction(async (tx) => {
    const [t] = await tx.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber)).for('update')
    if (!t || t.productType !== 'SUPPORT' || !t.reservationAt || !t.staffId) return null
    const staffId = toStaffId ?? t.staffId
    await tx.delete(bookings).where(and(eq(bookings.ticketNumber, ticketNumber), eq(bookings.staffId, t.staffId)))
    const current = Math.floor(now / cellMs) * cellMs
    for (let start = current; start >= jstDayStart; start -= cellMs) {
      const at = new Date(start)
      if (underWay && start + t.minutesToSupport * 60_000 <= now) break
      const cells = cellsOf(at, t.minutesToSupport).map((cellStart) => ({ staffId, cellStart, ticketNumber }))
      // Each try in a savepoint: a taken cell undoes only that try.
      const taken = await tx.transaction((sp) => sp.insert(bookings).values(cells)).then(() => false, (e: unknown) => {
        if (isUniqueViolation(e)) return true
        throw e
      })
      if (taken) continue
      await tx.update(tickets).set({ reservationAt: at, staffId, ...(supportType ? { supportType } : {}) }).where(eq(tickets.ticketNumber, ticketNumber))
      return { memberId: t.memberId, reservationAt: at }
    }
    if (underWay) {
      await tx.update(tickets).set({ reservationAt: new Date(current), staffId, ...(supportType ? { supportType } : {}) }).where(eq(tickets.ticketNumber, ticketNumber))
      return { memberId: t.memberId, reservationAt: new Date(current) }
    }
    tx.rollback()
  }).catch((e: unknown) => (e instanceof TransactionRollbackError ? 'busy' as const : Promise.reject(e)))
  if (!moved || moved === 'busy') return moved ?? null
  return { reservationAt: moved.reservationAt.toISOString() }
}

/** Only mounted when ENABLE_TEST_ROUTES=1: browser tests that must not share state. */
export function mountTestRoutes(app: Hono, deps: Deps, jobs?: JobEngine) {
  // The jobs due at the clock's time run now, in this process (server/jobs/engine.ts `runDue`): a
  // browser test moves through a cron tick without waiting for it.
  app.post('/api/__test/jobs/run-due', async (c) => {
    if (!jobs) return c.json({ message: 'no job engine in this process' }, 409)
    return c.json({ runs: await jobs.runDue() })
  })
  // An unexpected error in a handler, carrying personal data in its message: the error reports'
  // and the logs' scrub is tested with it (tests/api/error-reports.test.ts).
  app.get('/api/__test/throw', () => {
    throw new Error('test failure for demo@example.com, 090-1234-5678, card 4242 4242 4242 4242')
  })
  // Faults for the tests of docs/operations.md "Deadlines and the watchdog" (tests/api/replica-guards.test.ts):
  // a statement that sleeps in the database (the request deadline answers 503 meanwhile, and
  // statement_timeout cancels it), and an event loop held by computation, for `ms` or for ever
  // (the watchdog fails readiness and ends the process).
  app.get('/api/__test/slow-query', async (c) => {
    const parsed = v.safeParse(SlowQuery, c.req.query())
    if (!parsed.success) return c.json({ message: parsed.issues[0].message }, 400)
    await deps.db.execute(sql`select pg_sleep(${parsed.output.seconds})`)
    return c.json({ slept: parsed.output.seconds })
  })
  app.post('/api/__test/block-event-loop', async (c) => {
    const raw = await c.req.json().catch(() => ({}))
    const parsed = v.safeParse(BlockBody, raw ?? {})
    if (!parsed.success) return c.json({ message: parsed.issues[0].message }, 400)
    const until = parsed.output.ms === undefined ? Infinity : Date.now() + parsed.output.ms
    // Deliberately synchronous: nothing else of this process runs meanwhile.
    while (Date.now() < until) { /* held */ }
    return c.json({ blocked: parsed.output.ms ?? null })
  })
  app.post('/api/__test/member', async (c) => {
    const raw = await c.req.json().catch(() => ({}))
    const parsed = v.safeParse(Body, raw ?? {})
    if (!parsed.success) return c.json({ message: parsed.issues[0].message }, 400)
    return c.json(await createFixtureMember(deps, parsed.output.fixture))
  })
  app.post('/api/__test/consultation-started', async (c) => {
    const raw = await c.req.json().catch(() => ({}))
    const parsed = v.safeParse(StartedBody, raw ?? {})
    if (!parsed.success) return c.json({ message: parsed.issues[0].message }, 400)
    const moved = await moveConsultationToNow(deps, parsed.output.ticketNumber, parsed.output.staffId, parsed.output.supportType, parsed.output.underWay)
    if (moved === null) return c.json({ message: 'Ticket Not Found.' }, 404)
    if (moved === 'busy') return c.json({ message: 'the consultant has no free cells earlier today' }, 409)
    return c.json(moved)
  })
}
