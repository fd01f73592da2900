import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { RECENT_SIGN_IN_SECONDS } from '../../server/routes/password-change'
import { createHarness, type Harness } from './harness'

// Security mails (docs/server.md "Security mails"): after a password change, after a password
// reset, and to the OLD address after an e-mail change. The password change needs a recent
// sign-in (the browser re-authenticates with the current password first).

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const mailsTo = (to: string, since: number) => h.mailer.sent.slice(since).filter((m) => m.to === to)
const linkToken = (text: string | undefined) => /token=([0-9a-f]+)/.exec(text ?? '')?.[1] ?? ''

describe('password change', () => {
  it('mails the member once the password is changed, and nothing for a refused change', async () => {
    const m = await h.member('fresh')
    const since = h.mailer.sent.length
    const mismatch = await h.post('password-change', { token: m.token, body: { newPassword: 'chg12345', newPasswordConfirm: 'chg1234' } })
    expect(mismatch.status).toBe(400)
    expect(h.mailer.sent.length).toBe(since)
    expect((await h.post('password-change', { token: m.token, body: { newPassword: 'chg12345', newPasswordConfirm: 'chg12345' } })).status).toBe(200)
    const sent = mailsTo(m.email, since)
    expect(sent.map((x) => x.subject)).toEqual(['【ITサポート】パスワードが変更されました'])
    expect(sent[0].text).toContain('2025年6月10日 10:00')
    expect(sent[0].text).toContain('お心当たりがない場合は')
    expect(sent[0].text).toContain('http://app.test/password-reset-request')
    expect(sent[0].text).not.toContain('chg12345')
  })

  it('refuses a token whose sign-in is older than the recent-sign-in window: password unchanged, nothing mailed', async () => {
    const m = await h.member('fresh')
    const stale = Math.floor(Date.now() / 1000) - RECENT_SIGN_IN_SECONDS - 5
    const identity = { ...h.deps.identity, verifyIdToken: async (t: string) => ({ ...(await h.deps.identity.verifyIdToken(t)), authTime: stale }) }
    const app = createApp({ ...h.deps, identity })
    const since = h.mailer.sent.length
    const res = await app.request('/api/password-change', {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ newPassword: 'stale123', newPasswordConfirm: 'stale123' }),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: 'REAUTHENTICATION_REQUIRED' })
    await expect(h.signIn(m.email, 'stale123')).rejects.toThrow()
    await expect(h.signIn(m.email, m.password)).resolves.toBeTruthy()
    expect(h.mailer.sent.length).toBe(since)
  })
})

describe('password reset', () => {
  it('mails the member once the new password is set, not for a wrong code', async () => {
    const m = await h.member('fresh')
    expect((await h.post('password-reset-request', { body: { email: m.email } })).status).toBe(200)
    const code = /認証コード: (\d{6})/.exec(h.mailer.last(m.email)?.text ?? '')?.[1]
    const since = h.mailer.sent.length
    expect((await h.post('password-reset', { body: { authCode: code === '000000' ? '111111' : '000000', email: m.email, newPassword: 'newpass1', newPasswordConfirm: 'newpass1' } })).status).toBe(400)
    expect(h.mailer.sent.length).toBe(since)
    expect((await h.post('password-reset', { body: { authCode: code, email: m.email, newPassword: 'newpass1', newPasswordConfirm: 'newpass1' } })).status).toBe(200)
    const sent = mailsTo(m.email, since)
    expect(sent.map((x) => x.subject)).toEqual(['【ITサポート】パスワードが再設定されました'])
    expect(sent[0].text).toContain('お心当たりがない場合は')
    expect(sent[0].text).not.toContain('newpass1')
  })
})

describe('e-mail change', () => {
  it('tells the OLD address, once, with the new one masked; the new address gets only its link', async () => {
    const m = await h.member('fresh')
    const next = `moved-${Date.now()}@example.org`
    expect((await h.post('email-change-request', { token: m.token, body: { email: next } })).status).toBe(200)
    const link = linkToken(h.mailer.last(next)?.text)
    const since = h.mailer.sent.length
    expect(await h.post('email-change-complete', { body: { token: link } })).toEqual({ status: 200, body: { email: next } })
    const toOld = mailsTo(m.email, since)
    expect(toOld.map((x) => x.subject)).toEqual(['【ITサポート】メールアドレスが変更されました'])
    expect(toOld[0].text).toContain(`新しいメールアドレス: m***@example.org`)
    expect(toOld[0].text).not.toContain(next)
    expect(mailsTo(next, since)).toEqual([])
    // The link opened again changes nothing and mails nothing.
    expect((await h.post('email-change-complete', { body: { token: link } })).body).toMatchObject({ alreadyCompleted: true })
    expect(h.mailer.sent.length).toBe(since + 1)
  })

  it('a mail server that fails does not turn a done change into an error', async () => {
    const m = await h.member('fresh')
    const failing = { deliver: async () => Promise.reject(new Error('SMTP down')) }
    const app = createApp({ ...h.deps, mailer: failing })
    const res = await app.request('/api/password-change', {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ newPassword: 'down1234', newPasswordConfirm: 'down1234' }),
    })
    expect(res.status).toBe(200)
    await expect(h.signIn(m.email, 'down1234')).resolves.toBeTruthy()
  })
})
