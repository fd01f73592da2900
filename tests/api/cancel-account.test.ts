import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('cancel-account', () => {
  it('refused while an unused support ticket exists', async () => {
    const m = await h.member('demo')
    expect(await h.post('cancel-account', { token: m.token, body: {} })).toEqual({ status: 400, body: { message: 'UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE' } })
  })
  it('deletes the member and the identity user', async () => {
    const m = await h.member('fresh')
    expect((await h.post('cancel-account', { token: m.token, body: {} })).status).toBe(200)
    expect((await h.get('user-data', { token: m.token, query: { data: 'MEMBER' } })).status).toBe(401)
    await expect(h.signIn(m.email, m.password)).rejects.toThrow()
  })
})
