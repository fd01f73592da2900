import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app'
import { createMemoryRateLimitStore, defaultRateLimits, RATE_LIMITED_MESSAGE, type RateLimitStore, type RateLimits } from '../../../server/http/rate-limit'
import { createHarness, type Harness } from '../harness'

// Account attacks (mail floods, a link opened twice, takeovers), probed as an
// attacker would: every test here failed on the code before the fix (docs/reliability.md).
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the concurrent duplicates race
// for real.

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

/** Production limits, with the client address taken from X-Forwarded-For so tests can vary it. */
const production = (): RateLimits => ({ ...defaultRateLimits(false), trustForwardedFor: true })
const off = { max: 0, windowMs: 1 }

type Caller = { ip?: string; token?: string }
const client = (rateLimits: RateLimits = production(), rateLimitStore?: RateLimitStore) => {
  const app = createApp(h.deps, { rateLimits, rateLimitStore })
  return async (name: string, body: unknown, who: Caller = {}) => {
    const res = await app.request(`/api/${name}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': who.ip ?? '203.0.113.1',
        ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: JSON.stringify(body),
    })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    const json = (await res.json()) as any
    // The call's mails leave through the outbox after it (docs/server.md "Outbox"), as the harness's own calls.
    await h.deliver()
    return { status: res.status, body: json }
  }
}

let seq = 0
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++seq}@example.com`
const linkTokens = (to: string) => h.mailer.sent.filter((m) => m.to === to).map((m) => /token=([0-9a-f]+)/.exec(m.text)?.[1] ?? '')
const resetCode = (to: string) => /認証コード: (\d{6})/.exec(h.mailer.last(to)?.text ?? '')?.[1] ?? ''
const signupBody = (email: string, password: string, names: [string, string] = ['鈴木', '一郎']) => ({
  memberLastname: names[0],
  memberFirstname: names[1],
  phoneNumber: '09011112222',
  email,
  password,
  registrationAnswers: [],
  source: 'SIGNUP_FORM',
  recaptchaToken: 'off',
})
const lpBody = (email: string, password: string, names: [string, string] = ['攻撃', '者']) => ({
  ...signupBody(email, password, names),
  source: 'SIGNUP_FORM_LP',
  recaptchaToken: '',
  lpSource: 'ad-1',
})
const signsIn = (email: string, password: string) => h.signIn(email, password).then(() => true, () => false)
const wrongCode = (right: string, i: number) => String(((Number(right) - 100000 + 1 + i) % 900000) + 100000)

describe('signup takeover', () => {
  it("a second signup-request (landing page, no captcha) does not change the first one's password or names", async () => {
    const post = client(defaultRateLimits(true))
    const email = uniqueEmail('victim')
    expect((await post('signup-request', signupBody(email, 'victim1!', ['被害', '者']))).status).toBe(200)
    expect((await post('signup-request', lpBody(email, 'attack1!'), { ip: '198.51.100.66' })).status).toBe(200)
    const [victimLink, attackerLink] = linkTokens(email)
    expect(victimLink).not.toBe(attackerLink)
    const done = await post('signup-complete', { token: victimLink })
    expect(done.status).toBe(200)
    expect(done.body.alreadyCompleted).toBeFalsy()
    expect(await signsIn(email, 'attack1!')).toBe(false)
    expect(await signsIn(email, 'victim1!')).toBe(true)
    const token = await h.signIn(email, 'victim1!')
    const me = await h.get('user-data', { token, query: { data: 'MEMBER' } })
    expect(me.body).toMatchObject({ email, memberLastname: '被害', memberFirstname: '者' })
    // The attacker's link, if the victim opens it later, completes nothing: the address is registered.
    const late = await post('signup-complete', { token: attackerLink })
    expect(late.status).toBe(200)
    expect(late.body).toMatchObject({ alreadyCompleted: true })
    expect(await signsIn(email, 'attack1!')).toBe(false)
    expect(await signsIn(email, 'victim1!')).toBe(true)
  })

  it('each link completes its own registration: the newer request completes with its own password', async () => {
    const post = client(defaultRateLimits(true))
    const email = uniqueEmail('two')
    await post('signup-request', signupBody(email, 'first11!'))
    await post('signup-request', signupBody(email, 'second2!', ['二番', '目']))
    const [, second] = linkTokens(email)
    expect((await post('signup-complete', { token: second })).status).toBe(200)
    expect(await signsIn(email, 'second2!')).toBe(true)
    expect(await signsIn(email, 'first11!')).toBe(false)
  })

  it('the password is kept neither in clear nor under a server-wide key: the stored row alone cannot complete', async () => {
    const post = client(defaultRateLimits(true))
    const email = uniqueEmail('sealed')
    await post('signup-request', signupBody(email, 'sealed1!'))
    const [link] = linkTokens(email)
    const rows = await h.db.execute(sql`select * from pending_signups where email = ${email}`)
    const dump = JSON.stringify((rows as unknown as { rows?: unknown[] }).rows ?? rows)
    expect(dump).not.toContain('sealed1!')
    // Neither is the link's token: a leaked database or WAL cannot open the link.
    expect(dump).not.toContain(link)
  })

  it('two signup-requests for one address at once, then both links at once: one member, one password, no 5xx', async () => {
    const post = client(defaultRateLimits(true))
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('race')
      const reqs = await Promise.all([post('signup-request', signupBody(email, 'raceA11!')), post('signup-request', lpBody(email, 'raceB22!'), { ip: '198.51.100.9' })])
      expect(reqs.map((r) => r.status)).toEqual([200, 200])
      const links = linkTokens(email)
      expect(links).toHaveLength(2)
      const done = await Promise.all(links.map((token) => post('signup-complete', { token })))
      expect(done.map((r) => r.status)).toEqual([200, 200])
      const winners = done.filter((r) => !r.body.alreadyCompleted)
      expect(winners).toHaveLength(1)
      const a = await signsIn(email, 'raceA11!')
      const b = await signsIn(email, 'raceB22!')
      expect([a, b].filter(Boolean)).toHaveLength(1)
    }
  })

  it('two signup-completes of one token at once: one registration, the other answers "already registered"', async () => {
    const post = client(defaultRateLimits(true))
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('dup')
      await post('signup-request', signupBody(email, 'dup12345'))
      const [token] = linkTokens(email)
      const done = await Promise.all([1, 2, 3].map(() => post('signup-complete', { token })))
      expect(done.map((r) => r.status)).toEqual([200, 200, 200])
      expect(done.filter((r) => !r.body.alreadyCompleted)).toHaveLength(1)
      expect(new Set(done.map((r) => r.body.memberId)).size).toBe(1)
      expect(await signsIn(email, 'dup12345')).toBe(true)
    }
  })
})

describe('a link opened twice is not a failure', () => {
  it('signup-complete again answers 200 alreadyCompleted, even from another browser; a bad token still fails', async () => {
    const post = client(defaultRateLimits(true))
    const email = uniqueEmail('twice')
    await post('signup-request', signupBody(email, 'twice123'))
    const [token] = linkTokens(email)
    const first = await post('signup-complete', { token })
    expect(first.status).toBe(200)
    expect(first.body.alreadyCompleted).toBeFalsy()
    const again = await post('signup-complete', { token }, { ip: '192.0.2.77' })
    expect(again).toEqual({ status: 200, body: { email, memberId: first.body.memberId, alreadyCompleted: true } })
    expect((await post('signup-complete', { token: token.replace(/.$/, (c) => (c === '0' ? '1' : '0')) })).status).toBe(400)
  })

  it('an expired signup link fails', async () => {
    const post = client(defaultRateLimits(true))
    const email = uniqueEmail('expired')
    await post('signup-request', signupBody(email, 'expire12'))
    const [token] = linkTokens(email)
    const start = h.clock.now()
    h.clock.set(new Date(start.getTime() + 25 * 3600_000))
    try {
      expect((await post('signup-complete', { token })).status).toBe(400)
    } finally {
      h.clock.set(start)
    }
  })

  it("email-change-complete again answers 200 alreadyCompleted; another member's session gets the failure", async () => {
    const post = client(defaultRateLimits(true))
    const m = await h.member('fresh')
    const other = await h.member('fresh')
    const next = uniqueEmail('changed')
    expect((await post('email-change-request', { email: next }, { token: m.token })).status).toBe(200)
    const [token] = linkTokens(next)
    // Opened while another member is signed in in that browser: not theirs.
    expect((await post('email-change-complete', { token }, { token: other.token })).status).toBe(400)
    expect(await post('email-change-complete', { token })).toEqual({ status: 200, body: { email: next } })
    expect(await post('email-change-complete', { token })).toEqual({ status: 200, body: { email: next, alreadyCompleted: true } })
    expect((await post('email-change-complete', { token }, { token: other.token })).status).toBe(400)
    expect((await post('email-change-complete', { token: 'f'.repeat(48) })).status).toBe(400)
  })

  it('an e-mail change link no longer matching the member (changed again since) fails', async () => {
    const post = client(defaultRateLimits(true))
    const m = await h.member('fresh')
    const first = uniqueEmail('first')
    const second = uniqueEmail('second')
    await post('email-change-request', { email: first }, { token: m.token })
    await post('email-change-request', { email: second }, { token: m.token })
    const [t1] = linkTokens(first)
    const [t2] = linkTokens(second)
    expect((await post('email-change-complete', { token: t1 })).status).toBe(200)
    expect((await post('email-change-complete', { token: t2 })).status).toBe(200)
    expect((await post('email-change-complete', { token: t1 })).status).toBe(400)
  })

  it('two email-change-completes at once: one change, the other answers "already changed", no 5xx', async () => {
    const post = client(defaultRateLimits(true))
    for (let round = 0; round < 3; round++) {
      const m = await h.member('fresh')
      const next = uniqueEmail('racechg')
      await post('email-change-request', { email: next }, { token: m.token })
      const [token] = linkTokens(next)
      const done = await Promise.all([1, 2, 3].map(() => post('email-change-complete', { token })))
      expect(done.map((r) => r.status)).toEqual([200, 200, 200])
      expect(done.filter((r) => !r.body.alreadyCompleted)).toHaveLength(1)
      expect(await signsIn(next, m.password)).toBe(true)
    }
  })

  it('two members changing to one address at once: one wins, the other gets 4xx, no 5xx', async () => {
    const post = client(defaultRateLimits(true))
    const a = await h.member('fresh')
    const b = await h.member('fresh')
    const target = uniqueEmail('contested')
    await post('email-change-request', { email: target }, { token: a.token })
    await post('email-change-request', { email: target }, { token: b.token })
    const links = linkTokens(target)
    const done = await Promise.all(links.map((token) => post('email-change-complete', { token })))
    expect(done.map((r) => r.status).sort()).toEqual([200, 400])
  })

  it('get-coupon again answers 200 alreadyCompleted; an unknown or expired coupon still fails', async () => {
    const post = client(defaultRateLimits(true))
    const m = await h.member('fresh')
    const first = await post('get-coupon', { couponCode: 'LONG-2000' }, { token: m.token })
    expect(first.status).toBe(200)
    expect(first.body.alreadyCompleted).toBeFalsy()
    expect(await post('get-coupon', { couponCode: 'LONG-2000' }, { token: m.token })).toEqual({ status: 200, body: { alreadyCompleted: true } })
    expect((await post('get-coupon', { couponCode: 'NO-SUCH' }, { token: m.token })).status).toBe(400)
    expect((await post('get-coupon', { couponCode: 'EXPIRED300' }, { token: m.token })).status).toBe(400)
  })
})

describe('password reset', () => {
  const noAddressOrEmailLimits = (): RateLimits => {
    const l = production()
    return { ...l, 'password-reset': { perAddress: off, perEmail: off } }
  }

  it('50 wrong guesses at once: at most 5 are tried, then the code is void (even the right one)', async () => {
    const post = client(noAddressOrEmailLimits())
    const m = await h.member('fresh')
    expect((await post('password-reset-request', { email: m.email })).status).toBe(200)
    const code = resetCode(m.email)
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post('password-reset', { authCode: wrongCode(code, i), email: m.email, newPassword: 'hacked12', newPasswordConfirm: 'hacked12' })),
    )
    expect(guesses.every((r) => r.status === 400)).toBe(true)
    expect((await post('password-reset', { authCode: code, email: m.email, newPassword: 'hacked12', newPasswordConfirm: 'hacked12' })).status).toBe(400)
    expect(await signsIn(m.email, 'hacked12')).toBe(false)
  })

  it('4 wrong tries leave the code usable; the 5th wrong try voids it', async () => {
    const post = client(noAddressOrEmailLimits())
    const m = await h.member('fresh')
    await post('password-reset-request', { email: m.email })
    const code = resetCode(m.email)
    for (let i = 0; i < 4; i++) expect((await post('password-reset', { authCode: wrongCode(code, i), email: m.email, newPassword: 'x', newPasswordConfirm: 'x' })).status).toBe(400)
    expect((await post('password-reset', { authCode: code, email: m.email, newPassword: 'newpass1', newPasswordConfirm: 'newpass1' })).status).toBe(200)
    expect(await signsIn(m.email, 'newpass1')).toBe(true)

    const n = await h.member('fresh')
    await post('password-reset-request', { email: n.email })
    const code2 = resetCode(n.email)
    for (let i = 0; i < 5; i++) await post('password-reset', { authCode: wrongCode(code2, i), email: n.email, newPassword: 'newpass1', newPasswordConfirm: 'newpass1' })
    expect((await post('password-reset', { authCode: code2, email: n.email, newPassword: 'newpass1', newPasswordConfirm: 'newpass1' })).status).toBe(400)
  })

  it('a new code voids the older one', async () => {
    const post = client(noAddressOrEmailLimits())
    const m = await h.member('fresh')
    await post('password-reset-request', { email: m.email })
    const older = resetCode(m.email)
    await post('password-reset-request', { email: m.email })
    const newer = resetCode(m.email)
    if (older !== newer) {
      expect((await post('password-reset', { authCode: older, email: m.email, newPassword: 'older123', newPasswordConfirm: 'older123' })).status).toBe(400)
    }
    expect((await post('password-reset', { authCode: newer, email: m.email, newPassword: 'newer123', newPasswordConfirm: 'newer123' })).status).toBe(200)
    expect(await signsIn(m.email, 'newer123')).toBe(true)
  })

  it('concurrent requests leave exactly one live code', async () => {
    const post = client(noAddressOrEmailLimits())
    const m = await h.member('fresh')
    await Promise.all([1, 2, 3, 4].map(() => post('password-reset-request', { email: m.email })))
    const codes = [...new Set(h.mailer.sent.filter((x) => x.to === m.email).map((x) => /認証コード: (\d{6})/.exec(x.text)?.[1] ?? ''))]
    const results = []
    for (const c of codes) results.push((await post('password-reset', { authCode: c, email: m.email, newPassword: `p${c}`, newPasswordConfirm: `p${c}` })).status)
    expect(results.filter((s) => s === 200)).toHaveLength(1)
  })

  it('password-reset is limited per e-mail and per address (429, Japanese message)', async () => {
    const limits = production()
    const post = client(limits)
    const m = await h.member('fresh')
    await post('password-reset-request', { email: m.email })
    const perEmail = limits['password-reset'].perEmail.max
    const statuses = []
    for (let i = 0; i < perEmail + 1; i++) {
      statuses.push((await post('password-reset', { authCode: '000000', email: m.email, newPassword: 'abc1234', newPasswordConfirm: 'abc1234' }, { ip: `10.0.${i}.1` })).status)
    }
    expect(statuses.at(-1)).toBe(429)
    const perAddress = limits['password-reset'].perAddress.max
    const fromOne = []
    for (let i = 0; i < perAddress + 1; i++) {
      fromOne.push(await post('password-reset', { authCode: '000000', email: `spray-${i}@example.com`, newPassword: 'abc1234', newPasswordConfirm: 'abc1234' }, { ip: '10.9.9.9' }))
    }
    expect(fromOne.at(-1)).toEqual({ status: 429, body: { message: RATE_LIMITED_MESSAGE } })
    expect(RATE_LIMITED_MESSAGE).toMatch(/[ぁ-んァ-ン]/)
  })

  it('password-reset-request: unknown e-mail keeps "Member Not Found." (product.md §8), and requests are limited per e-mail and per address', async () => {
    const limits = production()
    const post = client(limits)
    expect(await post('password-reset-request', { email: uniqueEmail('nobody') }, { ip: '10.1.1.1' })).toEqual({ status: 400, body: { message: 'Member Not Found.' } })
    const m = await h.member('fresh')
    const before = h.mailer.sent.filter((x) => x.to === m.email).length
    const statuses = []
    for (let i = 0; i < limits['password-reset-request'].perEmail.max + 3; i++) statuses.push((await post('password-reset-request', { email: m.email }, { ip: `10.2.${i}.1` })).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(limits['password-reset-request'].perEmail.max)
    expect(h.mailer.sent.filter((x) => x.to === m.email).length - before).toBe(limits['password-reset-request'].perEmail.max)
    const probes = []
    for (let i = 0; i < limits['password-reset-request'].perAddress.max + 1; i++) probes.push((await post('password-reset-request', { email: uniqueEmail('enum') }, { ip: '10.3.3.3' })).status)
    expect(probes.at(-1)).toBe(429)
  })
})

