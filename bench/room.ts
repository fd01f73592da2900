import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import WebSocket from 'ws'
import { ROOM_SOCKET_PATH, type RoomSide } from '../contract/room'
import { createFirebaseIdentity } from '../server/adapters/identity'
import { openDatabase } from '../server/db/client'
import { staff } from '../server/db/schema'
import { demoStaff } from '../server/db/seed/staff-accounts'
import type { AuditActor } from '../server/infra/audit'
import { createLogger, setLogger } from '../server/observability/log'
import { grantRole } from '../server/services/staff/accounts'
import { freePort, stopAll } from '../scripts/stack/processes'
import { createScratchDatabase } from '../scripts/stack/scratch-db'
import { PROJECT_ID, ROOT, startAuthEmulator, startServer } from '../scripts/stack/services'
import type { LoadFigures } from './lib/api-process'
import { round, writeResult } from './lib/results'

// The online room at 100 open rooms (docs/performance.md "The online room at 100 open rooms"):
// ONE replica of the compiled server (`npm run build:server`, run with plain node as production
// runs it; scripts/stack/server-build.ts) with its test routes on, as the browser tests run it, on a
// scratch PostgreSQL database (BENCH_DATABASE_URL, as the other benches; `pglite` for PGlite), and an
// Auth Emulator. BENCH_ROOMS (100) demo members each have a SUPPORT-60 booking moved to now as an
// ONLINE one (`POST /api/__test/consultation-started`, underWay) with a consultant of its own
// (on PostgreSQL: granted as `npm run staff` grants; on PGlite, where the bench cannot write
// beside the server, the demo consultant holds every room). Each room gets two `ws` clients on
// `/api/room-socket` that join with real ID tokens (docs/server.md "The online consultation room").
// Measured, on the server process (/proc/<pid>: RSS, utime + stime) and the database's backends:
//   before the rooms open · 100 rooms open and idle · under chat (each side a line every 2 s, and a
//   negotiation of descriptions and candidates at the start and half-way);
// chat latency sender → receiver (p50/p99); and a member read (purchase-list, cached) beside the
// bare route (/api/health) with autocannon (50 connections, bare/read/read/bare, in a process of its
// own), without rooms, with the rooms chatting, and after they closed: ratios only. The chat's
// latency while autocannon runs is kept apart (`chatWithApiLoad`).
// A benchmark, not a test: it prints figures and fails nothing.

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const ROOMS = Number(process.env.BENCH_ROOMS ?? 100)
const TRAFFIC_SECONDS = Number(process.env.BENCH_ROOM_SECONDS ?? 20)
/** Long enough to hold one round of the sockets' 30-second right checks (server/http/room-socket.ts). */
const IDLE_SECONDS = Number(process.env.BENCH_ROOM_IDLE_SECONDS ?? 30)
const API_SECONDS = Number(process.env.BENCH_DURATION ?? 5)
const CONNECTIONS = 50
const CHAT_EVERY_MS = 2000
/** Sockets joining at once (a morning's first consultations do not all start in one millisecond). */
const JOINING_AT_ONCE = 20
const SETUP_AT_ONCE = 4
const BARE = '/api/health'
const READ = '/api/purchase-list'

setLogger(createLogger({ sink: { write: () => {} } }))
const actor: AuditActor = { uid: 'system', email: 'bench@localhost (npm run bench:room)', role: 'system' }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return null
  const s = [...xs].sort((a, b) => a - b)
  return round(s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))], 1)
}
const loadAverage = () => os.loadavg().map((l) => round(l, 2))

/** `items` through `work`, `n` at a time, in order. */
async function inBatches<T, R>(items: T[], n: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await work(items[i], i)
    }
  }))
  return out
}

// ---- what the kernel says of a process

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/** utime + stime of a process, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK
}

function rssKiBOf(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN)
}

/**
 * CPU ms of every PostgreSQL backend of `database` (its process title names the database), by pid:
 * the room bus's numbering, log and NOTIFY run there, not in the server's process.
 */
function backendsCpuMs(database: string | null): Map<number, number> {
  const out = new Map<number, number>()
  if (!database) return out
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8')
      if (cmd.startsWith('postgres:') && cmd.includes(` ${database} `)) out.set(Number(name), cpuMsOf(Number(name)))
    } catch {
      // gone meanwhile
    }
  }
  return out
}

// ---- the stack

type Stack = { url: string; pid: number; metricsUrl: string; inspectorPort: number; database: string | null; databaseUrl: string | null; cleanup: () => Promise<void> }

