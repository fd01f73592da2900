import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskCalls, type DeskCallName } from '../../contract/desk-calls'
import { staffCalls, type StaffCallName } from '../../contract/staff-calls'
import { staffMessages } from '../../contract/staff-messages'
import { count, eq } from 'drizzle-orm'
import { DESK_EXPORT_KINDS, deskExportName } from '../../contract/desk-exports'
import { DESK_EXPORT_PREFIX } from '../../contract/file-calls'
import { auditLog, tickets } from '../../server/db/schema'
import { atJst, parseYmd } from '../../server/domain/time'
import { createHarness, type Harness } from './harness'
import { staffAccount, staffGet, staffPost } from './staff-harness'

/**
 * Access matrix of the staff calls: EVERY call of contract/staff-calls.ts × {anonymous, member,
 * consultant of another staff row, that consultant, operator}, each aimed at that consultant's
 * bookings and shifts. Exactly the allowed cells answer 200; the others 401 (no token) or 403.
 * A call added to the registry without a row here fails the test.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
type Who = 'anonymous' | 'member' | 'otherConsultant' | 'consultant' | 'operator'
const WHO: Who[] = ['anonymous', 'member', 'otherConsultant', 'consultant', 'operator']
const TARGET = 'STAFF-03'
const OTHER = 'STAFF-05'

let h: Harness
let memberId = ''
let seq = 0
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

/**
 * A consultation of the target consultant written straight into the tickets (no cells: each cell of
 * the matrix gets its own ticket at the same hour, and no call here needs the booked cells).
 */
async function consultation(ymd: string, hour: number, supportType: 'TEL' | 'ONLINE' = 'TEL'): Promise<string> {
  const ticketNumber = `S9${String(Date.now()).slice(-8)}${String(++seq).padStart(4, '0')}`
  const start = atJst(parseYmd(ymd)!, hour, 0)
  await h.db.insert(tickets).values({
    ticketNumber, memberId, productId: 'SUPPORT-30', productType: 'SUPPORT', productName: '30分サポートチケット', price: 3300,
    minutesToSupport: 30, reservationAt: start, staffId: TARGET, supportType, supportStatus: 'UNSUPPORTED', purchaseTime: h.clock.now(),
  })
  return ticketNumber
}

type Req = { method: 'GET' | 'POST'; query?: T; body?: T }
/** One request per call, made anew for each cell (writes that succeed once get their own target). */
const requests: Record<StaffCallName, () => Promise<Req>> = {
  'staff-me': async () => ({ method: 'GET' }),
  'consultant-day': async () => ({ method: 'GET', query: { staffId: TARGET, from: '20250612' } }),
  // The clock is at 2025-06-12 13:00 JST: 10:00 has started (an outcome may be recorded), 14:00 and 15:00 are ahead.
  'consultation-outcome': async () => ({ method: 'POST', body: { ticketNumber: await consultation('20250612', 10), outcome: 'NO_CONTACT' } }),
  'extension-link': async () => ({ method: 'POST', body: { ticketNumber: await consultation('20250612', 11) } }),
  'shift-plan': async () => ({ method: 'GET', query: { staffId: TARGET } }),
  'shift-plan-preview': async () => ({ method: 'POST', body: { staffId: TARGET, setExceptions: [{ ymd: '20250625', off: true }] } }),
  'shift-plan-update': async () => ({ method: 'POST', body: { staffId: TARGET, setExceptions: [{ ymd: '20250625', off: true }] } }),
  'business-holidays': async () => ({ method: 'GET' }),
  'business-holiday-update': async () => ({ method: 'POST', body: { add: ['20250627'] } }),
  assignments: async () => ({ method: 'GET', query: { noPreferenceOnly: 'true' } }),
  'reassign-candidates': async () => ({ method: 'GET', query: { ticketNumber: await consultation('20250612', 14) } }),
  reassign: async () => {
    const ticketNumber = await consultation('20250612', 15)
    const cand = (await staffGet(h, 'reassign-candidates', { token: tokens.operator, query: { ticketNumber } })).body.candidates as T[]
    return { method: 'POST', body: { ticketNumber, staffId: cand.find((c) => c.free)?.staffId ?? OTHER, reason: '確認' } }
  },
  'calendar-feed': async () => ({ method: 'POST', body: { action: 'ROTATE' } }),
  'staff-accounts': async () => ({ method: 'GET' }),
  'role-grant': async () => ({ method: 'POST', body: { email: `granted-${++seq}-${Date.now()}@example.com`, role: 'operator', initialPassword: 'first-pass-1' } }),
  'role-revoke': async () => ({ method: 'POST', body: { uid: (await staffAccount(h, [{ role: 'operator' }])).uid, role: 'operator' } }),
  'member-consultations': async () => ({ method: 'GET', query: { ticketNumber: await consultation('20250612', 9) } }),
  'past-consultations': async () => ({ method: 'GET', query: { staffId: TARGET, filter: 'UNSOLVED' } }),
  // An ONLINE consultation under way at 13:00: its room is open.
  'room-access': async () => ({ method: 'GET', query: { ticketNumber: await consultation('20250612', 13, 'ONLINE') } }),
}

