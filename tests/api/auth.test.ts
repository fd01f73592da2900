import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

let h: Harness

beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('login', () => {
  it('accepts the "off" captcha token when no secret is configured', async () => {
    expect(await h.post('login', { body: { recaptchaToken: 'off' } })).toEqual({ status: 200, body: {} })
  })
  it('refuses another captcha token', async () => {
    const r = await h.post('login', { body: { recaptchaToken: 'forged' } })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('RECAPTCHA_FAILED')
  })
  it('answers 400 for a missing token or broken JSON, never 500', async () => {
    expect((await h.post('login', { body: {} })).status).toBe(400)
    expect((await h.post('login', { body: '{oops' })).status).toBe(400)
  })
})

describe('bearer token', () => {
  it('answers 401 without a token', async () => {
    expect(await h.get('user-data', { query: { data: 'MEMBER' } })).toEqual({ status: 401, body: { message: 'User is not logged in' } })
  })
  it('answers 401 for a forged token', async () => {
    const r = await h.get('user-data', { query: { data: 'MEMBER' }, token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' })
    expect(r.status).toBe(401)
  })
  it('answers 404 JSON for an unknown API path', async () => {
    expect(await h.get('no-such-call')).toEqual({ status: 404, body: { message: 'Not Found' } })
  })
})