async function startStack(): Promise<Stack> {
  const pglite = BASE_URL === 'pglite'
  const scratch = pglite ? null : await createScratchDatabase(BASE_URL, 'mypage_bench_room')
  const pgliteDir = pglite ? mkdtempSync(path.join(os.tmpdir(), 'mypage-bench-room-')) : undefined
  const cleanup = async () => {
    await stopAll()
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true })
    await scratch?.drop()
  }
  try {
    // MYPAGE_AUTH_EMULATOR_HOST: an emulator already running (as the browser tests accept it).
    let authEmulatorHost = process.env.MYPAGE_AUTH_EMULATOR_HOST
    if (!authEmulatorHost) {
      const authPort = await freePort()
      await startAuthEmulator({ port: authPort })
      authEmulatorHost = `127.0.0.1:${authPort}`
    }
    const port = await freePort()
    const metricsPort = await freePort()
    const inspectorPort = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = await startServer({
      port, authEmulatorHost, smtpUrl: 'smtp://127.0.0.1:1', appOrigin: url, compiled: true, testRoutes: true,
      ...(scratch ? { databaseUrl: scratch.url } : { pgliteDir }),
      // The inspector, on loopback and idle but while the bench forces a full collection before it
      // reads the heap (`heapAfterGc`): a heap read at a random point of V8's cycle says more of the
      // collector's timing than of the rooms.
      env: { MYPAGE_METRICS_PORT: String(metricsPort), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectorPort}`.trim() },
    })
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost
    return {
      url,
      pid: server.child.proc.pid!,
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      inspectorPort,
      database: scratch ? new URL(scratch.url).pathname.slice(1) : null,
      databaseUrl: scratch?.url ?? null,
      cleanup,
    }
  } catch (e) {
    await cleanup()
    throw e
  }
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const body = (await res.json()) as { idToken?: string; error?: { message: string } }
  if (!body.idToken) throw new Error(`sign-in failed for ${email}: ${body.error?.message}`)
  return body.idToken
}

async function api<T>(stack: Stack, method: 'GET' | 'POST', p: string, o: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(stack.url + p, {
    method,
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.body ? { 'content-type': 'application/json' } : {}) },
    ...(o.body ? { body: JSON.stringify(o.body) } : {}),
  })
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${await res.text()}`)
  return res.json() as Promise<T>
}

type Room = { ticketNumber: string; memberToken: string; consultantToken: string; staffId: string }

/**
 * The consultants: on PostgreSQL one per room, a staff row and an account granted the role as
 * `npm run staff` grants it (server/services/staff/accounts.ts), signed in; on PGlite the demo
 * consultant for every room.
 */
async function consultants(stack: Stack): Promise<{ staffId: string; token: string }[]> {
  if (!stack.databaseUrl) {
    const demo = demoStaff.find((s) => s.roles.includes('consultant'))!
    const token = await signIn(demo.email, demo.password)
    return Array.from({ length: ROOMS }, () => ({ staffId: demo.staffId!, token }))
  }
  const database = await openDatabase({ url: stack.databaseUrl })
  const identity = createFirebaseIdentity({ projectId: PROJECT_ID, emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST })
  try {
    // STAFF-<digits>: the id the test route accepts for a consultant.
    const rows = Array.from({ length: ROOMS }, (_, i) => ({
      staffId: `STAFF-${9000 + i}`, staffNickname: `相談員${i + 1}`, staffAge: 30 + (i % 20), staffGender: (i % 2 ? 'MALE' : 'FEMALE') as 'MALE' | 'FEMALE', staffImageUrl: null, sortOrder: 1000 + i,
    }))
    await database.db.insert(staff).values(rows)
    const password = 'room-bench-1234'
    return await inBatches(rows, SETUP_AT_ONCE, async (r, i) => {
      const email = `room-bench-${i}@example.com`
      await grantRole({ db: database.db, identity }, actor, { email, role: 'consultant', staffId: r.staffId, initialPassword: password }, new Date())
      return { staffId: r.staffId, token: await signIn(email, password) }
    })
  } finally {
    await identity.close()
    await database.close()
  }
}

/** ROOMS demo members, each with a SUPPORT-60 booking moved to now as an ONLINE consultation with its consultant. */
async function openRooms(stack: Stack): Promise<Room[]> {
  const staffOf = await consultants(stack)
  const now = Date.now() / 1000
  return inBatches(staffOf, SETUP_AT_ONCE, async (c) => {
    const m = await api<{ email: string; password: string }>(stack, 'POST', '/api/__test/member', { body: { fixture: 'demo' } })
    const memberToken = await signIn(m.email, m.password)
    const { supportTicketList = [] } = await api<{ supportTicketList?: { ticketNumber: string; productType: string; supportStatus: string; amountRefunded: number; minutesToSupport: number; reservationUnixTime: number | null }[] }>(
      stack, 'GET', '/api/user-data?data=MEMBER_SUPPORT_TICKET', { token: memberToken },
    )
    const t = supportTicketList.find((x) => x.productType === 'SUPPORT' && x.supportStatus === 'UNSUPPORTED' && !x.amountRefunded && x.minutesToSupport >= 60 && (x.reservationUnixTime ?? 0) > now + 3600)
    if (!t) throw new Error('the demo member holds no SUPPORT-60 booking ahead to move to now')
    await api(stack, 'POST', '/api/__test/consultation-started', { body: { ticketNumber: t.ticketNumber, staffId: c.staffId, supportType: 'ONLINE', underWay: true } })
    return { ticketNumber: t.ticketNumber, memberToken, consultantToken: c.token, staffId: c.staffId }
  })
}

// ---- the clients

type Tagged = { at: number; phase: string }
type Stats = {
  /** chat id → when and in which phase it was sent */
  chats: Map<string, Tagged>
  /** the same, for the sender's `chat-sent` */
  acks: Map<string, Tagged>
  /** a description's session id or a candidate's text → when sent */
  signals: Map<string, Tagged>
  chatMs: Record<string, number[]>
  ackMs: Record<string, number[]>
  signalMs: Record<string, number[]>
  sent: Record<string, number>
  errors: Record<string, number>
  unexpectedCloses: Record<string, number>
}
const stats: Stats = { chats: new Map(), acks: new Map(), signals: new Map(), chatMs: {}, ackMs: {}, signalMs: {}, sent: {}, errors: {}, unexpectedCloses: {} }
const add = (r: Record<string, number[]>, phase: string, ms: number) => (r[phase] ??= []).push(ms)
const bump = (r: Record<string, number>, key: string) => (r[key] = (r[key] ?? 0) + 1)

type Client = { ws: WebSocket; room: number; side: RoomSide; joinMs: number; closing: boolean; onOffer?: () => void }

const LINES = ['画面が固まってしまいます', 'いま再起動しました', 'Wi-Fi のランプは緑です', '設定 → ネットワーク を開いてください', 'はい、開きました。次はどこを押せばよいですか？', '右下の「詳細」を押してください']

/** A session description about the size of audio, video and a screen (docs/server.md "Limits": about 10 KB). */
function fakeSdp(sessionId: number, type: 'offer' | 'answer') {
  const lines = ['v=0', `o=- ${sessionId} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0', 'a=group:BUNDLE 0 1 2', 'a=msid-semantic: WMS bench']
  ;['audio', 'video', 'video'].forEach((kind, mid) => {
    lines.push(`m=${kind} 9 UDP/TLS/RTP/SAVPF 96 97 98 99 100 101 102`, 'c=IN IP4 0.0.0.0', `a=mid:${mid}`, `a=setup:${type === 'offer' ? 'actpass' : 'active'}`, 'a=ice-ufrag:bnch', 'a=ice-pwd:benchbenchbenchbenchbench')
    lines.push('a=fingerprint:sha-256 ' + Array.from({ length: 32 }, (_, i) => (i * 7 + mid).toString(16).padStart(2, '0').toUpperCase()).join(':'))
    for (let pt = 96; pt < 144; pt++) lines.push(`a=rtpmap:${pt} ${kind === 'audio' ? 'opus/48000/2' : 'VP8/90000'}`, `a=rtcp-fb:${pt} nack pli`)
  })
  return lines.join('\r\n') + '\r\n'
}

let signalSeq = 0
function sendSignals(c: Client, phase: string, type: 'offer' | 'answer') {
  const sessionId = 4_000_000_000 + ++signalSeq
  stats.signals.set(`sdp:${sessionId}`, { at: performance.now(), phase })
  c.ws.send(JSON.stringify({ type: 'description', description: { type, sdp: fakeSdp(sessionId, type) } }))
  bump(stats.sent, 'description')
  for (let k = 0; k < 3; k++) {
    const candidate = `candidate:${++signalSeq} 1 udp 2122260223 10.${c.room % 250}.${k}.${signalSeq % 250} ${40000 + (signalSeq % 20000)} typ host generation 0 ufrag bnch network-id 1`
    stats.signals.set(`cand:${candidate}`, { at: performance.now(), phase })
    c.ws.send(JSON.stringify({ type: 'candidate', candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'bnch' } }))
    bump(stats.sent, 'candidate')
  }
}

let phase = 'join'
/** The burst: every member offers at once; answers back so far. */
const burst = { answered: 0 }

function onMessage(c: Client, data: WebSocket.RawData) {
  const now = performance.now()
  const m = JSON.parse(String(data)) as { type: string; id?: string; message?: string; description?: { type: string; sdp?: string }; candidate?: { candidate?: string } | null }
  if (m.type === 'chat' && m.id) {
    const sent = stats.chats.get(m.id)
    if (sent) {
      add(stats.chatMs, sent.phase, now - sent.at)
      stats.chats.delete(m.id)
    }
  } else if (m.type === 'chat-sent' && m.id) {
    const sent = stats.acks.get(m.id)
    if (sent) {
      add(stats.ackMs, sent.phase, now - sent.at)
      stats.acks.delete(m.id)
    }
  } else if (m.type === 'description') {
    const key = `sdp:${/o=- (\d+)/.exec(m.description?.sdp ?? '')?.[1]}`
    const sent = stats.signals.get(key)
    if (sent) add(stats.signalMs, sent.phase, now - sent.at)
    stats.signals.delete(key)
    // The consultant answers an offer, as the page's perfect negotiation does.
    if (c.side === 'consultant' && m.description?.type === 'offer') sendSignals(c, phase, 'answer')
    if (c.side === 'member' && m.description?.type === 'answer' && phase === 'burst') burst.answered++
  } else if (m.type === 'candidate') {
    const key = `cand:${m.candidate?.candidate}`
    const sent = stats.signals.get(key)
    if (sent) add(stats.signalMs, sent.phase, now - sent.at)
    stats.signals.delete(key)
  } else if (m.type === 'error') {
    bump(stats.errors, m.message ?? '?')
  }
}

/** A socket that joined its room (`welcome`), with the time from connecting to the welcome. */
function join(stack: Stack, rooms: Room[], room: number, side: RoomSide): Promise<Client> {
  const r = rooms[room]
  const t0 = performance.now()
  const ws = new WebSocket(`${stack.url.replace('http', 'ws')}${ROOM_SOCKET_PATH}?ticket=${encodeURIComponent(r.ticketNumber)}`)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`room ${room} ${side}: no welcome within 60 s`)), 60_000)
    const c: Client = { ws, room, side, joinMs: 0, closing: false }
    ws.once('open', () => ws.send(JSON.stringify({ type: 'join', side, token: side === 'member' ? r.memberToken : r.consultantToken })))
    ws.on('message', (data) => {
      if (!c.joinMs) {
        const m = JSON.parse(String(data)) as { type: string; message?: string }
        if (m.type !== 'welcome') return reject(new Error(`room ${room} ${side}: ${JSON.stringify(m)}`))
        c.joinMs = performance.now() - t0
        clearTimeout(timer)
        return resolve(c)
      }
      onMessage(c, data)
    })
    ws.on('close', (code) => {
      clearTimeout(timer)
      if (!c.joinMs) reject(new Error(`room ${room} ${side}: closed ${code} before its welcome`))
      else if (!c.closing) bump(stats.unexpectedCloses, String(code))
    })
    ws.on('error', (e) => reject(e))
  })
}

/** Each side a chat line every CHAT_EVERY_MS (each socket at its own offset); stop() ends it. */
function chatter(clients: Client[]) {
  const timers: ReturnType<typeof setTimeout>[] = []
  let n = 0
  for (const c of clients) {
    const line = () => {
      if (c.ws.readyState !== c.ws.OPEN) return
      const id = `room${c.room}-${c.side}-${++n}`
      const tag = { at: performance.now(), phase }
      stats.chats.set(id, tag)
      stats.acks.set(id, tag)
      c.ws.send(JSON.stringify({ type: 'chat', id, text: `${LINES[n % LINES.length]} (${n})` }))
      bump(stats.sent, 'chat')
    }
    timers.push(setTimeout(() => {
      line()
      timers.push(setInterval(line, CHAT_EVERY_MS))
    }, Math.random() * CHAT_EVERY_MS))
  }
  return () => timers.forEach((t) => clearInterval(t))
}

// ---- measuring

/**
 * What the scratch database's connections are doing, sampled every 200 ms (pg_stat_activity): per
 * application name, the mean number of connections in a statement and what they wait on. The room
 * bus's writer pool (`mypage-room-bus-writer`, server/infra/room-bus.ts) is the relay's path:
 * busy all the time, it is where the messages queue.
 */
function activitySampler(stack: Stack) {
  if (!stack.databaseUrl) return async () => null
  const client = new pg.Client({ connectionString: BASE_URL, application_name: 'bench-room-sampler' })
  const busy: Record<string, number> = {}
  const waits: Record<string, number> = {}
  let samples = 0
  let stopped = false
  const running = (async () => {
    await client.connect()
    while (!stopped) {
      const { rows } = await client.query<{ app: string; wait: string | null }>(
        `SELECT coalesce(nullif(application_name, ''), '(app pool)') AS app, wait_event_type || ':' || wait_event AS wait
           FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()`,
        [stack.database],
      )
      samples++
      for (const r of rows) {
        bump(busy, r.app)
        if (r.app.endsWith('-writer')) bump(waits, r.wait ?? 'CPU')
      }
      await sleep(200)
    }
  })()
  return async () => {
    stopped = true
    await running.catch(() => {})
    await client.end().catch(() => {})
    const per = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, round(n / Math.max(1, samples), 2)]))
    return { samples, activeConnections: per(busy), writerWaits: per(waits) }
  }
}

/**
 * A full garbage collection in the server (its inspector's HeapProfiler.collectGarbage, twice: the
 * second frees what the first's finalizers released), then its heap in use and its RSS.
 */
async function heapAfterGc(stack: Stack): Promise<{ heapUsedMiB: number; rssMiB: number }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${stack.inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[]
  const ws = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  let id = 0
  const call = (method: string) =>
    new Promise<{ result?: { usedSize?: number } }>((resolve) => {
      const mine = ++id
      const onMessage = (data: WebSocket.RawData) => {
        const m = JSON.parse(String(data)) as { id?: number; result?: { usedSize?: number } }
        if (m.id !== mine) return
        ws.off('message', onMessage)
        resolve(m)
      }
      ws.on('message', onMessage)
      ws.send(JSON.stringify({ id: mine, method }))
    })
  try {
    await call('HeapProfiler.collectGarbage')
    await call('HeapProfiler.collectGarbage')
    const usage = await call('Runtime.getHeapUsage')
    return { heapUsedMiB: round((usage.result?.usedSize ?? NaN) / 2 ** 20, 2), rssMiB: round(rssKiBOf(stack.pid) / 1024, 1) }
  } finally {
    ws.close()
  }
}

/**
 * How often the server read through its member caches: `mypage_cache_bus_fresh` sampled every
 * 500 ms (0 while its cache bus heartbeat, a NOTIFY round trip, comes back late: docs/architecture.md
 * "Scale path", the freshness contract). Only beside the API's runs: a scrape costs the server CPU.
 */
function freshnessSampler(stack: Stack) {
  let samples = 0
  let stale = 0
  let stopped = false
  const running = (async () => {
    while (!stopped) {
      const text = await (await fetch(stack.metricsUrl)).text().catch(() => '')
      const v = /^mypage_cache_bus_fresh (\d)/m.exec(text)?.[1]
      if (v !== undefined) {
        samples++
        if (v === '0') stale++
      }
      await sleep(500)
    }
  })()
  return async () => {
    stopped = true
    await running
    return samples ? round(stale / samples, 2) : null
  }
}

type Window = {
  seconds: number; cpuMsPerSecond: number; dbCpuMsPerSecond: number | null; rssMiB: number; rssMaxMiB: number; heapUsedMiB: number | null; loopLagP99Ms: number | null; loadAverage: number[]
  database: Awaited<ReturnType<ReturnType<typeof activitySampler>>>
}

async function serverMetrics(stack: Stack) {
  const text = await (await fetch(stack.metricsUrl)).text().catch(() => '')
  const metric = (name: string) => {
    const v = new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1]
    return v === undefined ? null : Number(v)
  }
  const heap = metric('mypage_nodejs_heap_size_used_bytes')
  const lag = metric('mypage_nodejs_eventloop_lag_p99_seconds')
  return { heapUsedMiB: heap === null ? null : round(heap / 2 ** 20, 1), loopLagP99Ms: lag === null ? null : round(lag * 1000, 1) }
}

/** `seconds` of the server as it is: its CPU per second (and its database's), its RSS sampled every 500 ms. */
async function measure(stack: Stack, seconds: number): Promise<Window> {
  const activity = activitySampler(stack)
  const cpu0 = cpuMsOf(stack.pid)
  const db0 = backendsCpuMs(stack.database)
  const t0 = performance.now()
  const rss: number[] = []
  while (performance.now() - t0 < seconds * 1000) {
    rss.push(rssKiBOf(stack.pid))
    await sleep(500)
  }
  const wall = (performance.now() - t0) / 1000
  const cpu1 = cpuMsOf(stack.pid)
  let db = 0
  for (const [pid, ms] of backendsCpuMs(stack.database)) db += ms - (db0.get(pid) ?? 0)
  return {
    seconds: round(wall, 1),
    cpuMsPerSecond: round((cpu1 - cpu0) / wall, 1),
    dbCpuMsPerSecond: stack.database ? round(db / wall, 1) : null,
    rssMiB: round(percentile(rss, 50)! / 1024, 1),
    rssMaxMiB: round(Math.max(...rss) / 1024, 1),
    ...(await serverMetrics(stack)),
    loadAverage: loadAverage(),
    database: await activity(),
  }
}

/**
 * One autocannon run (its CLI) in a process of its own: in this one it would hold up the room's
 * clients, whose latencies are measured meanwhile. The figures as bench/lib/api-process.ts `load`'s.
 */
async function loadApart(reader: Reader, p: string, seconds: number): Promise<LoadFigures> {
  const cli = path.join(ROOT, 'node_modules/autocannon/autocannon.js')
  const child = spawn(process.execPath, [cli, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-H', `authorization=Bearer ${reader.token}`, reader.url + p], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`autocannon exited ${code}: ${err}`)
  const r = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number; mean: number; max: number }; non2xx: number; errors: number; timeouts: number }
  return {
    reqPerSec: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, meanMs: Number(r.latency.mean.toFixed(2)), maxMs: r.latency.max,
    requests: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts,
  }
}

type Reader = { url: string; token: string }
type ApiFigures = {
  bare: LoadFigures[]; read: LoadFigures[]; bareReqPerSec: number; readReqPerSec: number; readToBare: number; bareP99ms: number; readP99ms: number
  /** The share of the run's samples in which the server read through its caches (null on PGlite: no cache bus). */
  cacheBusNotFresh: number | null
}

/**
 * The bare route and the member read, each after a 2 s warm-up, in the order bare, read, read,
 * bare (API_SECONDS each): on a shared machine whose load drifts, the drift falls on both alike.
 * The read's ratio to the bare route is of their requests per second; a p99 is the worse slice's.
 */
async function apiRatio(stack: Stack, reader: Reader): Promise<ApiFigures> {
  const run = (p: string) => loadApart(reader, p, API_SECONDS)
  const freshness = stack.databaseUrl ? freshnessSampler(stack) : async () => null
  await loadApart(reader, BARE, 2)
  await loadApart(reader, READ, 2)
  const bare = [await run(BARE)]
  const read = [await run(READ), await run(READ)]
  bare.push(await run(BARE))
  const cacheBusNotFresh = await freshness()
  const mean = (xs: LoadFigures[]) => Math.round(xs.reduce((a, x) => a + x.reqPerSec, 0) / xs.length)
  return {
    bare, read, bareReqPerSec: mean(bare), readReqPerSec: mean(read), readToBare: round(mean(read) / mean(bare), 3),
    bareP99ms: Math.max(...bare.map((x) => x.p99ms)), readP99ms: Math.max(...read.map((x) => x.p99ms)), cacheBusNotFresh,
  }
}

const latency = (r: Record<string, number[]>, p: string) => ({ n: r[p]?.length ?? 0, p50ms: percentile(r[p] ?? [], 50), p99ms: percentile(r[p] ?? [], 99), maxMs: r[p]?.length ? round(Math.max(...r[p]), 1) : null })

async function main() {
  const loadAtStart = loadAverage()
  const stack = await startStack()
  const stop = async () => {
    await stack.cleanup().catch(() => {})
    process.exit(1)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  let clients: Client[] = []
  try {
    const tSetup = performance.now()
    const rooms = await openRooms(stack)
    const access = await api<{ phase: string }>(stack, 'GET', `/api/room-access?ticketNumber=${rooms[0].ticketNumber}`, { token: rooms[0].memberToken })
    if (access.phase !== 'open') throw new Error(`the first room is ${access.phase}, not open`)
    console.log(`[room] ${rooms.length} rooms open (${new Set(rooms.map((r) => r.staffId)).size} consultants) in ${round((performance.now() - tSetup) / 1000, 1)} s; load ${loadAverage().join(' ')}`)
    const reader: Reader = { url: stack.url, token: rooms[0].memberToken }

    // 1. The API without rooms (the server warmed up by it), then the server at rest.
    const apiBefore = await apiRatio(stack, reader)
    console.log(`[room] without rooms: bare ${apiBefore.bareReqPerSec} req/s, ${READ} ${apiBefore.readReqPerSec} req/s (${apiBefore.readToBare}×)`)
    await sleep(5000)
    const gcBefore = await heapAfterGc(stack)
    const before = await measure(stack, IDLE_SECONDS)
    console.log(`[room] before the rooms: heap ${gcBefore.heapUsedMiB} MiB after a full GC, RSS ${before.rssMiB} MiB, CPU ${before.cpuMsPerSecond} ms/s`)

    // 2. Every room's two sockets join, JOINING_AT_ONCE at a time; then the rooms idle.
    const t0 = performance.now()
    clients = await inBatches(rooms.flatMap((_, i) => [{ i, side: 'member' as const }, { i, side: 'consultant' as const }]), JOINING_AT_ONCE, ({ i, side }) => join(stack, rooms, i, side))
    const joinSeconds = (performance.now() - t0) / 1000
    const joinMs = clients.map((c) => c.joinMs)
    console.log(`[room] ${clients.length} sockets joined in ${round(joinSeconds, 1)} s (p50 ${percentile(joinMs, 50)} ms, p99 ${percentile(joinMs, 99)} ms)`)
    await sleep(3000)
    const gcIdle = await heapAfterGc(stack)
    const idle = await measure(stack, IDLE_SECONDS)
    console.log(`[room] ${ROOMS} rooms idle: heap ${gcIdle.heapUsedMiB} MiB after a full GC, RSS ${idle.rssMiB} MiB, CPU ${idle.cpuMsPerSecond} ms/s`)

    // 3. Chat in every room; each room's call negotiated once in the first half and again (a
    // screen shared) in the second, at its own moment (the member offers, the consultant answers).
    phase = 'traffic'
    const loadBeforeTraffic = loadAverage()
    const members = clients.filter((c) => c.side === 'member')
    const half = (TRAFFIC_SECONDS * 1000) / 2
    const negotiations = members.flatMap((c) => [0, half].map((from) => setTimeout(() => sendSignals(c, 'traffic', 'offer'), from + Math.random() * half)))
    const stopChat = chatter(clients)
    const traffic = await measure(stack, TRAFFIC_SECONDS)
    negotiations.forEach((t) => clearTimeout(t))
    const gcTraffic = await heapAfterGc(stack)
    const chat = latency(stats.chatMs, 'traffic')
    console.log(`[room] ${ROOMS} rooms chatting: heap ${gcTraffic.heapUsedMiB} MiB after a full GC, RSS ${traffic.rssMiB} MiB, CPU ${traffic.cpuMsPerSecond} ms/s; chat p50 ${chat.p50ms} ms, p99 ${chat.p99ms} ms`)

    // 4. Every room renegotiates in the same instant (as when a replica's rooms come back
    // together), the chat going on: how long until the last answer is back.
    phase = 'burst'
    const burstActivity = activitySampler(stack)
    const tBurst = performance.now()
    members.forEach((c) => sendSignals(c, 'burst', 'offer'))
    while (burst.answered < members.length && performance.now() - tBurst < 30_000) await sleep(20)
    const burstSeconds = round((performance.now() - tBurst) / 1000, 2)
    await sleep(3000)
    const burstDatabase = await burstActivity()
    console.log(`[room] all ${members.length} rooms renegotiating at once: ${burst.answered} answers back in ${burstSeconds} s`)

    // 5. The API while the rooms chat.
    phase = 'traffic+api'
    const apiActivity = activitySampler(stack)
    const apiDuring = await apiRatio(stack, reader)
    const apiDatabase = await apiActivity()
    console.log(`[room] with ${ROOMS} rooms chatting: bare ${apiDuring.bareReqPerSec} req/s, ${READ} ${apiDuring.readReqPerSec} req/s (${apiDuring.readToBare}×)`)
    stopChat()
    phase = 'drain'
    for (let waited = 0; waited < 5000 && stats.chats.size > 0; waited += 100) await sleep(100)
    const undelivered = stats.chats.size
    const unacknowledged = stats.acks.size

    // 6. Everyone leaves; the API again without rooms (the same hour's second reference).
    for (const c of clients) {
      c.closing = true
      if (c.ws.readyState === c.ws.OPEN) c.ws.send(JSON.stringify({ type: 'bye' }))
      c.ws.close(1000)
    }
    await sleep(3000)
    const gcAfter = await heapAfterGc(stack)
    const after = await measure(stack, 5)
    const apiAfter = await apiRatio(stack, reader)
    console.log(`[room] after the rooms closed: heap ${gcAfter.heapUsedMiB} MiB after a full GC; bare ${apiAfter.bareReqPerSec} req/s, ${READ} ${apiAfter.readReqPerSec} req/s (${apiAfter.readToBare}×)`)

    const perRoomKiB = (mib: number, base: number) => round(((mib - base) * 1024) / ROOMS, 1)
    const perRoomCpu = (w: Window) => round((w.cpuMsPerSecond - before.cpuMsPerSecond) / ROOMS, 3)
    const perRoomDbCpu = (w: Window) => (w.dbCpuMsPerSecond === null || before.dbCpuMsPerSecond === null ? null : round((w.dbCpuMsPerSecond - before.dbCpuMsPerSecond) / ROOMS, 3))
    const perRoom = {
      heapKiBIdle: perRoomKiB(gcIdle.heapUsedMiB, gcBefore.heapUsedMiB), heapKiBTraffic: perRoomKiB(gcTraffic.heapUsedMiB, gcBefore.heapUsedMiB),
      rssKiBIdleAfterGc: perRoomKiB(gcIdle.rssMiB, gcBefore.rssMiB), rssKiBTrafficAfterGc: perRoomKiB(gcTraffic.rssMiB, gcBefore.rssMiB),
      rssKiBIdleMedian: perRoomKiB(idle.rssMiB, before.rssMiB), rssKiBTrafficMedian: perRoomKiB(traffic.rssMiB, before.rssMiB),
      cpuMsPerSecondIdle: perRoomCpu(idle), cpuMsPerSecondTraffic: perRoomCpu(traffic), dbCpuMsPerSecondIdle: perRoomDbCpu(idle), dbCpuMsPerSecondTraffic: perRoomDbCpu(traffic),
    }
    const chatWithApi = latency(stats.chatMs, 'traffic+api')
    const ratios = {
      readToBareWithout: apiBefore.readToBare,
      readToBareWithRooms: apiDuring.readToBare,
      readToBareAfter: apiAfter.readToBare,
      /** The read's ratio to the bare route with the rooms chatting ÷ the same without rooms (before; after). */
      keptVsBefore: round(apiDuring.readToBare / apiBefore.readToBare, 3),
      keptVsAfter: round(apiDuring.readToBare / apiAfter.readToBare, 3),
      bareWithRoomsToWithout: round(apiDuring.bareReqPerSec / ((apiBefore.bareReqPerSec + apiAfter.bareReqPerSec) / 2), 3),
      readWithRoomsToWithout: round(apiDuring.readReqPerSec / ((apiBefore.readReqPerSec + apiAfter.readReqPerSec) / 2), 3),
    }
    const errors = Object.values(stats.errors).reduce((a, b) => a + b, 0)
    // PGlite's figures beside PostgreSQL's, not over them.
    writeResult(
      stack.database ? 'room' : 'room-pglite',
      {
        setup: {
          server: 'compiled (the build:server build, plain node), one replica, test routes on, inspector on loopback for the forced GCs', database: stack.database ? 'postgres' : 'pglite', rooms: ROOMS, sockets: clients.length,
          consultants: new Set(rooms.map((r) => r.staffId)).size, chatEverySecondsPerSide: CHAT_EVERY_MS / 1000, trafficSeconds: TRAFFIC_SECONDS, idleSeconds: IDLE_SECONDS, descriptionBytes: fakeSdp(0, 'offer').length,
          apiSecondsPerSlice: API_SECONDS, apiOrder: 'bare, read, read, bare', apiConnections: CONNECTIONS, bare: BARE, read: READ, loadAverageAtStart: loadAtStart, loadAverageBeforeTraffic: loadBeforeTraffic, loadAverageAtEnd: loadAverage(),
        },
        heapAfterGc: { before: gcBefore, idle: gcIdle, traffic: gcTraffic, after: gcAfter },
        windows: { before, idle, traffic, after },
        perRoom,
        join: { sockets: clients.length, atOnce: JOINING_AT_ONCE, seconds: round(joinSeconds, 2), p50ms: percentile(joinMs, 50), p99ms: percentile(joinMs, 99), maxMs: round(Math.max(...joinMs), 1) },
        latency: {
          chat, ack: latency(stats.ackMs, 'traffic'), signalling: latency(stats.signalMs, 'traffic'),
          burst: { rooms: members.length, answered: burst.answered, seconds: burstSeconds, signalling: latency(stats.signalMs, 'burst'), chat: latency(stats.chatMs, 'burst'), database: burstDatabase },
          chatWithApiLoad: chatWithApi, undelivered, unacknowledged, sent: stats.sent, errors: stats.errors, unexpectedCloses: stats.unexpectedCloses,
        },
        api: { without: apiBefore, withRooms: { ...apiDuring, database: apiDatabase }, afterRooms: apiAfter, ratios },
      },
      `${ROOMS} rooms (${clients.length} sockets) on one compiled replica on ${stack.database ? 'PostgreSQL' : 'PGlite'}, load ${loadBeforeTraffic[0]}: ` +
        `heap after a full GC ${gcBefore.heapUsedMiB} → ${gcIdle.heapUsedMiB} MiB idle (${perRoom.heapKiBIdle} KiB/room) → ${gcTraffic.heapUsedMiB} MiB after chatting (${perRoom.heapKiBTraffic} KiB/room); ` +
        `RSS (median) ${before.rssMiB} → ${idle.rssMiB} → ${traffic.rssMiB} MiB; ` +
        `CPU ${before.cpuMsPerSecond} → ${idle.cpuMsPerSecond} → ${traffic.cpuMsPerSecond} ms/s (${perRoom.cpuMsPerSecondIdle} / ${perRoom.cpuMsPerSecondTraffic} ms/s per room)` +
        `${stack.database ? `, database ${before.dbCpuMsPerSecond} → ${idle.dbCpuMsPerSecond} → ${traffic.dbCpuMsPerSecond} ms/s` : ''}; ` +
        `chat sender→receiver p50 ${chat.p50ms} ms p99 ${chat.p99ms} ms (${chat.n} lines; while autocannon runs p50 ${chatWithApi.p50ms} p99 ${chatWithApi.p99ms}); ` +
        `all rooms renegotiating at once: ${burst.answered}/${members.length} answers in ${burstSeconds} s; ` +
        `${READ} ÷ ${BARE}: ${apiBefore.readToBare}× without rooms, ${apiDuring.readToBare}× with the rooms chatting, ${apiAfter.readToBare}× after (kept ${ratios.keptVsBefore}× / ${ratios.keptVsAfter}×; caches read through in ${apiBefore.cacheBusNotFresh} / ${apiDuring.cacheBusNotFresh} / ${apiAfter.cacheBusNotFresh} of the samples); ` +
        `bare with rooms ÷ without ${ratios.bareWithRoomsToWithout}×; ${undelivered} lines undelivered, ${errors} errors`,
    )
  } finally {
    for (const c of clients) c.ws.terminate()
    await stack.cleanup()
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  },
)
