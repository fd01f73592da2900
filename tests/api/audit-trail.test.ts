import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditActionNames } from '../../contract/audit-names'
import { members } from '../../server/db/schema'
import { eq } from 'drizzle-orm'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// The audit trail as an operator reads it (docs/server.md "Audit trail"): each row answers the
// action's Japanese name, the actor's nickname, the target's name, and the names of the
// consultants the change names by id — not codes and ids to look up elsewhere.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = any
let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('desk-audit in words', () => {
  it('a reassignment reads 担当の変更 on the member\'s ticket, from one consultant to another by nickname; a consultant acts under their nickname', async () => {
    const member = await h.member('fresh')
    const [m] = await h.db.select().from(members).where(eq(members.memberId, member.memberId))
    const op = await staffAccount(h, [{ role: 'operator' }])
    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250617-14-00', staffId: null })
    const cand = await staffGet(h, 'reassign-candidates', { token: op.token, query: { ticketNumber: bought.ticketNumber } })
    const from = (cand.body.candidates as T[]).find((c) => c.reason === 'CURRENT')
    const to = (cand.body.candidates as T[]).find((c) => c.free)
    expect((await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: bought.ticketNumber, staffId: to.staffId, reason: '体調不良のため' } })).status).toBe(200)

    const [row] = (await staffGet(h, 'desk-audit', { token: op.token, query: { action: 'reassign', targetId: bought.ticketNumber } })).body.items as T[]
    expect(row).toMatchObject({
      action: 'reassign',
      actionName: auditActionNames.reassign,
      actorName: null,
      targetType: 'ticket',
      targetName: `${m.memberLastname} ${m.memberFirstname}`,
      names: { [from.staffId]: from.staffNickname, [to.staffId]: to.staffNickname },
    })

    const cs = await staffAccount(h, [{ role: 'consultant', staffId: to.staffId }])
    expect((await staffPost(h, 'calendar-feed', { token: cs.token, body: { action: 'ROTATE' } })).status).toBe(200)
    const [feed] = (await staffGet(h, 'desk-audit', { token: op.token, query: { actor: cs.uid } })).body.items as T[]
    expect(feed).toMatchObject({ actionName: auditActionNames['calendar-feed-rotate'], actorName: to.staffNickname, targetName: to.staffNickname, names: {} })

    // Every row of a page carries a Japanese action name.
    const page = (await staffGet(h, 'desk-audit', { token: op.token, query: { pageSize: 100 } })).body.items as T[]
    for (const r of page) expect(r.actionName, r.action).not.toBe(r.action)
  })
})
