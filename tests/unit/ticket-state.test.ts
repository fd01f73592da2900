import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ticketLabel } from '../../contract/ticket-rules'
import {
  TICKET_STATES,
  TICKET_TRANSITIONS,
  cardLabel,
  consultationState,
  isLive,
  liveSql,
  ticketState,
  ticketStateDiagram,
  ticketStateSql,
  type TicketFacts,
  type TicketFactsSql,
  type TicketState,
} from '../../server/domain/ticket'
import { toTicket, type TicketRow } from '../../server/services/booking/tickets'

// A ticket's one state (docs/server.md "A ticket's state", decision 130): the TypeScript function
// and the SQL expression every query uses must say the same of every row at every instant. Rows
// and instants are generated, with the edges pinned: the exact start and end, one second (and one
// millisecond) either side, the end of the grace period, refunds in part, New Year's Eve in Japan.
// The database: PostgreSQL when TEST_DATABASE_URL is set, else an in-memory PGlite.

type Probe = { execute: (q: ReturnType<typeof sql>) => Promise<{ rows: Record<string, unknown>[] }>; close: () => Promise<void> }

async function openProbe(): Promise<Probe> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const pg = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const client = new pg.default.Client({ connectionString: url })
    await client.connect()
    const db = drizzle(client)
    return { execute: async (q) => ({ rows: (await db.execute(q)).rows as Record<string, unknown>[] }), close: () => client.end() }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const client = new PGlite()
  const db = drizzle(client)
  return { execute: async (q) => ({ rows: (await db.execute(q)).rows as Record<string, unknown>[] }), close: () => client.close() }
}

const GRACE = { graceHours: 24 }

// A scratch table with the facts as columns (a session's temporary table: nothing else sees it).
const probeColumns: TicketFactsSql = {
  productType: sql.raw('"p"."product_type"'),
  reservationAt: sql.raw('"p"."reservation_at"'),
  minutesToSupport: sql.raw('"p"."minutes_to_support"'),
  extensionMinutes: sql.raw('"p"."extension_minutes"'),
  supportStatus: sql.raw('"p"."support_status"'),
  amountRefunded: sql.raw('"p"."amount_refunded"'),
  noContact: sql.raw('"p"."no_contact"'),
  memberDeletedAt: sql.raw('"p"."member_deleted_at"'),
}

let probe: Probe
beforeAll(async () => {
  probe = await openProbe()
  await probe.execute(sql`create temporary table if not exists ticket_state_probe (
    id integer primary key, product_type text not null, reservation_at timestamptz, minutes_to_support integer not null,
    extension_minutes integer not null, support_status text not null, amount_refunded integer not null,
    no_contact boolean not null, member_deleted_at timestamptz)`)
}, 60_000)
afterAll(async () => probe?.close())

// Instants on whole seconds around a few starts: 2026-12-31 23:30 JST (the year turns during it), a
// leap day, an ordinary afternoon.
const STARTS = [Date.UTC(2026, 11, 31, 14, 30), Date.UTC(2028, 1, 29, 6, 0), Date.UTC(2026, 5, 12, 4, 0)]
const MINUTES = [0, 30, 60, 120]

const factsArb: fc.Arbitrary<TicketFacts> = fc.record({
  productType: fc.constantFrom('SUPPORT', 'SUPPORT', 'SUPPORT', 'INTERVIEW', 'ADD', 'TIP'),
  reservationAt: fc.option(fc.constantFrom(...STARTS).map((ms) => new Date(ms)), { freq: 6 }),
  minutesToSupport: fc.constantFrom(...MINUTES),
  extensionMinutes: fc.constantFrom(0, 0, 15, 30),
  supportStatus: fc.constantFrom('UNSUPPORTED', 'UNSUPPORTED', 'UNSUPPORTED', 'COMPLETED', 'UNSOLVED', 'UNSOLVED_COMPLETED'),
  // In part (1 yen, half of 5,500) and in full.
  amountRefunded: fc.constantFrom(0, 0, 0, 1, 2750, 5500),
  noContact: fc.boolean(),
  memberDeletedAt: fc.option(fc.constantFrom(...STARTS).chain((ms) => fc.constantFrom(ms - 60_000, ms, ms + 1000).map((x) => new Date(x))), { freq: 3 }),
})

/** Instants at the row's edges: its start, end and the end of the grace period, exactly and a second (and a millisecond) either side; or anywhere. */
const instantArb = (t: TicketFacts): fc.Arbitrary<Date> => {
  const start = (t.reservationAt ?? new Date(STARTS[0])).getTime()
  const end = start + (t.minutesToSupport + t.extensionMinutes) * 60_000
  const edges = [start, end, end + GRACE.graceHours * 3_600_000].flatMap((e) => [e - 1000, e - 1, e, e + 1, e + 1000])
  return fc.oneof(fc.constantFrom(...edges), fc.integer({ min: start - 86_400_000 * 400, max: start + 86_400_000 * 400 })).map((ms) => new Date(ms))
}

const caseArb = factsArb.chain((t) => fc.tuple(fc.constant(t), instantArb(t)))

const insert = (id: number, t: TicketFacts) =>
  probe.execute(sql`insert into ticket_state_probe values (${id}, ${t.productType}, ${t.reservationAt?.toISOString() ?? null}::timestamptz, ${t.minutesToSupport},
    ${t.extensionMinutes}, ${t.supportStatus}, ${t.amountRefunded}, ${t.noContact}, ${t.memberDeletedAt?.toISOString() ?? null}::timestamptz)`)

