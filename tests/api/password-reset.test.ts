import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('password reset', () => {
  it('reset: code by mail, then the new password works', async () => {
    const m = await h.member('fresh')
    expect((await h.post('password-reset-request', { body: { email: m.email } })).status).toBe(200)
    const code = /認証コード: (\d{6})/.exec(h.mailer.last(m.email)?.text ?? '')?.[1]
    expect(code).toBeTruthy()
    const bad = await h.post('password-reset', { body: { authCode: '000000', email: m.email, newPassword: 'newpass1', newPasswordConfirm: 'newpass1' } })
    expect(bad.status).toBe(400)
    const mismatch = await h.post('password-reset', { body: { authCode: code, email: m.email, newPassword: 'newpass1', newPasswordConfirm: 'newpass2' } })
    expect(mismatch).toEqual({ status: 400, body: { message: '新しいパスワードと確認用パスワードが一致しません' } })
    expect((await h.post('password-reset', { body: { authCode: code, email: m.email, newPassword: 'newpass1', newPasswordConfirm: 'newpass1' } })).status).toBe(200)
    await expect(h.signIn(m.email, 'newpass1')).resolves.toBeTruthy()
    expect((await h.post('password-reset', { body: { authCode: code, email: m.email, newPassword: 'newpass2', newPasswordConfirm: 'newpass2' } })).status).toBe(400)
  })
  it('reset request for an unknown member is 4xx', async () => {
    expect((await h.post('password-reset-request', { body: { email: 'nobody@example.com' } })).status).toBe(400)
  })
})
