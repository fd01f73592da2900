import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureServerBuild } from '../../scripts/stack/server-build'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../../server/db/client'
import { members, purchases, sandboxCharges, tickets } from '../../server/db/schema'
import { sandboxTestCards } from '../../contract/calls'
import { emulatorHost } from './harness'

/**
 * Faults, on a real server process with the embedded default database (PGlite in a temp
 * directory): the process is SIGKILLed while the member is on the 3-D Secure page, started again on
 * the same directory, and the member returns. The purchase must complete once, with its ticket,
 * and a second SIGKILL must lose nothing that was committed.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'mypage-faults-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })

async function startServer(port: number) {
  // One process (the compiled server, as production runs it), so SIGKILL hits the server itself.
  const proc = spawn(process.execPath, ['--enable-source-maps', await ensureServerBuild()], {
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DIR: dir,
      DATABASE_URL: '',
      ENABLE_TEST_ROUTES: '1',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      SMTP_URL: 'smtp://127.0.0.1:9', // nothing listens: mail failures are logged, never fatal
      APP_ORIGIN: 'http://127.0.0.1:5173',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(proc)
  let out = ''
  proc.stdout!.on('data', (d) => (out += d))
  proc.stderr!.on('data', (d) => (out += d))
  const deadline = Date.now() + 90_000
  while (!out.includes('API ready on')) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`)
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return { proc, base: `http://127.0.0.1:${port}`, output: () => out }
}

const kill = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    proc.once('exit', () => resolve())
    proc.kill('SIGKILL')
  })

async function signIn(email: string, password: string) {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  return ((await res.json()) as { idToken: string }).idToken
}

describe('faults on a real server process with the embedded database', () => {
  it('SIGKILL during 3-D Secure: after a restart on the same data the purchase completes once, with its ticket; committed data survives another SIGKILL', async () => {
    const port = await freePort()
    let server = await startServer(port)
    const api = (p: string, init: RequestInit = {}, token?: string) =>
      fetch(`${server.base}${p}`, { ...init, redirect: 'manual', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } })

    const member = (await (await api('/api/__test/member', { method: 'POST', body: JSON.stringify({ fixture: 'demo' }) })).json()) as { email: string; password: string; memberId: string }
    const token = await signIn(member.email, member.password)
    expect((await api('/api/user-data?data=MEMBER', {}, token)).status).toBe(200)
    const card = (await (await api('/api/sandbox/tokens', { method: 'POST', body: JSON.stringify({ number: sandboxTestCards.challenge, expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' }) }, token)).json()) as { tokenId: string; threeDSecure: string }
    expect(card.threeDSecure).toBe('required')
    // The SPA redirects the member to the 3-D Secure page …
    const page = await api(`/sandbox/3ds/${card.tokenId}?return_url=${encodeURIComponent('/buy')}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('承認')

    // … and the server dies abruptly while they read it.
    await kill(server.proc)
    server = await startServer(port)

    // The member approves and comes back to /buy; the SPA finishes the token and charges with the
    // idempotency key it kept in session storage, then (a double click, a reload) charges again.
    const approved = await api(`/sandbox/3ds/${card.tokenId}/approve`, { method: 'POST', body: new URLSearchParams({ return_url: '/buy' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(approved.status).toBe(303)
    expect(approved.headers.get('location')).toContain('tds_result=succeeded')
    const fresh = await signIn(member.email, member.password)
    expect((await api('/api/tdsFinish', { method: 'POST', body: JSON.stringify({ tokenId: card.tokenId }) }, fresh)).status).toBe(200)
    // An extension (ADD) of one of the member's own support tickets.
    const own = (await (await api('/api/user-data?data=MEMBER_SUPPORT_TICKET', {}, fresh)).json()) as { supportTicketList: { ticketNumber: string }[] }
    const parentTicketNumber = own.supportTicketList[0].ticketNumber
    const charge = () => api('/api/charge', { method: 'POST', body: JSON.stringify({ productId: 'ADD-30', cardToken: card.tokenId, reservationTime: 'ADD', parentTicketNumber }), headers: { 'Idempotency-Key': 'fault-key-1' } }, fresh)
    const first = await charge()
    expect(first.status).toBe(200)
    const answer = (await first.json()) as { ticketNumber: string; receiptNumber: string }
    expect(await (await charge()).json()).toEqual(answer)

    // Another SIGKILL right after the committed purchase, then a clean stop to read the files.
    await kill(server.proc)
    server = await startServer(port)
    const after = await api('/api/user-data?data=MEMBER', {}, fresh)
    expect(after.status).toBe(200)
    expect(((await after.json()) as { email: string }).email).toBe(member.email)
    await kill(server.proc)

    const db = await openDatabase({ dataDir: dir })
    try {
      expect(await db.db.select().from(members).where(eq(members.memberId, member.memberId))).toHaveLength(1)
      const bought = await db.db.select().from(purchases).where(eq(purchases.receiptNumber, answer.receiptNumber))
      expect(bought).toHaveLength(1)
      expect(await db.db.select().from(tickets).where(eq(tickets.ticketNumber, answer.ticketNumber))).toHaveLength(1)
      // Never charged twice, never a charge without a ticket.
      const charges = await db.db.select().from(sandboxCharges).where(eq(sandboxCharges.tokenId, card.tokenId))
      expect(charges).toHaveLength(1)
      expect(charges[0].chargeId).toBe(bought[0].chargeId)
    } finally {
      await db.close()
    }
  }, 300_000)
})
