import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import pg from 'pg'
import WebSocket from 'ws'
import { ROOM_CHAT_BURST, ROOM_CLOSE, ROOM_FRAME_MAX, ROOM_MESSAGES_BURST, ROOM_SOCKET_PATH, ROOM_STORED_BYTES_MAX, roomClosedMessages, roomMessages } from '../../contract/room'
import { roomPresence, tickets } from '../../server/db/schema'
import { atJst, parseYmd } from '../../server/domain/time'
import { createRoomSocketServer } from '../../server/http/room-socket'
import { createLocalRoomBus, createPgRoomBus, ROOM_LOG_KEEP_MINUTES, type RoomBus } from '../../server/infra/room-bus'
import type { Deps } from '../../server/services/deps'
import { createHarness, type Harness } from './harness'
import { staffAccount, staffGet, systemActor } from './staff-harness'
import { revokeRole } from '../../server/services/staff/accounts'
import { members } from '../../server/db/schema'

// The online consultation room (docs/server.md "The online consultation room"): who may enter
// (room-access, both sides), when (decision 93), the signalling socket (its token, its relay, the
// presence rows) and, on PostgreSQL, the relay between two replicas (decision 92).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
const STAFF = 'STAFF-03'
const OTHER_STAFF = 'STAFF-05'
/** 2025-06-12 14:00 JST, 60 minutes: the room opens 13:50 and closes 15:10 (10 minutes' grace). */
const START = atJst(parseYmd('20250612')!, 14, 0)
const at = (hh: number, mm: number) => atJst(parseYmd('20250612')!, hh, mm)

let h: Harness
const LIMITS = { maxChatBytes: ROOM_STORED_BYTES_MAX }
let seq = 0
const tokens = {} as Record<'owner' | 'third' | 'consultant' | 'otherConsultant' | 'operator', string>
let ownerId = ''

beforeAll(async () => {
  h = await createHarness()
  const owner = await h.member('fresh')
  ownerId = owner.memberId
  tokens.owner = owner.token
  tokens.third = (await h.member('fresh')).token
  tokens.consultant = (await staffAccount(h, [{ role: 'consultant', staffId: STAFF }])).token
  tokens.otherConsultant = (await staffAccount(h, [{ role: 'consultant', staffId: OTHER_STAFF }])).token
  tokens.operator = (await staffAccount(h, [{ role: 'operator' }])).token
}, 60_000)
afterAll(async () => h?.close())

/** An ONLINE (or TEL) booking of the owner with STAFF at 14:00, written straight into the tickets. */
async function booking(o: { supportType?: 'TEL' | 'ONLINE'; refunded?: boolean; staffId?: string } = {}) {
  const ticketNumber = `R9${String(Date.now()).slice(-8)}${String(++seq).padStart(4, '0')}`
  await h.db.insert(tickets).values({
    ticketNumber, memberId: ownerId, productId: 'SUPPORT-60', productType: 'SUPPORT', productName: '60分サポートチケット', price: 6600,
    minutesToSupport: 60, reservationAt: START, staffId: o.staffId ?? STAFF, supportType: o.supportType ?? 'ONLINE', supportStatus: 'UNSUPPORTED',
    purchaseTime: at(9, 0), amountRefunded: o.refunded ? 6600 : 0,
  })
  return ticketNumber
}

const memberAccess = (token: string, ticketNumber: string) => h.get('room-access', { token, query: { ticketNumber } })
const consultantAccess = (token: string, ticketNumber: string) => staffGet(h, 'room-access', { token, query: { ticketNumber } })

