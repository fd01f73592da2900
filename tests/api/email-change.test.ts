import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const linkToken = (text: string | undefined) => /token=([0-9a-f]+)/.exec(text ?? '')?.[1] ?? ''

describe('e-mail change', () => {
  it('email-change: link to the new address, completion changes the sign-in e-mail', async () => {
    const m = await h.member('fresh')
    const other = await h.member('fresh')
    expect((await h.post('email-change-request', { token: m.token, body: { email: other.email } })).status).toBe(400)
    const next = `n-${Date.now()}@example.com`
    expect((await h.post('email-change-request', { token: m.token, body: { email: next } })).status).toBe(200)
    const mail = h.mailer.last(next)
    expect(mail?.text).toContain('http://app.test/settings/email-change-complete?token=')
    expect(await h.post('email-change-complete', { body: { token: linkToken(mail?.text) } })).toEqual({ status: 200, body: { email: next } })
    await expect(h.signIn(next, m.password)).resolves.toBeTruthy()
    expect(await h.post('email-change-complete', { body: { token: linkToken(mail?.text) } })).toEqual({ status: 200, body: { email: next, alreadyCompleted: true } })
  })
})
