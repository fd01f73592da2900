import { performance } from 'node:perf_hooks'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { bookings, memberCoupons, purchases, sandboxCharges, tickets } from '../../server/db/schema'
import type { Harness } from '../../tests/api/harness'

/**
 * The races, shared by tests/api/races.test.ts (asserts) and bench/reliability/races.ts
 * (reports the settled times). Each returns what a test checks; none asserts by itself.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are arbitrary JSON here
type Answer = { status: number; body: any }

const settle = async (calls: (() => Promise<Answer>)[]) => {
  const t0 = performance.now()
  const results = await Promise.all(calls.map((f) => f()))
  return { results, ms: performance.now() - t0 }
}

const statusCounts = (results: Answer[]) => {
  const counts: Record<string, number> = {}
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1
  return counts
}

/**
 * N members (a few, round robin) charge SUPPORT-30 for the same consultant and the same 30-minute
 * cell at once: the unique (consultant, cell) constraint lets exactly one through.
 */
export async function lastCellBooking(h: Harness, n = 200) {
  const members = await Promise.all(Array.from({ length: 10 }, () => h.member('fresh')))
  // A token pays only for the member who made it: token i belongs to the member who sends charge i.
  const tokens = await Promise.all(Array.from({ length: n }, (_, i) => h.cardToken(undefined, members[i % members.length].token)))
  const body = (cardToken: string) => ({ productId: 'SUPPORT-30', cardToken, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250611-15-30', supportType: 'TEL' })
  const { results, ms } = await settle(
    tokens.map((t, i) => () => h.post('charge', { token: members[i % members.length].token, headers: { 'Idempotency-Key': `cell-${i}` }, body: body(t) })),
  )
  const memberIds = members.map((m) => m.memberId)
  const ticketRows = await h.db.select().from(tickets).where(inArray(tickets.memberId, memberIds))
  const supportTickets = ticketRows.filter((t) => t.productType === 'SUPPORT')
  const bookingRows = supportTickets.length
    ? await h.db.select().from(bookings).where(inArray(bookings.ticketNumber, supportTickets.map((t) => t.ticketNumber)))
    : []
  const purchaseRows = await h.db.select().from(purchases).where(inArray(purchases.memberId, memberIds))
  // Charges left standing (a lost race refunds, which removes the sandbox charge).
  const chargeRows = await h.db.select().from(sandboxCharges).where(inArray(sandboxCharges.tokenId, tokens))
  return {
    n,
    ms,
    statuses: statusCounts(results),
    ok: results.filter((r) => r.status === 200).length,
    cleanRefusals: results.filter((r) => r.status === 400 && r.body?.message === 'STAFF_DENY').length,
    fiveHundreds: results.filter((r) => r.status >= 500).length,
    bookings: bookingRows.length,
    supportTickets: supportTickets.length,
    purchases: purchaseRows.filter((p) => p.amount > 0).length,
    charges: chargeRows.length,
  }
}

/** N identical charges sharing one idempotency key and one card token: one purchase, one charge. */
export async function sameKeyCharges(h: Harness, n = 100) {
  const m = await h.member('fresh')
  const t = await h.cardToken(undefined, m.token)
  const body = { productId: 'SUPPORT-30', cardToken: t, staffId: '', reservationTime: 'SUPPORT-20250611-16-00', supportType: 'TEL' }
  const { results, ms } = await settle(Array.from({ length: n }, () => () => h.post('charge', { token: m.token, headers: { 'Idempotency-Key': 'one-key' }, body })))
  const purchaseRows = await h.db.select().from(purchases).where(eq(purchases.memberId, m.memberId))
  const chargeRows = await h.db.select().from(sandboxCharges).where(eq(sandboxCharges.tokenId, t))
  const ticketRows = await h.db.select().from(tickets).where(eq(tickets.memberId, m.memberId))
  return {
    n,
    ms,
    statuses: statusCounts(results),
    ticketNumbers: new Set(results.filter((r) => r.status === 200).map((r) => r.body.ticketNumber)).size,
    purchases: purchaseRows.length,
    charges: chargeRows.length,
    supportTickets: ticketRows.filter((x) => x.productType === 'SUPPORT').length,
  }
}

/** N concurrent claims of one coupon by one member: one claim row. */
export async function couponClaims(h: Harness, n = 50) {
  const m = await h.member('fresh')
  const { results, ms } = await settle(Array.from({ length: n }, () => () => h.post('get-coupon', { token: m.token, body: { couponCode: 'CAMPAIGN2000' } })))
  const claims = await h.db.select().from(memberCoupons).where(and(eq(memberCoupons.memberId, m.memberId), isNull(memberCoupons.usedAt)))
  // `ok`: the one answer that claimed; the others answer 200 alreadyCompleted.
  const ok = results.filter((r) => r.status === 200 && !(r.body as { alreadyCompleted?: boolean } | null)?.alreadyCompleted).length
  return { n, ms, statuses: statusCounts(results), ok, fiveHundreds: results.filter((r) => r.status >= 500).length, claims: claims.length }
}

/** Two members move their changeable tickets into the same consultant's cell at once: one wins. */
export async function reservationChanges(h: Harness, pairs = 1) {
  const nowSec = h.clock.now().getTime() / 1000
  const changeable = async () => {
    const m = await h.member('demo')
    const r = await h.get('user-data', { token: m.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const t = (r.body.supportTicketList as any[]).find((x) => x.supportStatus === 'UNSUPPORTED' && x.amountRefunded === 0 && x.reservationUnixTime > nowSec + 1800 && x.minutesToSupport === 60)
    return { token: m.token, ticketNumber: t.ticketNumber as string }
  }
  const out: { statuses: Record<string, number>; winners: number; bookingsInCell: number; ms: number }[] = []
  for (let i = 0; i < pairs; i++) {
    const a = await changeable()
    const b = await changeable()
    // 2025-06-13: STAFF-04 works 09–17 (seed); a different hour per pair.
    const reservationTime = `SUPPORT-20250613-${String(10 + (i % 6)).padStart(2, '0')}-00`
    const body = (t: string) => ({ ticketNumber: t, staffId: 'STAFF-04', reservationTime, minutesToSupport: 60 })
    const { results, ms } = await settle([a, b].map((x) => () => h.post('update-resevation-date', { token: x.token, body: body(x.ticketNumber) })))
    const rows = await h.db.select().from(bookings).where(inArray(bookings.ticketNumber, [a.ticketNumber, b.ticketNumber]))
    const cellStart = new Date(`2025-06-13T${String(10 + (i % 6) - 9).padStart(2, '0')}:00:00Z`)
    out.push({
      ms,
      statuses: statusCounts(results),
      winners: results.filter((r) => r.status === 200).length,
      bookingsInCell: rows.filter((r) => r.staffId === 'STAFF-04' && r.cellStart.getTime() === cellStart.getTime()).length,
    })
  }
  return out
}