describe('room-access: who may enter, and when', () => {
  it('the member and the consultant: waiting before it opens, open from 10 minutes before, refused once closed', async () => {
    const t = await booking()
    h.clock.set(at(13, 49))
    const early = await memberAccess(tokens.owner, t)
    expect(early.status).toBe(200)
    expect(early.body).toMatchObject({ phase: 'waiting', side: 'member', startUnixTime: START.getTime() / 1000, opensUnixTime: at(13, 50).getTime() / 1000, closesUnixTime: at(15, 10).getTime() / 1000, iceServers: [] })
    h.clock.set(at(13, 50))
    const member = await memberAccess(tokens.owner, t)
    expect(member.body).toMatchObject({ phase: 'open', side: 'member', peerName: expect.any(String) })
    const consultant = await consultantAccess(tokens.consultant, t)
    expect(consultant.status).toBe(200)
    expect(consultant.body).toMatchObject({ phase: 'open', side: 'consultant' })
    // Each side reads the other's name: the member the consultant's nickname, the consultant the member's name.
    expect(consultant.body.peerName).not.toBe(member.body.peerName)
    h.clock.set(at(15, 9))
    expect((await memberAccess(tokens.owner, t)).status).toBe(200)
    h.clock.set(at(15, 10))
    const closed = await memberAccess(tokens.owner, t)
    expect(closed).toMatchObject({ status: 409, body: { message: roomMessages.closed } })
    expect((await consultantAccess(tokens.consultant, t)).status).toBe(409)
  })

  it('an extension keeps the room open past the booked end', async () => {
    const t = await booking()
    await h.db.insert(tickets).values({
      ticketNumber: `${t}A`, memberId: ownerId, productId: 'ADD-30', productType: 'ADD', productName: '30分延長チケット', price: 3300,
      minutesToSupport: 30, parentTicketNumber: t, supportStatus: 'UNSUPPORTED', purchaseTime: at(14, 50),
    })
    h.clock.set(at(15, 30))
    const r = await memberAccess(tokens.owner, t)
    expect(r.status).toBe(200)
    expect(r.body.closesUnixTime).toBe(at(15, 40).getTime() / 1000)
  })

  it('refuses a third member, another consultant, an operator, a refunded booking and a phone booking', async () => {
    const t = await booking()
    h.clock.set(at(14, 0))
    expect(await memberAccess(tokens.third, t)).toMatchObject({ status: 404, body: { message: roomMessages.notFound } })
    expect(await consultantAccess(tokens.otherConsultant, t)).toMatchObject({ status: 403, body: { message: roomMessages.notYours } })
    expect((await consultantAccess(tokens.operator, t)).status).toBe(403)
    // A member's token on the staff call and a consultant's on the member call are refused too.
    expect((await consultantAccess(tokens.owner, t)).status).toBe(403)
    expect((await memberAccess(tokens.consultant, t)).status).toBe(401)
    const refunded = await booking({ refunded: true })
    expect(await memberAccess(tokens.owner, refunded)).toMatchObject({ status: 403, body: { message: roomMessages.refunded } })
    expect((await consultantAccess(tokens.consultant, refunded)).status).toBe(403)
    const tel = await booking({ supportType: 'TEL' })
    expect(await memberAccess(tokens.owner, tel)).toMatchObject({ status: 404, body: { message: roomMessages.notOnline } })
    expect((await memberAccess(tokens.owner, 'NO-SUCH-TICKET')).status).toBe(404)
  })
})

