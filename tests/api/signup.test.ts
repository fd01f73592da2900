import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { createHarness, type Harness } from './harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const linkToken = (text: string | undefined) => /token=([0-9a-f]+)/.exec(text ?? '')?.[1] ?? ''

describe('signup', () => {
  it('request mails a link; completion creates the member, who can sign in with the free interview ticket', async () => {
    const email = `s-${Date.now()}@example.com`
    const body = { memberLastname: '鈴木', memberFirstname: '一郎', phoneNumber: '09011112222', email, password: 'abc123!', registrationAnswers: ['インターネット'], source: 'SIGNUP_FORM', recaptchaToken: 'off' }
    expect((await h.post('signup-request', { body })).status).toBe(200)
    const mail = h.mailer.last(email)
    expect(mail?.text).toContain('http://app.test/registeration-complete?token=')
    await expect(h.signIn(email, 'abc123!')).rejects.toThrow()
    const done = await h.post('signup-complete', { body: { token: linkToken(mail?.text) } })
    expect(done.status).toBe(200)
    const token = await h.signIn(email, 'abc123!')
    const me = await h.get('user-data', { token, query: { data: 'MEMBER' } })
    expect(me.body).toMatchObject({ email, memberLastname: '鈴木', useFreeInterviewTime: null })
    // The same e-mail again: 4xx (the UI shows ご入力いただいたメールアドレスは既に使用されています。).
    expect((await h.post('signup-request', { body })).status).toBe(400)
    // The link opened again: the registration stands, not a failure.
    expect(await h.post('signup-complete', { body: { token: linkToken(mail?.text) } })).toEqual({ status: 200, body: { email, memberId: done.body.memberId, alreadyCompleted: true } })
  })
  it('gives the free interview ticket the support number of the landing page signed up from (product.md §9)', async () => {
    // The harness runs with the local numbers: default 0120-000-111, lp-a 0120-000-222, lp-b 0120-000-333.
    const telOf = async (lpSource: string | null) => {
      const email = `tel-${lpSource ?? 'none'}-${Date.now()}@example.com`
      const body = { memberLastname: '鈴木', memberFirstname: '一郎', phoneNumber: '09011112222', email, password: 'abc123!', source: 'SIGNUP_FORM_LP', lpSource, recaptchaToken: 'off' }
      expect((await h.post('signup-request', { body })).status).toBe(200)
      expect((await h.post('signup-complete', { body: { token: linkToken(h.mailer.last(email)?.text) } })).status).toBe(200)
      const token = await h.signIn(email, 'abc123!')
      const list = (await h.get('user-data', { token, query: { data: 'MEMBER_INTERVIEW_TICKET' } })).body.interviewtTicketList as Array<{ isFreeTicket: boolean; interviewTelNumber: string | null }>
      return list.find((t) => t.isFreeTicket)?.interviewTelNumber
    }
    expect(await telOf('lp-b')).toBe('0120-000-333')
    expect(await telOf('lp-a')).toBe('0120-000-222')
    expect(await telOf('unknown-page')).toBe('0120-000-111')
    expect(await telOf(null)).toBe('0120-000-111')
  })

  it('keeps the coupon link it came from: signup-complete hands the code back and the first login claims it', async () => {
    const email = `cp-${Date.now()}@example.com`
    const body = { memberLastname: '鈴木', memberFirstname: '一郎', phoneNumber: '09011112222', email, password: 'abc123!', source: 'SIGNUP_FORM', recaptchaToken: 'off', couponCode: 'CAMPAIGN2000' }
    expect((await h.post('signup-request', { body })).status).toBe(200)
    const token = linkToken(h.mailer.last(email)?.text)
    const done = await h.post('signup-complete', { body: { token } })
    expect(done).toMatchObject({ status: 200, body: { email, couponCode: 'CAMPAIGN2000' } })
    // Reopened, the link still carries it (the member may log in from the "already registered" page).
    expect((await h.post('signup-complete', { body: { token } })).body).toMatchObject({ alreadyCompleted: true, couponCode: 'CAMPAIGN2000' })
    const idToken = await h.signIn(email, 'abc123!')
    expect((await h.post('get-coupon', { token: idToken, body: { couponCode: 'CAMPAIGN2000' } })).status).toBe(200)
    const held = await h.get('user-data', { token: idToken, query: { data: 'MEMBER_COUPON' } })
    expect(held.body.couponList.map((c: { couponCode: string }) => c.couponCode)).toEqual(['CAMPAIGN2000'])
    // Without one, the answer has none.
    const plain = `np-${Date.now()}@example.com`
    expect((await h.post('signup-request', { body: { ...body, email: plain, couponCode: undefined } })).status).toBe(200)
    expect((await h.post('signup-complete', { body: { token: linkToken(h.mailer.last(plain)?.text) } })).body).not.toHaveProperty('couponCode')
  })

  it('checks the captcha except on the landing-page variant (product.md §1)', async () => {
    // With a reCAPTCHA secret configured, the "off" token no longer passes; the LP form has no captcha.
    const app = createApp({ ...h.deps, config: { ...h.deps.config, recaptchaSecret: 'secret-for-test' } })
    const post = (body: object) => app.request('/api/signup-request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const base = { memberLastname: '佐藤', memberFirstname: '花子', phoneNumber: '0311112222', password: 'abc123!', recaptchaToken: 'off' }
    expect((await post({ ...base, email: `c-${Date.now()}@example.com`, source: 'SIGNUP_FORM' })).status).toBe(400)
    expect((await post({ ...base, email: `lp-${Date.now()}@example.com`, source: 'SIGNUP_FORM_LP', lpSource: 'ad-1' })).status).toBe(200)
  })
  it('validates like the form', async () => {
    const body = { memberLastname: '', memberFirstname: '一郎', phoneNumber: '0901111', email: 'bad', password: '1', source: 'SIGNUP_FORM', recaptchaToken: 'off' }
    const r = await h.post('signup-request', { body })
    expect(r).toEqual({ status: 400, body: { message: '姓を入力してください' } })
    expect((await h.post('signup-request', { body: { ...body, memberLastname: '鈴木' } })).body.message).toBe('半角の数字10桁か11桁で入力してください')
    expect((await h.post('signup-complete', { body: { token: 'nope' } })).status).toBe(400)
  })
})