describe('a ticket\'s state (server/domain/ticket.ts)', () => {
  it('the SQL expression and the TypeScript function agree on every generated row and instant', async () => {
    let id = 0
    const seen = new Set<TicketState>()
    await fc.assert(
      fc.asyncProperty(fc.array(caseArb, { minLength: 1, maxLength: 20 }), async (cases) => {
        await probe.execute(sql`delete from ticket_state_probe`)
        for (const [t] of cases) await insert(++id, t)
        const first = id - cases.length + 1
        for (const [i, [t, now]] of cases.entries()) {
          const { rows } = await probe.execute(
            sql`select ${ticketStateSql(probeColumns, now, GRACE)} as state, ${liveSql(probeColumns, now, GRACE)} as live from ticket_state_probe as "p" where "p"."id" = ${first + i}`,
          )
          const expected = ticketState(t, now, GRACE)
          seen.add(expected)
          expect({ state: rows[0].state, live: rows[0].live }, JSON.stringify({ t, now })).toEqual({ state: expected, live: isLive(expected) })
        }
      }),
      { numRuns: 200 },
    )
    // The generator reaches every state, so the equality above was tried on each.
    expect([...seen].sort()).toEqual([...TICKET_STATES].sort())
  }, 120_000)

  it('at the exact start a booking is under way, at the exact end awaiting its outcome, one millisecond before each still the earlier', () => {
    const start = new Date(STARTS[0])
    const t: TicketFacts = { productType: 'SUPPORT', reservationAt: start, minutesToSupport: 30, extensionMinutes: 15, supportStatus: 'UNSUPPORTED', amountRefunded: 0, noContact: false, memberDeletedAt: null }
    const at = (ms: number) => ticketState(t, new Date(start.getTime() + ms), GRACE)
    expect([at(-1000), at(-1), at(0), at(45 * 60_000 - 1), at(45 * 60_000), at(45 * 60_000 + 24 * 3_600_000 - 1), at(45 * 60_000 + 24 * 3_600_000)]).toEqual([
      'booked',
      'booked',
      'underWay',
      'underWay',
      'awaitingOutcome',
      'awaitingOutcome',
      'outcomeOverdue',
    ])
    expect(ticketState({ ...t, amountRefunded: 1 }, start, GRACE)).toBe('refunded')
  })

  it('every change the clock makes alone is a transition of the table', () => {
    const moves = new Set(TICKET_TRANSITIONS.map((x) => `${x.from}>${x.to}`))
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 86_400_000 * 3 }), ([t, now], later) => {
        const a = ticketState(t, now, GRACE)
        const b = ticketState(t, new Date(now.getTime() + later), GRACE)
        if (a === b) return
        // The clock may cross several states at once (booked → awaitingOutcome): each step must be in the table.
        const order: TicketState[] = ['booked', 'underWay', 'awaitingOutcome', 'outcomeOverdue']
        const path = order.slice(order.indexOf(a), order.indexOf(b) + 1)
        expect(path.length, `${a} → ${b}`).toBeGreaterThan(1)
        for (let i = 1; i < path.length; i++) expect(moves.has(`${path[i - 1]}>${path[i]}`), `${path[i - 1]} → ${path[i]}`).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('the staff views\' state is the state with no clock: live, refunded or cancelled', () => {
    fc.assert(
      fc.property(caseArb, ([t, now]) => {
        const s = ticketState(t, now, GRACE)
        expect(consultationState(t)).toBe(isLive(s) ? 'live' : s)
      }),
      { numRuns: 500 },
    )
  })

  it('the member card\'s label (contract/ticket-rules.ts) is derived from the state', () => {
    // A member's own cards: their account is there (a cancelled ticket has no card).
    fc.assert(
      fc.property(caseArb, fc.constantFrom(null, '返金', '再設定で解決'), ([facts, now], followUp) => {
        // Only a SUPPORT ticket is booked: an interview's, tip's or extension's reservationTime is its type alone (product.md §3).
        const t = { ...facts, memberDeletedAt: null, reservationAt: facts.productType === 'SUPPORT' ? facts.reservationAt : null }
        // What the member's answer is made of: the row as services/booking/tickets.ts `toTicket` reads it.
        const row = {
          ticketNumber: 'S1', memberId: 'm', productId: 'p', productName: 'n', price: 0, isFreeTicket: false, staffId: null, supportType: 'TEL',
          refundReason: null, alreadyRating: false, interviewTelNumber: null, reservationMenuList: [], parentTicketNumber: null, counsellingComment: null,
          contactDevice: null, contactOs: null, remoteSupport: null, purchaseTime: new Date(0), minutesUsed: null, noPreference: false, outcomeAt: null,
          caseNote: null, calendarSequence: 0, followUpDue: null, noCallReportedAt: null,
          productType: t.productType, reservationAt: t.reservationAt, minutesToSupport: t.minutesToSupport, supportStatus: t.supportStatus,
          amountRefunded: t.amountRefunded, noContact: t.noContact, unsolvedAfterFollowContent: t.supportStatus === 'UNSOLVED_COMPLETED' ? followUp : null,
        } satisfies TicketRow
        const card = ticketLabel(toTicket(row, null, { addedMinutes: t.extensionMinutes, graceHours: GRACE.graceHours }), now)
        expect(card, JSON.stringify({ t, now })).toBe(cardLabel(ticketState(t, now, GRACE), row.unsolvedAfterFollowContent))
      }),
      { numRuns: 1000 },
    )
  })

  it('docs/server.md "A ticket\'s state" draws the transitions table (ticketStateDiagram)', () => {
    const doc = readFileSync(new URL('../../docs/server.md', import.meta.url), 'utf8')
    const section = doc.slice(doc.indexOf("## A ticket's state"))
    const block = /```mermaid\n([\s\S]*?)\n```/.exec(section)
    expect(block?.[1]).toBe(ticketStateDiagram())
  })
})