describe('login limits', () => {
  it("ten junk-captcha logins with a victim's e-mail do not lock the victim out", async () => {
    const post = client()
    const victim = uniqueEmail('victim-login')
    for (let i = 0; i < 12; i++) expect((await post('login', { recaptchaToken: 'junk', email: victim }, { ip: '198.51.100.200' })).status).not.toBe(200)
    expect((await post('login', { recaptchaToken: 'off', email: victim }, { ip: '203.0.113.50' })).status).toBe(200)
  })

  it('leaving out the e-mail does not skip the count: one address is limited whatever it sends', async () => {
    const limits = production()
    const post = client(limits)
    const statuses = []
    for (let i = 0; i < limits.login.perAddressEmail.max + 1; i++) statuses.push((await post('login', { recaptchaToken: 'off' }, { ip: '198.51.100.201' })).status)
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })

  it('one address spraying e-mails is limited per address; other addresses still log in', async () => {
    const limits = production()
    const post = client(limits)
    const statuses = []
    for (let i = 0; i < limits.login.perAddress.max + 1; i++) statuses.push((await post('login', { recaptchaToken: 'off', email: `spray${i}@example.com` }, { ip: '198.51.100.202' })).status)
    expect(statuses.at(-1)).toBe(429)
    expect((await post('login', { recaptchaToken: 'off', email: 'spray0@example.com' }, { ip: '198.51.100.203' })).status).toBe(200)
  })
})

