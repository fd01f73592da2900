import { asc, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSmtpMailer } from '../../server/adapters/mailer'
import { createApp } from '../../server/app'
import { mailOutbox } from '../../server/db/schema'
import { messageIdOf } from '../../server/infra/outbox'
import { outboxDeliveryJob } from '../../server/jobs/outbox-delivery'
import { eveningReminderJob } from '../../server/jobs/reminders'
import type { Deps } from '../../server/services/deps'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { stopAll } from '../../scripts/stack/processes'
import { killReplica, startReplicas, type Replica } from '../../scripts/stack/replicas'
import { startFakeSmtp, type FakeSmtp } from '../../scripts/stack/fake-smtp'
import { createHarness, NOW, type Harness } from './harness'
import { call, newMember } from './replica-client'

// The outbox under faults (docs/server.md "Outbox", docs/reliability.md "Mail server faults"), on
// PostgreSQL: a mail server that is down for a while, one that accepts and never answers, and a
// replica killed while it delivers. Mails are read from a mail server of the test's own
// (tests/support/fake-smtp.ts) spoken to over SMTP by nodemailer, as production does. The back-off
// is the injectable clock's: the in-process tests move it, never sleep for it.

const pgUrl = process.env.TEST_DATABASE_URL
const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!
const FROM = '"ITサポート マイページ" <no-reply@mypage.example.com>'

