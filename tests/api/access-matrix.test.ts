import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls, type CallName, sandboxTestCards } from '../../contract/calls'
import { NOW, createHarness, type Harness } from './harness'

/**
 * Access-control matrix: every member call × {no token, malformed token, another member's
 * token with this member's ticket / coupon / receipt / card}. No token and a malformed one must be
 * 401; the other member must be refused (4xx) or served their own rows only, and no answer may carry
 * a value of the owner (member id, e-mail, ticket or receipt numbers, card id). Printed as a table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
const nowSec = NOW.getTime() / 1000
const memberCalls = (Object.keys(calls) as CallName[]).filter((n) => calls[n].auth)

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('access-control matrix', () => {
  it('every member call refuses anonymous, malformed and cross-member access, with 0 leaks', async () => {
    const owner = await h.member('demo')
    const other = await h.member('demo')

    // The owner's rows: tickets in every status, a purchase page, a saved card, a held coupon.
    const tickets = (await h.get('user-data', { token: owner.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as T[]
    const changeable = tickets.find((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0 && t.reservationUnixTime > nowSec + 1800)!
    const unrated = tickets.find((t) => t.supportStatus === 'COMPLETED' && !t.alreadyRating)!
    const paid = await h.post('charge', {
      token: owner.token,
      headers: { 'Idempotency-Key': 'owner-1' },
      body: { productId: 'ADD-30', cardToken: await h.cardToken(sandboxTestCards.approved, owner.token), saveCard: true, reservationTime: 'ADD', parentTicketNumber: changeable.ticketNumber },
    })
    expect(paid.status).toBe(200)
    const card = (await h.get('charge-data', { token: owner.token, query: { productId: 'SUPPORT-60' } })).body.creditcard as T
    expect(card?.cardId).toBeTruthy()
    const page = (await h.get('purchase-list', { token: owner.token, query: {} })).body as T
    const coupons = (await h.get('user-data', { token: owner.token, query: { data: 'MEMBER_COUPON' } })).body.couponList as T[]
    const couponCode = coupons[0]?.couponCode ?? 'CAMPAIGN2000'
    const ownerTicketNumbers = tickets.map((t) => t.ticketNumber as string)
    const ownerReceipts = (page.ticketList as T[]).map((p) => p.receiptNumber as string).filter(Boolean)
    const secrets = [owner.memberId, owner.email, card.cardId as string, paid.body.receiptNumber as string, ...ownerReceipts]

    // A request per call aimed at the owner's rows (or the caller's own, where the call has no target).
    const key = page.lastEvaluatedKey as T | null
    const otherTicket = ((await h.get('user-data', { token: other.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as T[])[0].ticketNumber as string
    const target: Record<string, { query?: T; body?: T; headers?: Record<string, string>; aims: string }> = {
      'user-data': { query: { data: 'MEMBER_SUPPORT_TICKET' }, aims: 'caller only' },
      'nowonsale-products': { query: { productType: 'SUPPORT' }, aims: 'catalogue' },
      'reservation-menu-list': { query: { estimatedMinute: 60 }, aims: 'catalogue' },
      'ticket-data': { query: { ticketNumber: changeable.ticketNumber, action: 'CHANGE_RESERVATION' }, aims: 'ticket' },
      'reservation-schedule': { query: { dt: '20250613', minutesToSupport: 60, updateTargetTicketNumber: changeable.ticketNumber }, aims: 'ticket (moved)' },
      'update-resevation-date': { body: { ticketNumber: changeable.ticketNumber, staffId: 'STAFF-04', reservationTime: 'SUPPORT-20250613-11-00', minutesToSupport: 60 }, aims: 'ticket' },
      rating: { body: { ticketNumber: unrated.ticketNumber, memberTotalScore: 1, memberDetailScore: [], ratingComment: 'x' }, aims: 'ticket' },
      'no-call-report': { body: { ticketNumber: changeable.ticketNumber }, aims: 'ticket' },
      'purchase-list': { query: { memberId: owner.memberId, ...(key ? { ticketNumber: key.ticketNumber, purchaseTime: key.purchaseTime } : {}) }, aims: 'receipt (page key)' },
      // The owner's receipt: another member's view or addressee edit is 404, and counts no issue.
      receipt: { body: { receiptNumber: paid.body.receiptNumber }, aims: 'receipt' },
      'receipt-addressee': { body: { receiptNumber: paid.body.receiptNumber, addressee: '株式会社よそ' }, aims: 'receipt' },
      'password-change': { body: { newPassword: 'pass1234', newPasswordConfirm: 'pass1234' }, aims: 'caller only' },
      'user-update': { body: { memberLastname: 'テスト', memberFirstname: '会員', phoneNumber: '09000000000' }, aims: 'caller only' },
      'email-change-request': { body: { email: `x-${owner.memberId.toLowerCase()}@example.com` }, aims: 'caller only' },
      'cancel-account': { body: {}, aims: 'caller only' },
      'charge-data': { query: { productId: 'SUPPORT-60' }, aims: 'caller only' },
      'coupon-valid': { query: { productId: 'SUPPORT-60', couponCode }, aims: 'coupon' },
      // An extension of the caller's own ticket, paid with the owner's saved card.
      charge: { body: { productId: 'ADD-30', cardId: card.cardId, reservationTime: 'ADD', parentTicketNumber: otherTicket }, headers: { 'Idempotency-Key': 'cross-1' }, aims: 'saved card' },
      tdsFinish: { body: { tokenId: 'tok_of_nobody' }, aims: 'card token' },
      // The owner's purchase attempt, by its Idempotency-Key: another member sees only NONE.
      'charge-attempt': { query: { idempotencyKey: 'owner-1' }, aims: 'purchase attempt' },
      'sandbox/tokens': { body: { number: sandboxTestCards.approved, expMonth: 12, expYear: 2030, cvc: '123', name: 'A B' }, aims: 'caller only' },
      'get-coupon': { body: { couponCode, memberId: owner.memberId }, aims: 'coupon (memberId)' },
      'stripe/setup-intents': { body: {}, aims: 'caller only' },
      // The owner's booking's online room: another member is told nothing (404).
      'room-access': { query: { ticketNumber: changeable.ticketNumber }, aims: 'ticket' },
    }
    const tipOnOwnersTicket = { body: { productId: 'TIP-500', cardId: '', cardToken: '', parentTicketNumber: unrated.ticketNumber, reservationTime: 'TIP' }, headers: { 'Idempotency-Key': 'cross-tip' } }

    type Row = { call: string; aims: string; none: number; malformed: number; other: number; outcome: string }
    const rows: Row[] = []
    const leaks: string[] = []
    const send = (name: CallName, token: string | undefined, r: { query?: T; body?: T; headers?: Record<string, string> }) =>
      calls[name].method === 'GET' ? h.get(name, { token, query: r.query, headers: r.headers }) : h.post(name, { token, body: r.body ?? {}, headers: r.headers })
    const leaked = (body: unknown) => {
      const text = JSON.stringify(body)
      return secrets.filter((s) => s && text.includes(s))
    }

    // A changed password revokes the caller's tokens: the calls that change the caller go last.
    const last = ['email-change-request', 'cancel-account', 'password-change']
    const ordered = [...memberCalls.filter((n) => !last.includes(n)), ...last.filter((n) => memberCalls.includes(n as CallName))] as CallName[]
    const tip = await send('charge', other.token, tipOnOwnersTicket)
    for (const name of ordered) {
      const r = target[name]
      expect(r, `the matrix has no request for the member call ${name}: add one`).toBeDefined()
      const none = await send(name, undefined, r)
      const malformed = await send(name, 'not-a-jwt.' + 'x'.repeat(40), r)
      // cancel-account by the other member is refused anyway: they hold unused tickets (demo fixture).
      const cross = await send(name, other.token, r)
      const found = [...leaked(none.body), ...leaked(malformed.body), ...leaked(cross.body)]
      if (found.length) leaks.push(`${name}: ${found.join(', ')}`)
      const outcome = cross.status >= 400 && cross.status < 500 ? `refused ${cross.body?.message ?? ''}` : cross.status === 200 ? 'own rows only' : `UNEXPECTED ${cross.status}`
      rows.push({ call: name, aims: r.aims, none: none.status, malformed: malformed.status, other: cross.status, outcome })
      expect(none.status, `${name} without a token`).toBe(401)
      expect(malformed.status, `${name} with a malformed token`).toBe(401)
      expect(cross.status, `${name} by another member`).toBeLessThan(500)
      if (['ticket', 'saved card'].includes(r.aims)) expect(cross.status, `${name} on the owner's ${r.aims}`).toBeGreaterThanOrEqual(400)
      if (r.aims === 'receipt') expect(cross.status, `${name} on the owner's receipt`).toBe(404)
    }
    rows.push({ call: 'charge (TIP)', aims: 'ticket (parent)', none: NaN, malformed: NaN, other: tip.status, outcome: `refused ${tip.body?.message ?? ''}` })
    expect(tip.status).toBe(404)
    if (leaked(tip.body).length) leaks.push(`charge (TIP): ${leaked(tip.body).join(', ')}`)

    console.log(
      ['call'.padEnd(24) + 'aims at'.padEnd(20) + 'none'.padEnd(6) + 'bad'.padEnd(6) + 'other'.padEnd(7) + 'outcome']
        .concat(rows.map((x) => x.call.padEnd(24) + x.aims.padEnd(20) + String(Number.isNaN(x.none) ? '-' : x.none).padEnd(6) + String(Number.isNaN(x.malformed) ? '-' : x.malformed).padEnd(6) + String(x.other).padEnd(7) + x.outcome))
        .join('\n') + `\nleaks: ${leaks.length}`,
    )
    expect(leaks).toEqual([])

    // The owner's rows are untouched by the other member's attempts.
    const after = (await h.get('ticket-data', { token: owner.token, query: { ticketNumber: changeable.ticketNumber, action: 'CHANGE_RESERVATION' } })).body
    expect(after.reservationTime).toBe(changeable.reservationTime ?? after.reservationTime)
    const stillUnrated = (await h.get('ticket-data', { token: owner.token, query: { ticketNumber: unrated.ticketNumber, action: 'RATING' } })).status
    expect(stillUnrated).toBe(200)
    expect(ownerTicketNumbers.length).toBeGreaterThan(0)
  }, 60_000)
})