/** The allowed cells: a 'staff' call is the caller's own (or, for an operator, anyone's). */
const allowed: Record<StaffCallName, Who[]> = {
  'staff-me': ['otherConsultant', 'consultant', 'operator'],
  'consultant-day': ['consultant', 'operator'],
  'consultation-outcome': ['consultant', 'operator'],
  'extension-link': ['consultant', 'operator'],
  'shift-plan': ['consultant', 'operator'],
  'shift-plan-preview': ['consultant', 'operator'],
  'shift-plan-update': ['consultant', 'operator'],
  'business-holidays': ['operator'],
  'business-holiday-update': ['operator'],
  assignments: ['operator'],
  'reassign-candidates': ['operator'],
  reassign: ['operator'],
  // Each consultant's own feed; an operator has none.
  'calendar-feed': ['otherConsultant', 'consultant'],
  'staff-accounts': ['operator'],
  'role-grant': ['operator'],
  'role-revoke': ['operator'],
  // Through the target's own consultation: its consultant, or an operator.
  'member-consultations': ['consultant', 'operator'],
  'past-consultations': ['consultant', 'operator'],
  // The online room: only the consultation's own consultant (an operator is not in the room).
  'room-access': ['consultant'],
}

const tokens = {} as Record<Who, string>

describe('staff access matrix', () => {
  it('every staff call × every kind of caller: exactly the allowed cells', async () => {
    const m = await h.member('fresh')
    memberId = m.memberId
    tokens.member = m.token
    tokens.otherConsultant = (await staffAccount(h, [{ role: 'consultant', staffId: OTHER }])).token
    tokens.consultant = (await staffAccount(h, [{ role: 'consultant', staffId: TARGET }])).token
    tokens.operator = (await staffAccount(h, [{ role: 'operator' }])).token
    h.clock.set(new Date('2025-06-12T04:00:00Z')) // 2025-06-12 13:00 JST

    const names = Object.keys(staffCalls) as StaffCallName[]
    expect(names.sort()).toEqual((Object.keys(requests) as StaffCallName[]).sort())
    const table: Record<string, Record<Who, number>> = {}
    const mismatches: string[] = []
    for (const name of names) {
      table[name] = {} as Record<Who, number>
      for (const who of WHO) {
        const req = await requests[name]()
        expect(req.method).toBe(staffCalls[name].method)
        const token = who === 'anonymous' ? undefined : tokens[who]
        const r = req.method === 'GET' ? await staffGet(h, name, { token, query: req.query }) : await staffPost(h, name, { token, body: req.body })
        table[name][who] = r.status
        const expected = allowed[name].includes(who) ? 200 : who === 'anonymous' ? 401 : 403
        if (r.status !== expected) mismatches.push(`${name} × ${who}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)} (expected ${expected})`)
        // A refusal says why, in Japanese, and nothing else.
        if (r.status === 403) expect(Object.keys(r.body)).toEqual(['message'])
      }
    }
    console.table(table)
    expect(mismatches).toEqual([])
  }, 180_000)

  /**
   * The desk's day and its searches (desk-today, desk-bookings, desk-members) are the operator's:
   * a consultant — even asking about their own bookings — and a member are 403, no token 401.
   * (Every other desk call's cells: tests/api/desk-access.test.ts.)
   */
  it('the desk’s glance, booking search, member search and numbers × every kind of caller: the operator only', async () => {
    const requests: Record<'desk-today' | 'desk-bookings' | 'desk-members' | 'desk-numbers', T> = {
      'desk-today': {},
      'desk-numbers': { from: '20250601', to: '20250630', trend: 'MONTH' },
      'desk-bookings': { from: '20250612', to: '20250612', staffId: TARGET, status: 'UNSUPPORTED', member: 'テスト' },
      'desk-members': { query: 'てすと', by: 'NAME' },
    }
    const mismatches: string[] = []
    for (const [name, query] of Object.entries(requests)) {
      expect(deskCalls[name as DeskCallName].role).toBe('operator')
      for (const who of WHO) {
        const r = await staffGet(h, name, { token: who === 'anonymous' ? undefined : tokens[who], query })
        const expected = who === 'operator' ? 200 : who === 'anonymous' ? 401 : 403
        if (r.status !== expected) mismatches.push(`${name} × ${who}: ${r.status} (expected ${expected})`)
        if (r.status === 403) expect(r.body).toEqual({ message: staffMessages.forbidden })
      }
    }
    expect(mismatches).toEqual([])
  })

  /** The accountant's CSV exports (file call desk-export): the operator only, every kind; a refusal writes no audit row. */
  it('the CSV exports × every kind of caller: the operator only', async () => {
    const mismatches: string[] = []
    for (const kind of DESK_EXPORT_KINDS) {
      const path = `${DESK_EXPORT_PREFIX}${deskExportName(kind, '20250601', '20250630')}`
      for (const who of WHO) {
        const audited = await exportAudits()
        const headers: Record<string, string> = who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` }
        const r = await h.app.request(path, { headers })
        const expected = who === 'operator' ? 200 : who === 'anonymous' ? 401 : 403
        if (r.status !== expected) mismatches.push(`${kind} × ${who}: ${r.status} (expected ${expected})`)
        if (r.status === 403) expect(await r.json()).toEqual({ message: staffMessages.forbidden })
        else await r.arrayBuffer()
        expect(await exportAudits(), `${kind} × ${who}`).toBe(audited + (expected === 200 ? 1 : 0))
      }
    }
    expect(mismatches).toEqual([])
  })
})

const exportAudits = async () => Number((await h.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'desk-export')))[0].n)
