import type { Hono } from 'hono'
import * as v from 'valibot'
import { seedMember } from '../db/seed/members'
import type { Deps } from '../http/handler'
import { newMemberId } from '../services/ids'

const Body = v.object({ fixture: v.optional(v.picklist(['demo', 'fresh']), 'demo') })

/** Creates a member in the database and the identity provider with a fixture (tests only). */
export async function createFixtureMember(deps: Deps, fixture: 'demo' | 'fresh') {
  const memberId = newMemberId()
  const email = `m-${memberId.toLowerCase()}@example.com`
  const password = 'pass1234'
  await deps.db.transaction(async (tx) => {
    await seedMember(tx, { memberId, email, password, memberLastname: 'テスト', memberFirstname: '会員', phoneNumber: '09000000000' }, fixture, deps.clock.now())
  })
  // The fixture books cells of its tickets: the schedule must show them.
  deps.caches.memberChanged(memberId)
  deps.caches.scheduleChanged()
  await deps.identity.ensureUser({ uid: memberId, email, password, displayName: 'テスト 会員' })
  return { email, password, memberId }
}

/** Only mounted when ENABLE_TEST_ROUTES=1: browser tests that must not share state. */
export function mountTestRoutes(app: Hono, deps: Deps) {
  // An unexpected error in a handler, carrying personal data in its message: the error reports'
  // and the logs' scrub is tested with it (tests/api/error-reports.test.ts).
  app.get('/api/__test/throw', () => {
    throw new Error('test failure for demo@example.com, 090-1234-5678, card 4242 4242 4242 4242')
  })
  app.post('/api/__test/member', async (c) => {
    const raw = await c.req.json().catch(() => ({}))
    const parsed = v.safeParse(Body, raw ?? {})
    if (!parsed.success) return c.json({ message: parsed.issues[0].message }, 400)
    return c.json(await createFixtureMember(deps, parsed.output.fixture))
  })
}
