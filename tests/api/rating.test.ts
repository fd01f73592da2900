import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOW, createHarness, type Harness } from './harness'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
let h: Harness
const nowSec = NOW.getTime() / 1000

beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

async function memberWithTickets() {
  const m = await h.member('demo')
  const list = (await h.get('user-data', { query: { data: 'MEMBER_SUPPORT_TICKET' }, token: m.token })).body.supportTicketList as T[]
  const pick = (f: (t: T) => boolean) => list.find(f)!
  return {
    ...m,
    changeable: pick((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0 && t.reservationUnixTime > nowSec + 1800),
    soon: pick((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0 && t.reservationUnixTime > nowSec && t.reservationUnixTime <= nowSec + 1800),
    unrated: pick((t) => t.supportStatus === 'COMPLETED' && !t.alreadyRating),
    rated: pick((t) => t.supportStatus === 'COMPLETED' && t.alreadyRating),
    refunded: pick((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded > 0),
  }
}

describe('rating', () => {
  const detail = ['親しみやすさ', '進行のスムーズさ', '問題解決力', '説明のわかりやすさ'].map((title) => ({ title, score: 5 }))
  it('once per COMPLETED ticket, with a tip choice', async () => {
    const m = await memberWithTickets()
    const body = { ticketNumber: m.unrated.ticketNumber, memberTotalScore: 4, memberDetailScore: detail, ratingComment: ' 助かりました ', tip: true, tipData: { productId: 'TIP-500', price: 500 } }
    expect((await h.post('rating', { token: m.token, body })).status).toBe(200)
    expect((await h.post('rating', { token: m.token, body })).status).toBe(400)
    const list = (await h.get('user-data', { query: { data: 'MEMBER_SUPPORT_TICKET' }, token: m.token })).body.supportTicketList as T[]
    expect(list.find((t) => t.ticketNumber === m.unrated.ticketNumber)?.alreadyRating).toBe(true)
  })
  it('refuses bad scores, long comments, unknown tips, other members and anonymous callers', async () => {
    const m = await memberWithTickets()
    const base = { ticketNumber: m.unrated.ticketNumber, memberTotalScore: 5, memberDetailScore: detail }
    expect((await h.post('rating', { token: m.token, body: { ...base, memberTotalScore: 6 } })).status).toBe(400)
    const long = await h.post('rating', { token: m.token, body: { ...base, ratingComment: 'あ'.repeat(501) } })
    expect(long).toEqual({ status: 400, body: { message: '500文字以内で入力してください。' } })
    expect((await h.post('rating', { token: m.token, body: { ...base, tip: true, tipData: { productId: 'SUPPORT-30', price: 1 } } })).status).toBe(400)
    expect((await h.post('rating', { token: m.token, body: { ...base, ticketNumber: m.changeable.ticketNumber } })).status).toBe(400)
    const other = await h.member('fresh')
    expect((await h.post('rating', { token: other.token, body: base })).status).toBe(404)
    expect((await h.post('rating', { body: base })).status).toBe(401)
  })
})