/** Polls `check` until it holds, for at most `ms` (a bounded wait, no fixed sleep). */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe.runIf(pgUrl)('the outbox when the mail server is away', () => {
  let h: Harness
  let smtp: FakeSmtp
  let deps: Deps
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    h = await createHarness({ deliverAfterCalls: false })
    smtp = await startFakeSmtp()
    // Down: nothing listens on its port (connections refused) until the test starts it again.
    await smtp.stop()
    const transport = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM, timeouts: { connectionMs: 1000, greetingMs: 1000, socketMs: 2000 } })
    deps = { ...h.deps, mailer: transport }
    app = createApp(deps)
  }, 120_000)
  afterAll(async () => {
    await smtp?.stop()
    await h?.close()
  })

  const post = async (name: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(`/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: JSON.stringify(body),
    })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    return { status: res.status, body: (await res.json()) as any }
  }
  const buy = async (m: { token: string }, key: string, reservationTime: string) =>
    post('charge', m.token, { productId: 'SUPPORT-60', cardToken: await h.cardToken(undefined, m.token), reservationTime, staffId: '', supportType: 'TEL' }, { 'Idempotency-Key': key })

  it('purchases, a change, a reset code and the evening reminders written during an outage all arrive once it is back, each once', async () => {
    const engine = await h.jobEngine([eveningReminderJob, outboxDeliveryJob], deps)
    const [a, b, c] = [await h.member('fresh'), await h.member('fresh'), await h.member('fresh')]
    // 10:00 JST on the 10th, the mail server down: every call answers as usual.
    h.clock.set(NOW)
    expect((await buy(a, 'outage-a', 'SUPPORT-20250611-16-00')).status).toBe(200)
    const bought = await buy(b, 'outage-b', 'SUPPORT-20250612-14-00')
    expect(bought.status).toBe(200)
    expect((await post('update-resevation-date', b.token, { ticketNumber: bought.body.ticketNumber, reservationTime: 'SUPPORT-20250611-11-00', staffId: '', minutesToSupport: 60 })).status).toBe(200)
    expect((await post('password-reset-request', undefined, { email: c.email })).status).toBe(200)
    await engine.runDue()
    const pending = await h.db.select().from(mailOutbox)
    expect(pending.length).toBeGreaterThanOrEqual(5)
    for (const row of pending) {
      expect(row.status).toBe('pending')
      expect(row.attempts).toBeGreaterThanOrEqual(1)
      expect(row.lastError).toMatch(/ECONNREFUSED/)
    }
    // 18:00 JST: the evening reminders of tomorrow's bookings are written and tried; still down.
    h.clock.set(new Date('2025-06-10T09:00:00Z'))
    await engine.runDue()
    expect(smtp.received).toEqual([])

    // Back at 18:20: what is due goes; the clock moves past every back-off, an hour at a time.
    await smtp.start()
    for (const at of ['2025-06-10T09:20:00Z', '2025-06-10T10:20:00Z', '2025-06-10T11:20:00Z']) {
      h.clock.set(new Date(at))
      await engine.runDue()
    }
    const rows = await h.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id))
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'sent'))
    // Exactly once each: one mail per message, matched by the Message-ID made from its key.
    expect([...smtp.messageIds()].sort()).toEqual(rows.map((r) => messageIdOf(r)).sort())
    const mailsTo = (email: string) => smtp.mails().filter((m) => m.to.includes(email)).map((m) => m.subject)
    expect(mailsTo(a.email).sort()).toEqual(['【ITサポート】ご購入ありがとうございます', '【ITサポート】明日のご予約のお知らせ'].sort())
    expect(mailsTo(b.email).sort()).toEqual(['【ITサポート】ご予約日時の変更を承りました', '【ITサポート】ご購入ありがとうございます', '【ITサポート】明日のご予約のお知らせ'].sort())
    expect(mailsTo(c.email)).toEqual(['【ITサポート】パスワード再設定の認証コード'])
    // The reset code written at 10:00 expired at 10:30: the mail that left at 18:20 carries a live one.
    const code = /認証コード: (\d{6})/.exec(smtp.mails().find((m) => m.to.includes(c.email))!.text)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    h.clock.set(new Date('2025-06-10T09:25:00Z'))
    const reset = await post('password-reset', undefined, { email: c.email, authCode: code, newPassword: 'outage-12', newPasswordConfirm: 'outage-12' })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    // Later runs send what is new (the reset's security notice) and nothing twice.
    h.clock.set(new Date('2025-06-10T13:00:00Z'))
    await engine.runDue()
    const all = await h.db.select().from(mailOutbox)
    expect(all).toHaveLength(rows.length + 1)
    expect([...smtp.messageIds()].sort()).toEqual(all.map((r) => messageIdOf(r)).sort())
    h.clock.set(NOW)
  }, 120_000)

  it('a mail server that accepts and never answers: the calls answer while its delivery waits, which then gives up within the SMTP timeouts and is tried again', async () => {
    await smtp.stop()
    const silent = await startFakeSmtp({ mode: 'silent' })
    const transport = createSmtpMailer({ smtpUrl: silent.url, from: FROM, timeouts: { connectionMs: 8000, greetingMs: 8000, socketMs: 8000 } })
    const silentDeps: Deps = { ...h.deps, mailer: transport, config: { ...h.deps.config, outbox: { ...h.deps.config.outbox, pollMs: 200 } } }
    const silentApp = createApp(silentDeps)
    // The delivery job works on its own here, as on a server: offered every 200 ms, run by a worker.
    await h.jobEngine([outboxDeliveryJob], silentDeps, { workers: true })
    h.clock.set(NOW)
    const m = await h.member('fresh')
    const request = (body: unknown, headers: Record<string, string> = {}, name = 'password-reset-request', token?: string) =>
      silentApp.request(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, body: JSON.stringify(body) })
    expect((await request({ email: m.email })).status).toBe(200)
    // The delivery has connected and waits for a greeting that never comes…
    await until('the delivery is connected to the silent server', () => silent.connections() > 0)
    // …while the member's calls answer: a purchase and another reset, neither waits for it.
    const paid = await request({ productId: 'SUPPORT-60', cardToken: await h.cardToken(undefined, m.token), reservationTime: 'SUPPORT-20250613-16-00', staffId: '', supportType: 'TEL' }, { 'Idempotency-Key': 'silent-1' }, 'charge', m.token)
    expect(paid.status).toBe(200)
    expect((await request({ email: m.email })).status).toBe(200)
    // Both answered while the first delivery still waits for its greeting (the calls used to wait for
    // SMTP: 30 s for a reset, 60 s for a purchase; the figures are in docs/performance.md).
    const [first] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, m.email)).orderBy(asc(mailOutbox.id)).limit(1)
    expect(first).toMatchObject({ status: 'sending', attempts: 0 })
    // The delivery gives up at the greeting timeout; the message waits for its next try.
    await until('the first delivery timed out', async () => {
      const rows = await h.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, m.email))
      return rows.some((r) => r.attempts > 0 && r.status === 'pending')
    })
    const [timedOut] = (await h.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, m.email))).filter((r) => r.attempts > 0)
    expect(timedOut.lastError).toMatch(/greeting|timeout/i)
    await silent.stop()
  }, 60_000)
})

describe.runIf(pgUrl)('a replica killed while it delivers', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let smtp: FakeSmtp
  let replicas: Replica[]
  let sql: pg.Client

  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!)
    smtp = await startFakeSmtp({ mode: 'holding' })
    // Both deliver every 200 ms; a claimed message belongs to its delivery for 2 s (then the other
    // takes it); a held DATA does not time out before the kill.
    const env = { OUTBOX_POLL_MS: '200', OUTBOX_LEASE_MS: '2000', OUTBOX_RETRY_BASE_MS: '1000', OUTBOX_RETRY_MAX_MS: '2000', SMTP_SOCKET_TIMEOUT_MS: '30000', PURCHASE_SWEEP_MS: '0' }
    replicas = await startReplicas({ count: 2, databaseUrl: scratch.url, authEmulatorHost: emulator(), smtpUrl: smtp.url, env: () => env })
    sql = new pg.Client({ connectionString: scratch.url })
    await sql.connect()
  }, 240_000)
  afterAll(async () => {
    await sql?.end()
    await stopAll()
    await smtp?.stop()
    await scratch?.drop()
  })

  it('no mail lost, none doubled: what the dead replica was sending goes once, from the other', async () => {
    const members = []
    for (let i = 0; i < 24; i++) members.push(await newMember(replicas[i % 2].url))
    for (const [i, m] of members.entries()) expect((await call(replicas[i % 2].url, 'POST', 'password-reset-request', { body: { email: m.email } })).status).toBe(200)
    // Both replicas deliver at once (a run takes ten at most): more than ten held means both are in
    // the middle of sending when replica 0 dies.
    await until('both replicas hold mails at the mail server', () => smtp.held() > 10)
    await killReplica(replicas[0])
    // Replica 0's transactions were cut before the mail server's "250": it dropped them.
    await until('the dead replica’s connections are gone', () => smtp.cut() > 0)
    smtp.mode = 'up'
    smtp.release()
    await until('every mail arrived', async () => {
      const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE status <> 'sent'`)
      return rows[0].n === 0
    }, 60_000)
    const { rows } = await sql.query<{ id: number; channel: string; idempotency_key: string | null; to_address: string }>('SELECT id, channel, idempotency_key, to_address FROM mail_outbox')
    expect(rows).toHaveLength(24)
    const expected = rows.map((r) => messageIdOf({ id: r.id, channel: r.channel as 'mail', idempotencyKey: r.idempotency_key })).sort()
    expect([...smtp.messageIds()].sort()).toEqual(expected)
    expect(new Set(smtp.mails().map((m) => m.to))).toEqual(new Set(members.map((m) => m.email)))
    console.log(`[outbox-faults] ${smtp.cut()} deliveries cut by the kill, ${smtp.received.length} mails received for ${rows.length} messages`)
  }, 120_000)

  it('PostgreSQL drops the replica’s connections: it reconnects, readiness comes back, and mail still flows', async () => {
    const alive = replicas[1]
    await sql.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)
    await until('the replica is ready again', async () => (await fetch(`${alive.url}/api/ready`).catch(() => null))?.status === 200, 60_000)
    const m = await newMember(alive.url)
    let answered = 0
    await until('a reset request is answered', async () => {
      answered = (await call(alive.url, 'POST', 'password-reset-request', { body: { email: m.email } })).status
      return answered === 200
    }, 30_000)
    await until('its mail arrived', () => smtp.mails().some((mail) => mail.to.includes(m.email)), 30_000)
  }, 120_000)
})
