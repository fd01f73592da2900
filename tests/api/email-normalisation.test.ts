import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { defaultRateLimits } from '../../server/http/rate-limit'
import { fieldMessages } from '../../contract/messages'
import { createHarness, type Harness } from './harness'

// One mailbox, one member (docs/decisions.md "One mailbox, one member"): signup, e-mail change and
// password reset take the address through the contract's normalisation (NFKC, IDNA domain, lower
// case, invisible characters and non-ASCII local parts refused) before uniqueness and the counts.

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const FORMAT = fieldMessages.emailFormat
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
const signupBody = (email: string) => ({ memberLastname: '鈴木', memberFirstname: '一郎', phoneNumber: '09011112222', email, password: 'abc123!', source: 'SIGNUP_FORM', recaptchaToken: 'off' })
const mailsTo = (to: string) => h.mailer.sent.filter((m) => m.to === to).length
const mailsNotTo = (to: string, since: number) => h.mailer.sent.slice(since).filter((m) => m.to !== to)

describe('one mailbox, one member', () => {
  it('a full-width domain or local part of a member’s address cannot sign up as a second member', async () => {
    const m = await h.member()
    const [local, domain] = m.email.split('@')
    const before = h.mailer.sent.length
    for (const variant of [`${local}@${fullWidth(domain)}`, `${local}@${fullWidth(domain).replace('．', '.')}`, `${fullWidth(local)}@${domain}`, m.email.toUpperCase()]) {
      expect(await h.post('signup-request', { body: signupBody(variant) }), variant).toEqual({ status: 400, body: { message: 'EMAIL_ALREADY_USED' } })
    }
    expect(h.mailer.sent.length).toBe(before)
  })

  it('a new address typed full-width is registered, mailed and signed in as its plain form', async () => {
    const plain = `fw-${Date.now()}@example.com`
    expect((await h.post('signup-request', { body: signupBody(fullWidth(plain)) })).status).toBe(200)
    const link = /token=([0-9a-f]+)/.exec(h.mailer.last(plain)?.text ?? '')?.[1]
    expect(link).toBeTruthy()
    expect(await h.post('signup-complete', { body: { token: link } })).toMatchObject({ status: 200, body: { email: plain } })
    const me = await h.get('user-data', { token: await h.signIn(plain, 'abc123!'), query: { data: 'MEMBER' } })
    expect(me.body.email).toBe(plain)
  })

  it('refuses a zero-width space, other invisible characters and a Cyrillic letter with the e-mail format message', async () => {
    const m = await h.member()
    const [local, domain] = m.email.split('@')
    const refused = [
      `${local}\u200b@${domain}`, // zero-width space
      `${local}@${domain}\u200b`,
      `${local.slice(0, 1)}\u200d${local.slice(1)}@${domain}`, // zero-width joiner
      `${local}@exam\u00adple.com`, // soft hyphen, which IDNA would silently drop
      `${local}\ufeff@${domain}`, // BOM
      `${local.replace('m', 'м')}@${domain}`, // Cyrillic in the local part
      `${local}@ex\u0430mple.com`, // Cyrillic а among Latin letters of the domain
    ]
    const before = h.mailer.sent.length
    for (const email of refused) {
      expect(await h.post('signup-request', { body: signupBody(email) }), JSON.stringify(email)).toEqual({ status: 400, body: { message: FORMAT } })
      expect(await h.post('password-reset-request', { body: { email } }), JSON.stringify(email)).toEqual({ status: 400, body: { message: FORMAT } })
      expect(await h.post('email-change-request', { token: m.token, body: { email } }), JSON.stringify(email)).toEqual({ status: 400, body: { message: FORMAT } })
    }
    expect(h.mailer.sent.length).toBe(before)
  })

  it('an e-mail change to another member’s address spelt full-width is EMAIL_ALREADY_USED; to a new one mails its plain form', async () => {
    const a = await h.member()
    const b = await h.member()
    const [local, domain] = b.email.split('@')
    expect(await h.post('email-change-request', { token: a.token, body: { email: `${fullWidth(local)}@${fullWidth(domain)}` } })).toEqual({ status: 400, body: { message: 'EMAIL_ALREADY_USED' } })
    const fresh = `new-${Date.now()}@example.com`
    expect((await h.post('email-change-request', { token: a.token, body: { email: fullWidth(fresh) } })).status).toBe(200)
    expect(h.mailer.last(fresh)?.text).toContain('/settings/email-change-complete?token=')
  })

  it('a reset asked for with a full-width address mails the member’s own address', async () => {
    const m = await h.member()
    const before = h.mailer.sent.length
    expect((await h.post('password-reset-request', { body: { email: fullWidth(m.email) } })).status).toBe(200)
    expect(h.mailer.last(m.email)?.text).toMatch(/\d{6}/)
    expect(mailsNotTo(m.email, before)).toEqual([])
  })

  it('seven one-letter full-width variants of one address send no more mails than the per-e-mail limit', async () => {
    // Production limits (5 per e-mail per hour); the per-address rules stay far above 7.
    const limited = createApp(h.deps, { rateLimits: defaultRateLimits(false) })
    // Each call's mails leave through the outbox after it (docs/server.md "Outbox").
    const post = (name: string, body: object) =>
      Promise.resolve(limited.request(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).then(async (res) => (await h.deliver(), res))
    const perEmail = defaultRateLimits(false)['signup-request'].perEmail.max
    const plain = `seven-${Date.now()}@example.com`
    const variants = Array.from({ length: 7 }, (_, i) => plain.slice(0, i) + fullWidth(plain[i]) + plain.slice(i + 1))
    expect(new Set(variants).size).toBe(7)
    const statuses: number[] = []
    for (const email of variants) statuses.push((await post('signup-request', signupBody(email))).status)
    expect(statuses).toEqual(variants.map((_, i) => (i < perEmail ? 200 : 429)))
    expect(mailsTo(plain)).toBe(perEmail)
    expect(h.mailer.sent.filter((m) => m.to !== plain && m.to.normalize('NFKC').toLowerCase() === plain)).toEqual([])

    // The reset code's per-e-mail count too.
    const m = await h.member()
    const before = mailsTo(m.email)
    const resetVariants = Array.from({ length: 7 }, (_, i) => m.email.slice(0, i) + fullWidth(m.email[i]) + m.email.slice(i + 1))
    const resetStatuses: number[] = []
    for (const email of resetVariants) resetStatuses.push((await post('password-reset-request', { email })).status)
    const resetLimit = defaultRateLimits(false)['password-reset-request'].perEmail.max
    expect(resetStatuses.filter((s) => s === 200)).toHaveLength(resetLimit)
    expect(resetStatuses.filter((s) => s === 429)).toHaveLength(7 - resetLimit)
    expect(mailsTo(m.email) - before).toBe(resetLimit)
  })
})
