import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('password change', () => {
  it('change', async () => {
    const m = await h.member('fresh')
    expect((await h.post('password-change', { token: m.token, body: { newPassword: 'chg12345', newPasswordConfirm: 'chg1234' } })).body.message).toBe('新しいパスワードと新しいパスワード（確認）が異なります')
    expect((await h.post('password-change', { token: m.token, body: { newPassword: 'chg12345', newPasswordConfirm: 'chg12345' } })).status).toBe(200)
    await expect(h.signIn(m.email, 'chg12345')).resolves.toBeTruthy()
    expect((await h.post('password-change', { body: { newPassword: 'chg12345', newPasswordConfirm: 'chg12345' } })).status).toBe(401)
  })
})