describe('shared counters (docs/design.md "Scale path")', () => {
  it('two replicas given one RateLimitStore count together', async () => {
    const limits = production()
    const store = createMemoryRateLimitStore()
    const replicas = [client(limits, store), client(limits, store)]
    const statuses = []
    for (let i = 0; i < limits.login.perAddressEmail.max + 1; i++) statuses.push((await replicas[i % 2]('login', { recaptchaToken: 'off', email: 'shared@example.com' }, { ip: '198.51.100.210' })).status)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('mail floods', () => {
  it('signup mails to one address are limited, whatever the sender address', async () => {
    const limits = production()
    const post = client(limits)
    const email = uniqueEmail('flood')
    const statuses = []
    for (let i = 0; i < limits['signup-request'].perEmail.max + 3; i++) statuses.push((await post('signup-request', lpBody(email, 'flood123'), { ip: `10.4.${i}.1` })).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(limits['signup-request'].perEmail.max)
    expect(statuses.at(-1)).toBe(429)
    expect(h.mailer.sent.filter((m) => m.to === email)).toHaveLength(limits['signup-request'].perEmail.max)
  })

  it('the landing-page variant (no captcha) is limited per address more strictly than the captcha form', async () => {
    const limits = production()
    const post = client(limits)
    const lp = []
    for (let i = 0; i < limits['signup-request'].perAddressWithoutCaptcha.max + 1; i++) lp.push((await post('signup-request', lpBody(uniqueEmail('lp'), 'flood123'), { ip: '10.5.5.5' })).status)
    expect(lp.at(-1)).toBe(429)
    expect(limits['signup-request'].perAddressWithoutCaptcha.max).toBeLessThan(limits['signup-request'].perAddress.max)
    const form = []
    for (let i = 0; i < limits['signup-request'].perAddress.max + 1; i++) form.push((await post('signup-request', signupBody(uniqueEmail('form'), 'flood123'), { ip: '10.5.5.6' })).status)
    expect(form.slice(0, -1).every((s) => s === 200)).toBe(true)
    expect(form.at(-1)).toBe(429)
  })

  it('a failed captcha on the form variant answers 400 and sends nothing', async () => {
    const app = createApp({ ...h.deps, config: { ...h.deps.config, recaptchaSecret: 'secret-for-test' } }, { rateLimits: production() })
    const email = uniqueEmail('captcha')
    const res = await app.request('/api/signup-request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...signupBody(email, 'capt1234'), recaptchaToken: 'junk' }) })
    expect(res.status).toBe(400)
    expect(h.mailer.sent.filter((m) => m.to === email)).toHaveLength(0)
  })

  it('e-mail change mails are limited per target address and per member', async () => {
    const limits = production()
    const post = client(limits)
    const m = await h.member('fresh')
    const target = uniqueEmail('chgflood')
    const statuses = []
    for (let i = 0; i < limits['email-change-request'].perEmail.max + 2; i++) statuses.push((await post('email-change-request', { email: target }, { token: m.token, ip: `10.6.${i}.1` })).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(limits['email-change-request'].perEmail.max)
    expect(h.mailer.sent.filter((x) => x.to === target)).toHaveLength(limits['email-change-request'].perEmail.max)

    const n = await h.member('fresh')
    const spread = []
    for (let i = 0; i < limits['email-change-request'].perMember.max + 1; i++) spread.push((await post('email-change-request', { email: uniqueEmail('spread') }, { token: n.token, ip: `10.7.${i}.1` })).status)
    expect(spread.at(-1)).toBe(429)
  })
})
