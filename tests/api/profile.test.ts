import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('profile', () => {
  it('user-update: names ≤ 25, phone 10–11 digits', async () => {
    const m = await h.member('fresh')
    const ok = await h.post('user-update', { token: m.token, body: { memberLastname: '高橋', memberFirstname: '次郎', phoneNumber: '0312345678' } })
    expect(ok.body).toMatchObject({ message: 'お客様情報を変更いたしました', member: { memberLastname: '高橋', phoneNumber: '0312345678' } })
    expect((await h.post('user-update', { token: m.token, body: { memberLastname: 'あ'.repeat(26), memberFirstname: '次郎', phoneNumber: '0312345678' } })).status).toBe(400)
    expect((await h.post('user-update', { token: m.token, body: { memberLastname: '高橋', memberFirstname: '次郎', phoneNumber: '123' } })).body.message).toBe('半角の数値10桁か11桁で入力してください')
  })
})