/** A room socket server on a port of its own, over `bus`, as server/main.ts mounts it. */
async function socketServer(deps: Deps, bus: RoomBus) {
  const rooms = createRoomSocketServer(deps, bus)
  const server = http.createServer((_req, res) => res.writeHead(404).end())
  server.on('upgrade', (req, socket, head) => {
    if (!rooms.handleUpgrade(req, socket, head)) socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}${ROOM_SOCKET_PATH}`
  return {
    url,
    rooms,
    close: async () => {
      await rooms.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await bus.close()
    },
  }
}

/** A client of the socket that keeps every message and waits for the one a test expects. */
async function client(url: string, ticket: string) {
  const ws = new WebSocket(`${url}?ticket=${encodeURIComponent(ticket)}`)
  const got: T[] = []
  const waiters: { match: (m: T) => boolean; resolve: (m: T) => void }[] = []
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as T
    got.push(m)
    for (const w of [...waiters]) if (w.match(m)) {
      waiters.splice(waiters.indexOf(w), 1)
      w.resolve(m)
    }
  })
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return {
    ws,
    closed,
    send: (m: T) => ws.send(JSON.stringify(m)),
    got: () => [...got],
    next: (match: (m: T) => boolean) => {
      const seen = got.find(match)
      if (seen) return Promise.resolve(seen)
      return new Promise<T>((resolve) => waiters.push({ match, resolve }))
    },
  }
}

const joined = async (url: string, ticket: string, side: 'member' | 'consultant', token: string) => {
  const c = await client(url, ticket)
  c.send({ type: 'join', side, token })
  await c.next((m) => m.type === 'welcome')
  return c
}

describe('the signalling socket (one process, in-process bus)', () => {
  let s: Awaited<ReturnType<typeof socketServer>>
  beforeAll(async () => {
    s = await socketServer(h.deps, createLocalRoomBus(LIMITS))
  })
  afterAll(async () => s?.close())

  it('refuses a bad token, another member and a room not open yet', async () => {
    const t = await booking()
    h.clock.set(at(14, 0))
    const bad = await client(s.url, t)
    bad.send({ type: 'join', side: 'member', token: 'not-a-token' })
    expect(await bad.next((m) => m.type === 'error')).toEqual({ type: 'error', message: roomMessages.badToken })
    expect(await bad.closed).toBe(ROOM_CLOSE.badToken)
    // A consultant's token claiming the member's side is no member.
    const posing = await client(s.url, t)
    posing.send({ type: 'join', side: 'member', token: tokens.consultant })
    expect(await posing.closed).toBe(ROOM_CLOSE.badToken)
    const third = await client(s.url, t)
    third.send({ type: 'join', side: 'member', token: tokens.third })
    expect(await third.closed).toBe(ROOM_CLOSE.refused)
    const operator = await client(s.url, t)
    operator.send({ type: 'join', side: 'consultant', token: tokens.operator })
    expect(await operator.closed).toBe(ROOM_CLOSE.refused)
    h.clock.set(at(13, 40))
    const early = await client(s.url, t)
    early.send({ type: 'join', side: 'member', token: tokens.owner })
    expect(await early.next((m) => m.type === 'error')).toEqual({ type: 'error', message: roomMessages.notOpenYet })
    expect(await early.closed).toBe(ROOM_CLOSE.notOpen)
    expect(s.rooms.size()).toBe(0)
  })

  it('relays the negotiation and the chat to the other side only, and records who came and left', async () => {
    const t = await booking()
    h.clock.set(at(13, 55))
    const member = await joined(s.url, t, 'member', tokens.owner)
    h.clock.set(at(13, 57))
    const consultant = await joined(s.url, t, 'consultant', tokens.consultant)
    consultant.send({ type: 'hello' })
    expect(await member.next((m) => m.type === 'hello')).toMatchObject({ type: 'hello', from: 'consultant' })
    member.send({ type: 'description', description: { type: 'offer', sdp: 'v=0\r\n' + 'a=x\r\n'.repeat(3000) } })
    const offer = await consultant.next((m) => m.type === 'description')
    expect(offer.description.sdp.length).toBeGreaterThan(15_000)
    member.send({ type: 'chat', id: 'line-0001', text: '  こんにちは  ' })
    expect(await consultant.next((m) => m.type === 'chat')).toMatchObject({ text: 'こんにちは', from: 'member' })
    // A message the contract refuses is answered with why, and not relayed.
    member.send({ type: 'chat', id: 'line-0002', text: 'あ'.repeat(1001) })
    expect(await member.next((m) => m.type === 'error')).toEqual({ type: 'error', message: roomMessages.chatTooLong, ref: 'line-0002' })
    h.clock.set(at(14, 30))
    consultant.ws.close()
    expect(await member.next((m) => m.type === 'peer-left')).toMatchObject({ from: 'consultant' })
    await vi.waitFor(async () => {
      const rows = await h.db.select().from(roomPresence).where(eq(roomPresence.ticketNumber, t))
      expect(rows.map((r) => [r.side, r.joinedAt.toISOString(), r.leftAt?.toISOString() ?? null])).toEqual([
        ['member', at(13, 55).toISOString(), null],
        ['consultant', at(13, 57).toISOString(), at(14, 30).toISOString()],
      ])
    })
    // The consultant's day shows the stays.
    const day = await staffGet(h, 'consultant-day', { token: tokens.consultant, query: { staffId: STAFF, from: '20250612' } })
    const c = (day.body.consultations as T[]).find((x) => x.ticketNumber === t)!
    expect(c.roomStays).toEqual([
      { side: 'member', joinedUnixTime: at(13, 55).getTime() / 1000, leftUnixTime: null },
      { side: 'consultant', joinedUnixTime: at(13, 57).getTime() / 1000, leftUnixTime: at(14, 30).getTime() / 1000 },
    ])
    member.ws.close()
    await member.closed
  })

  it('every staff view of the consultation shows the same stays: the consultant’s day and past, the desk’s bookings and today', async () => {
    // "No call came": the member waited in the room, the consultant never came, the member said so.
    const t = await booking()
    const tel = await booking({ supportType: 'TEL' })
    h.clock.set(at(13, 58))
    const member = await joined(s.url, t, 'member', tokens.owner)
    h.clock.set(at(14, 12))
    member.ws.close()
    await member.closed
    await vi.waitFor(async () => {
      const [row] = await h.db.select().from(roomPresence).where(eq(roomPresence.ticketNumber, t))
      expect(row?.leftAt?.toISOString()).toBe(at(14, 12).toISOString())
    })
    await h.db.update(tickets).set({ noCallReportedAt: at(14, 15) }).where(eq(tickets.ticketNumber, t))
    h.clock.set(at(14, 20))
    const stays = [{ side: 'member', joinedUnixTime: at(13, 58).getTime() / 1000, leftUnixTime: at(14, 12).getTime() / 1000 }]
    const find = (list: T[]) => list.find((x) => x.ticketNumber === t)!

    const day = await staffGet(h, 'consultant-day', { token: tokens.consultant, query: { staffId: STAFF, from: '20250612' } })
    expect(find(day.body.consultations).roomStays).toEqual(stays)
    for (const token of [tokens.consultant, tokens.operator]) {
      const past = await staffGet(h, 'past-consultations', { token, query: { staffId: STAFF, from: '20250612', to: '20250612', pageSize: 50 } })
      expect(past.status).toBe(200)
      expect(find(past.body.consultations).roomStays).toEqual(stays)
    }
    const bookings = await staffGet(h, 'desk-bookings', { token: tokens.operator, query: { member: t } })
    expect(bookings.body.items).toMatchObject([{ ticketNumber: t, supportType: 'ONLINE', roomStays: stays }])
    expect((await staffGet(h, 'desk-bookings', { token: tokens.operator, query: { member: tel } })).body.items).toMatchObject([{ ticketNumber: tel, roomStays: [] }])
    // The member's page on the desk (会員詳細), for the operator on the phone with them.
    const detail = await staffGet(h, 'desk-member', { token: tokens.operator, query: { memberId: bookings.body.items[0].memberId } })
    expect(detail.body.roomStays[t]).toEqual(stays)
    expect(detail.body.roomStays[tel]).toBeUndefined()
    const today = await staffGet(h, 'desk-today', { token: tokens.operator })
    expect(find(today.body.noCallReports.items).roomStays).toEqual(stays)
    const board = (today.body.today.consultants as T[]).flatMap((c) => c.consultations as T[])
    expect(find(board).roomStays).toEqual(stays)
    // The desk's calls stay the operator's: a consultant reads the stays on their own views only.
    expect((await staffGet(h, 'desk-bookings', { token: tokens.consultant, query: { member: t } })).status).toBe(403)
    expect((await staffGet(h, 'desk-today', { token: tokens.consultant })).status).toBe(403)
  })

  it('a second socket of the same side replaces the first, and the other side hears no goodbye of the first', async () => {
    const t = await booking()
    h.clock.set(at(14, 5))
    const consultant = await joined(s.url, t, 'consultant', tokens.consultant)
    const first = await joined(s.url, t, 'member', tokens.owner)
    // The member's connection dropped and came back on a new socket (the server has not seen the old one go).
    const second = await joined(s.url, t, 'member', tokens.owner)
    second.send({ type: 'hello' })
    expect(await first.closed).toBe(ROOM_CLOSE.replaced)
    // The first socket's close has run (its stay is closed); a goodbye from it would have been relayed
    // before this chat line, and would end the consultant's connection to the member who is back.
    await vi.waitFor(async () => {
      const rows = await h.db.select().from(roomPresence).where(eq(roomPresence.ticketNumber, t))
      expect(rows.filter((r) => r.side === 'member').map((r) => r.leftAt !== null)).toEqual([true, false])
    })
    second.send({ type: 'chat', id: 'line-back', text: '戻りました' })
    await consultant.next((m) => m.type === 'chat')
    expect(consultant.got().map((m) => m.type)).toEqual(['welcome', 'hello', 'chat'])
    second.ws.close()
    expect(await consultant.next((m) => m.type === 'peer-left')).toMatchObject({ from: 'member' })
    consultant.ws.close()
    await Promise.all([second.closed, consultant.closed])
  })
})

/** Waits for the socket's close and the error that came just before it. */
const closedWith = async (c: Awaited<ReturnType<typeof client>>) => {
  const code = await c.closed
  return { code, message: c.got().filter((m) => m.type === 'error').at(-1)?.message }
}

describe('rights are live: a socket that loses its right is told why and closed at once (decision 106)', () => {
  let s: Awaited<ReturnType<typeof socketServer>>
  beforeAll(async () => {
    s = await socketServer(h.deps, createLocalRoomBus(LIMITS))
  })
  afterAll(async () => s?.close())

  it('a refund closes both sides with the reason, and nothing more is relayed', async () => {
    const t = await booking()
    h.clock.set(at(14, 5))
    const member = await joined(s.url, t, 'member', tokens.owner)
    const consultant = await joined(s.url, t, 'consultant', tokens.consultant)
    // The refund as the desk writes it (through the services' database handle, which tells every
    // replica's caches and so every replica's rooms).
    const started = Date.now()
    await h.deps.db.update(tickets).set({ amountRefunded: 6600 }).where(eq(tickets.ticketNumber, t))
    const [m, c] = await Promise.all([closedWith(member), closedWith(consultant)])
    expect(Date.now() - started).toBeLessThan(1000)
    expect(m).toEqual({ code: ROOM_CLOSE.refused, message: roomClosedMessages.refunded })
    expect(c).toEqual({ code: ROOM_CLOSE.refused, message: roomClosedMessages.refunded })
    await vi.waitFor(() => expect(s.rooms.size()).toBe(0))
  })

  it('a reassignment closes the old consultant’s socket; the member stays, and the new consultant may come in', async () => {
    const t = await booking()
    h.clock.set(at(14, 5))
    const member = await joined(s.url, t, 'member', tokens.owner)
    const consultant = await joined(s.url, t, 'consultant', tokens.consultant)
    await h.deps.db.update(tickets).set({ staffId: OTHER_STAFF }).where(eq(tickets.ticketNumber, t))
    expect(await closedWith(consultant)).toEqual({ code: ROOM_CLOSE.refused, message: roomClosedMessages.reassigned })
    // The member hears the old consultant go, and is still in the room with the new one.
    expect(await member.next((m) => m.type === 'peer-left')).toMatchObject({ from: 'consultant' })
    const next = await joined(s.url, t, 'consultant', tokens.otherConsultant)
    next.send({ type: 'chat', id: 'line-new-cs', text: '担当が代わりました' })
    expect(await member.next((m) => m.type === 'chat')).toMatchObject({ text: '担当が代わりました', from: 'consultant' })
    member.ws.close()
    next.ws.close()
    await Promise.all([member.closed, next.closed])
  })

  it('a consultant whose role is revoked is closed at once', async () => {
    const t = await booking({ staffId: 'STAFF-02' })
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-02' }])
    h.clock.set(at(14, 5))
    const consultant = await joined(s.url, t, 'consultant', cs.token)
    await revokeRole(h.deps, systemActor, { uid: cs.uid, role: 'consultant' }, h.clock.now())
    expect(await closedWith(consultant)).toEqual({ code: ROOM_CLOSE.refused, message: roomClosedMessages.roleRevoked })
  })

  it('a cancelled account is closed; the room closing ends both sides as a consultation over', async () => {
    const member = await h.member('fresh')
    const t = await booking()
    await h.db.update(tickets).set({ memberId: member.memberId }).where(eq(tickets.ticketNumber, t))
    h.clock.set(at(14, 5))
    const m = await joined(s.url, t, 'member', member.token)
    const consultant = await joined(s.url, t, 'consultant', tokens.consultant)
    await h.deps.db.update(members).set({ deletedAt: h.clock.now() }).where(eq(members.memberId, member.memberId))
    expect(await closedWith(m)).toEqual({ code: ROOM_CLOSE.refused, message: roomClosedMessages.cancelled })
    // The room's end plus its grace: the backstop check (and the close timer) end it as over.
    h.clock.set(at(15, 10))
    await s.rooms.checkRights()
    expect(await closedWith(consultant)).toEqual({ code: ROOM_CLOSE.ended, message: roomClosedMessages.closed })
  })

  it('a second tab takes over the first, told why; one socket per person whatever the count', async () => {
    const t = await booking()
    h.clock.set(at(14, 5))
    const consultant = await joined(s.url, t, 'consultant', tokens.consultant)
    const tabs = []
    for (let i = 0; i < 5; i++) tabs.push(await joined(s.url, t, 'member', tokens.owner))
    for (const old of tabs.slice(0, -1)) expect(await closedWith(old)).toEqual({ code: ROOM_CLOSE.replaced, message: roomClosedMessages.replaced })
    await vi.waitFor(() => expect(s.rooms.size()).toBe(2))
    // No goodbye of a replaced tab reached the consultant.
    expect(consultant.got().filter((m) => m.type === 'peer-left')).toEqual([])
    tabs.at(-1)!.ws.close()
    consultant.ws.close()
    await Promise.all([tabs.at(-1)!.closed, consultant.closed])
  })
})

describe('order, history and limits of one socket', () => {
  let s: Awaited<ReturnType<typeof socketServer>>
  beforeAll(async () => {
    s = await socketServer(h.deps, createLocalRoomBus(LIMITS))
  })
  afterAll(async () => s?.close())

  it('a burst of chat arrives whole and in order, acknowledged with the room’s numbers; a rejoin gets the history', async () => {
    const t = await booking()
    h.clock.set(at(14, 5))
    const member = await joined(s.url, t, 'member', tokens.owner)
    const consultant = await joined(s.url, t, 'consultant', tokens.consultant)
    const n = ROOM_CHAT_BURST
    for (let i = 1; i <= n; i++) member.send({ type: 'chat', id: `burst-${i}`, text: `行${i} https://example.com/${i}` })
    await vi.waitFor(() => expect(consultant.got().filter((m) => m.type === 'chat')).toHaveLength(n))
    const lines = consultant.got().filter((m) => m.type === 'chat')
    expect(lines.map((m) => m.id)).toEqual(Array.from({ length: n }, (_, i) => `burst-${i + 1}`))
    expect(lines.map((m) => m.seq)).toEqual([...lines.map((m) => m.seq)].sort((a, b) => a - b))
    await vi.waitFor(() => expect(member.got().filter((m) => m.type === 'chat-sent')).toHaveLength(n))
    expect(member.got().filter((m) => m.type === 'chat-sent').map((m) => m.seq)).toEqual(lines.map((m) => m.seq))
    // The consultant's page reloads: its welcome holds every line, in order, with who said it.
    consultant.ws.close()
    await consultant.closed
    const back = await joined(s.url, t, 'consultant', tokens.consultant)
    const welcome = back.got().find((m) => m.type === 'welcome')!
    expect(welcome.history.map((l: T) => [l.id, l.from])).toEqual(Array.from({ length: n }, (_, i) => [`burst-${i + 1}`, 'member']))
    member.ws.close()
    back.ws.close()
    await Promise.all([member.closed, back.closed])
  })

  it('refuses what breaks a limit with a Japanese message and keeps the socket: control characters, too long, too large, too fast', async () => {
    const t = await booking()
    h.clock.set(at(14, 5))
    const member = await joined(s.url, t, 'member', tokens.owner)
    const consultant = await joined(s.url, t, 'consultant', tokens.consultant)
    const errorFor = (ref: string) => member.next((m) => m.type === 'error' && m.ref === ref)
    member.send({ type: 'chat', id: 'nul-line', text: 'NUL\u0000です' })
    expect((await errorFor('nul-line')).message).toBe('制御文字（NULなど）は入力できません')
    member.send({ type: 'chat', id: 'bell-line', text: 'ベル\u0007' })
    expect((await errorFor('bell-line')).message).toBe('制御文字（NULなど）は入力できません')
    member.send({ type: 'chat', id: 'long-line', text: 'あ'.repeat(1001) })
    expect((await errorFor('long-line')).message).toBe(roomMessages.chatTooLong)
    // A frame over ROOM_FRAME_MAX is refused unread.
    member.send({ type: 'description', description: { type: 'offer', sdp: 'a'.repeat(ROOM_FRAME_MAX) } })
    expect(await member.next((m) => m.type === 'error' && m.message === roomMessages.tooLarge)).toBeTruthy()
    // More messages at once than the bucket holds: the rest are refused, the socket stays.
    for (let i = 0; i < ROOM_MESSAGES_BURST + 20; i++) member.send({ type: 'candidate', candidate: { candidate: `candidate:${i} 1 udp 1 192.0.2.1 ${1000 + i} typ host`, sdpMid: '0', sdpMLineIndex: 0 } })
    expect(await member.next((m) => m.type === 'error' && m.message === roomMessages.tooFast)).toBeTruthy()
    await vi.waitFor(() => expect(consultant.got().filter((m) => m.type === 'candidate').length).toBeGreaterThan(0))
    const relayed = consultant.got().filter((m) => m.type === 'candidate')
    expect(relayed.length).toBeLessThanOrEqual(ROOM_MESSAGES_BURST)
    // Relayed in the order sent.
    const ports = relayed.map((m) => Number(m.candidate.candidate.split(' ').at(-3)))
    expect(ports).toEqual([...ports].sort((a, b) => a - b))
    expect(member.ws.readyState).toBe(WebSocket.OPEN)
    // The bucket refills with time (the injectable clock): the socket sends again.
    h.clock.set(at(14, 7))
    member.send({ type: 'chat', id: 'after-wait', text: 'また送れます' })
    expect(await consultant.next((m) => m.type === 'chat' && m.id === 'after-wait')).toMatchObject({ text: 'また送れます' })
    member.ws.close()
    consultant.ws.close()
    await Promise.all([member.closed, consultant.closed])
  })

  it('a room’s chat stops at its stored-bytes cap with a message; the call’s signalling goes on', async () => {
    const small = await socketServer(h.deps, createLocalRoomBus({ maxChatBytes: 30 }))
    try {
      const t = await booking()
      h.clock.set(at(14, 5))
      const member = await joined(small.url, t, 'member', tokens.owner)
      const consultant = await joined(small.url, t, 'consultant', tokens.consultant)
      member.send({ type: 'chat', id: 'fits-0001', text: 'あいうえお' }) // 15 bytes
      expect(await member.next((m) => m.type === 'chat-sent' && m.id === 'fits-0001')).toBeTruthy()
      member.send({ type: 'chat', id: 'over-0001', text: 'かきくけこさ' }) // 18 bytes: 33 > 30
      expect((await member.next((m) => m.type === 'error' && m.ref === 'over-0001')).message).toBe(roomMessages.roomFull)
      member.send({ type: 'description', description: { type: 'offer', sdp: 'v=0\r\n' } })
      expect(await consultant.next((m) => m.type === 'description')).toBeTruthy()
      expect(consultant.got().filter((m) => m.type === 'chat').map((m) => m.id)).toEqual(['fits-0001'])
      member.ws.close()
      consultant.ws.close()
      await Promise.all([member.closed, consultant.closed])
    } finally {
      await small.close()
    }
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('the signalling socket across two replicas on PostgreSQL', () => {
  it('the member on replica A and the consultant on replica B hear each other through LISTEN/NOTIFY', async () => {
    const url = h.databaseUrl!
    const a = await socketServer(h.deps, await createPgRoomBus(url, LIMITS, { name: 'mypage-room-bus-a' }))
    const b = await socketServer(h.deps, await createPgRoomBus(url, LIMITS, { name: 'mypage-room-bus-b' }))
    try {
      const t = await booking()
      h.clock.set(at(14, 10))
      const member = await joined(a.url, t, 'member', tokens.owner)
      const consultant = await joined(b.url, t, 'consultant', tokens.consultant)
      consultant.send({ type: 'hello' })
      expect(await member.next((m) => m.type === 'hello')).toMatchObject({ from: 'consultant' })
      // A session description larger than one NOTIFY payload arrives whole.
      const sdp = 'v=0\r\n' + 'a=candidate:1 1 udp 2122260223 192.0.2.1 54321 typ host\r\n'.repeat(300)
      member.send({ type: 'description', description: { type: 'offer', sdp } })
      expect((await consultant.next((m) => m.type === 'description')).description.sdp).toBe(sdp)
      consultant.send({ type: 'chat', id: 'line-hear', text: '聞こえますか' })
      expect(await member.next((m) => m.type === 'chat')).toMatchObject({ text: '聞こえますか', from: 'consultant' })
      member.ws.close()
      consultant.ws.close()
      await Promise.all([member.closed, consultant.closed])
    } finally {
      await a.close()
      await b.close()
    }
  })

  // decision 97: a message is never lost between replicas, only late. A message written to the log
  // without its notification is what a replica sees of a notification it missed.
  describe('the relay log', () => {
    let writer: pg.Pool
    beforeAll(() => {
      writer = new pg.Pool({ connectionString: h.databaseUrl!, max: 1 })
    })
    afterAll(async () => writer?.end())

    /** The bus's append without its NOTIFY. */
    const appendUnannounced = (room: string, body: T) =>
      writer.query(
        `WITH s AS (INSERT INTO room_sequences AS q (ticket_number, seq) VALUES ($1, 1) ON CONFLICT (ticket_number) DO UPDATE SET seq = q.seq + 1 RETURNING seq)
         INSERT INTO room_messages (ticket_number, seq, conn, from_side, body) SELECT $1, s.seq, 'elsewhere', 'member', $2::jsonb FROM s`,
        [room, JSON.stringify(body)],
      )
    /** A bus holding `room`, keeping what it delivers. */
    const listening = async (name: string, room: string, log?: (line: string) => void) => {
      const bus = await createPgRoomBus(h.databaseUrl!, LIMITS, { name, log })
      const got: T[] = []
      bus.subscribe((e) => got.push(e.body as T))
      await bus.hold(room)
      return { bus, got }
    }

    it('a missing number is read from the log, and the room stays in order', async () => {
      const room = `LOG-GAP-${++seq}`
      const a = await createPgRoomBus(h.databaseUrl!, LIMITS, { name: 'mypage-room-bus-gap-a' })
      const b = await listening('mypage-room-bus-gap-b', room)
      try {
        await a.publish({ room, conn: 'x', from: 'member', body: { type: 'chat', text: '1' }, now: new Date() })
        await appendUnannounced(room, { type: 'chat', text: '2' })
        await a.publish({ room, conn: 'x', from: 'member', body: { type: 'chat', text: '3' }, now: new Date() })
        await vi.waitFor(() => expect(b.got.map((m) => m.text)).toEqual(['1', '2', '3']))
        // Numbers before the hold are not this process's: a room held anew starts where the room is.
        const c = await listening('mypage-room-bus-gap-c', room)
        await a.publish({ room, conn: 'x', from: 'consultant', body: { type: 'chat', text: '4' }, now: new Date() })
        await vi.waitFor(() => expect(c.got.map((m) => m.text)).toEqual(['4']))
        await c.bus.close()
        // b hears the same NOTIFY on a connection of its own: not necessarily before c did.
        await vi.waitFor(() => expect(b.got.map((m) => m.text)).toEqual(['1', '2', '3', '4']))
      } finally {
        await a.close()
        await b.bus.close()
      }
    })

    it('a listener that lost its connection reads, once back, what was sent meanwhile', async () => {
      const room = `LOG-RECONNECT-${++seq}`
      let lost = () => {}
      const down = new Promise<void>((resolve) => (lost = resolve))
      const b = await listening('mypage-room-bus-reconnect-b', room, (line) => line.includes('connection lost') && lost())
      const a = await createPgRoomBus(h.databaseUrl!, LIMITS, { name: 'mypage-room-bus-reconnect-a' })
      try {
        await writer.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mypage-room-bus-reconnect-b'`)
        await down
        // Nothing announces this one: only the catch-up after the reconnect can bring it.
        await appendUnannounced(room, { type: 'candidate', candidate: null })
        await vi.waitFor(() => expect(b.got).toEqual([{ type: 'candidate', candidate: null }]), { timeout: 15_000 })
        await a.publish({ room, conn: 'x', from: 'consultant', body: { type: 'chat', text: 'また聞こえます' }, now: new Date() })
        await vi.waitFor(() => expect(b.got).toEqual([{ type: 'candidate', candidate: null }, { type: 'chat', text: 'また聞こえます' }]))
      } finally {
        await a.close()
        await b.bus.close()
      }
    })

    it('keeps a message ROOM_LOG_KEEP_MINUTES, then deletes it', async () => {
      const room = `LOG-PRUNE-${++seq}`
      const a = await createPgRoomBus(h.databaseUrl!, LIMITS, { name: 'mypage-room-bus-prune' })
      try {
        const t0 = new Date('2025-06-12T05:00:00Z')
        const later = (ms: number) => new Date(t0.getTime() + ms)
        await a.publish({ room, conn: 'x', from: 'member', body: { type: 'candidate', candidate: null }, now: t0 })
        await a.publish({ room, conn: 'x', from: 'member', body: { type: 'candidate', candidate: null }, now: later(1000) })
        // A chat line stays until its room closes (the history a reconnecting page reads).
        await a.publish({ room, conn: 'x', from: 'member', body: { type: 'chat', id: 'line-kept', text: 'kept', at: 0 }, now: t0, chatBytes: 4, keepUntil: later(3_600_000) })
        const keep = ROOM_LOG_KEEP_MINUTES * 60_000
        const left = async () => (await writer.query('SELECT seq FROM room_messages WHERE ticket_number = $1 ORDER BY seq', [room])).rows.map((r) => r.seq)
        expect(await a.prune(later(keep))).toBe(0)
        expect(await a.prune(later(keep + 1))).toBe(1)
        expect(await left()).toEqual([2, 3])
        await a.prune(later(keep + 1001))
        expect(await left()).toEqual([3])
        expect((await a.history(room)).map((e) => (e.body as T).text)).toEqual(['kept'])
        await a.prune(later(3_600_001))
        expect(await left()).toEqual([])
      } finally {
        await a.close()
      }
    })
  })
})
