import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { staffMessages } from '../../contract/staff-messages'
import { auditLog, members, staffAccounts } from '../../server/db/schema'
import { demoStaff } from '../../server/db/seed/staff-accounts'
import { ensureDemoStaff } from '../../server/services/staff/accounts'
import { createHarness, type Harness } from './harness'
import { staffAccount, staffGet, staffPost } from './staff-harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('staff roles: token, then claim and row, then input', () => {
  it('anonymous 401, member 403, operator and consultant see themselves', async () => {
    expect((await staffGet(h, 'staff-me')).status).toBe(401)
    expect((await staffGet(h, 'staff-me', { token: 'not-a-token' })).status).toBe(401)
    const member = await h.member('fresh')
    const refused = await staffGet(h, 'staff-me', { token: member.token })
    expect(refused).toEqual({ status: 403, body: { message: staffMessages.forbidden } })

    const op = await staffAccount(h, [{ role: 'operator' }])
    expect((await staffGet(h, 'staff-me', { token: op.token })).body).toEqual({ uid: op.uid, email: op.email, roles: ['operator'], staffId: null, nickname: null })
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-03' }])
    expect((await staffGet(h, 'staff-me', { token: cs.token })).body).toMatchObject({ roles: ['consultant'], staffId: 'STAFF-03', nickname: 'みどり' })
    // A consultant is not an operator.
    expect((await staffGet(h, 'staff-accounts', { token: cs.token })).status).toBe(403)
  })

  it('bad input is 400 with a message, after the role', async () => {
    const op = await staffAccount(h, [{ role: 'operator' }])
    const member = await h.member('fresh')
    // The member learns nothing about the input rules.
    expect((await staffPost(h, 'role-grant', { token: member.token, body: { email: 'x' } })).status).toBe(403)
    const bad = await staffPost(h, 'role-grant', { token: op.token, body: { email: 'x@example.com', role: 'admin' } })
    expect(bad).toEqual({ status: 400, body: { message: staffMessages.roleInvalid } })
    expect((await staffPost(h, 'role-grant', { token: op.token, body: '{nope' })).status).toBe(400)
    expect((await staffPost(h, 'role-grant', { token: op.token, body: { email: 'x@example.com', role: 'consultant' } })).body.message).toBe(staffMessages.consultantNeedsStaff)
  })

  it('a revoked role is refused on the next call with the old token; grants and revokes are audited', async () => {
    const op = await staffAccount(h, [{ role: 'operator' }])
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-04' }])
    expect((await staffGet(h, 'staff-me', { token: cs.token })).status).toBe(200)
    const revoked = await staffPost(h, 'role-revoke', { token: op.token, body: { uid: cs.uid, role: 'consultant' } })
    expect(revoked.status).toBe(200)
    expect(revoked.body.account).toMatchObject({ uid: cs.uid, roles: [], staffId: null })
    // The old token still carries the claim: the row refuses it.
    expect((await staffGet(h, 'staff-me', { token: cs.token })).status).toBe(403)
    // Granted again through the call: the row and (after a new sign-in) the claim.
    const granted = await staffPost(h, 'role-grant', { token: op.token, body: { email: cs.email, role: 'consultant', staffId: 'STAFF-04' } })
    expect(granted.status).toBe(200)
    expect((await staffGet(h, 'staff-me', { token: await h.signIn(cs.email, cs.password) })).body.staffId).toBe('STAFF-04')
    // Another account cannot work as the same staff row.
    const taken = await staffPost(h, 'role-grant', { token: op.token, body: { email: op.email, role: 'consultant', staffId: 'STAFF-04' } })
    expect(taken).toEqual({ status: 409, body: { message: staffMessages.staffAlreadyLinked } })

    const rows = await h.db.select().from(auditLog).where(sql`${auditLog.targetId} = ${cs.uid} and ${auditLog.actorUid} = ${op.uid}`).orderBy(auditLog.id)
    expect(rows.map((r) => [r.action, r.actorRole])).toEqual([['role-revoke', 'operator'], ['role-grant', 'operator']])
    expect(rows[0].before).toMatchObject({ roles: ['consultant'], staffId: 'STAFF-04' })
    expect(rows[0].after).toMatchObject({ roles: [], staffId: null })
    // Append-only, in the database too.
    await expect(h.db.execute(sql`delete from audit_log`)).rejects.toThrow()
  })

  it('a claim without the row is refused (a token minted elsewhere cannot make itself staff)', async () => {
    const member = await h.member('fresh')
    await h.deps.identity.setCustomClaims!(member.memberId, { role: ['operator'] })
    const token = await h.signIn(member.email, member.password)
    expect((await staffGet(h, 'staff-me', { token })).status).toBe(403)
  })

  it('a member account gets no staff role (docs/decisions.md 60): 409, no row, no claim, nothing audited', async () => {
    const op = await staffAccount(h, [{ role: 'operator' }])
    const member = await h.member('fresh')
    const refused = { status: 409, body: { message: staffMessages.memberAccount } }
    // The member's address, with or without a first password, for either role.
    expect(await staffPost(h, 'role-grant', { token: op.token, body: { email: member.email, role: 'operator' } })).toEqual(refused)
    expect(await staffPost(h, 'role-grant', { token: op.token, body: { email: member.email, role: 'operator', initialPassword: 'staff-pass-1234' } })).toEqual(refused)
    expect(await staffPost(h, 'role-grant', { token: op.token, body: { email: member.email, role: 'consultant', staffId: 'STAFF-05' } })).toEqual(refused)
    // The identity account is the member's by its uid, even when the members row has another address.
    await h.db.update(members).set({ email: `elsewhere-${member.memberId.toLowerCase()}@example.com` }).where(eq(members.memberId, member.memberId))
    expect(await staffPost(h, 'role-grant', { token: op.token, body: { email: member.email, role: 'operator' } })).toEqual(refused)

    expect(await h.db.select().from(staffAccounts).where(eq(staffAccounts.uid, member.memberId))).toEqual([])
    expect(await h.db.select().from(auditLog).where(eq(auditLog.targetId, member.memberId))).toEqual([])
    // Still a member, not staff.
    expect((await staffGet(h, 'staff-me', { token: await h.signIn(member.email, member.password) })).status).toBe(403)
  })

  it('the last operator keeps the role', async () => {
    const rows = await staffGet(h, 'staff-accounts', { token: (await staffAccount(h, [{ role: 'operator' }])).token })
    expect(rows.status).toBe(200)
    const ops = (rows.body.accounts as { uid: string; roles: string[] }[]).filter((a) => a.roles.includes('operator'))
    const last = await staffAccount(h, [{ role: 'operator' }])
    for (const o of ops) expect((await staffPost(h, 'role-revoke', { token: last.token, body: { uid: o.uid, role: 'operator' } })).status).toBe(200)
    expect(await staffPost(h, 'role-revoke', { token: last.token, body: { uid: last.uid, role: 'operator' } })).toEqual({ status: 409, body: { message: staffMessages.lastOperator } })
  })

  it('the demo operator and consultant of local stacks sign in with their published passwords', async () => {
    await ensureDemoStaff(h.deps, demoStaff, h.clock.now())
    // Twice, as on every start: idempotent.
    await ensureDemoStaff(h.deps, demoStaff, h.clock.now())
    const op = await h.signIn('operator@example.com', 'operator1234')
    expect((await staffGet(h, 'staff-me', { token: op })).body).toMatchObject({ email: 'operator@example.com', roles: ['operator'], staffId: null })
    const cs = await h.signIn('consultant@example.com', 'consultant1234')
    expect((await staffGet(h, 'staff-me', { token: cs })).body).toMatchObject({ email: 'consultant@example.com', roles: ['consultant'], staffId: 'STAFF-01', nickname: 'さくら' })
  })
})
