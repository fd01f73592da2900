import { and, count, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskMessages as dm } from '../../contract/desk-messages'
import { openDatabase } from '../../server/db/client'
import { auditLog, mailOutbox, purchaseAttempts, staffShifts } from '../../server/db/schema'
import { dueSlot, type JobDefinition } from '../../server/jobs/engine'
import { jobsOf } from '../../server/jobs/registry'
import { roomLogPruneJob } from '../../server/jobs/room-log-prune'

/** The server's jobs; the room log's clean-up has no room bus here (tests/api/room.test.ts tests it). */
const jobs = jobsOf({ roomLog: { prune: async () => 0 } })
import { movableByRequest } from '../../server/infra/test-clock'
import { createHarness, NOW, type Harness } from './harness'
import { staffAccount, staffGet, staffPost } from './staff-harness'

// The job engine (server/jobs/engine.ts, docs/decisions.md 80–82): a cron tick is one run across
// the replicas, a failing job retries and then waits in the desk's failed list for an operator's
// audited retry, and the two timed tasks of the server do their work when the clock moves.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const at = (iso: string) => new Date(iso)

describe('when a job is due', () => {
  it('cron in Japan time: due in the minute it names, not in the next', () => {
    expect(dueSlot({ cron: '0 18 * * *' }, at('2025-06-10T09:00:30Z'))).toBe('cron:2025-06-10T09:00:00.000Z') // 18:00:30 JST
    expect(dueSlot({ cron: '0 18 * * *' }, at('2025-06-10T09:01:00Z'))).toBeNull()
    expect(dueSlot({ cron: '0 * * * *' }, at('2025-06-10T01:30:00Z'))).toBeNull()
    expect(dueSlot({ everyMs: 5000 }, at('2025-06-10T01:00:04Z'))).toBe(dueSlot({ everyMs: 5000 }, at('2025-06-10T01:00:00Z')))
  })
})

describe('one run per tick across replicas', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('two engines (two replicas) on one PostgreSQL ticking at the same clock time send one mail', async () => {
    const second = await openDatabase({ url: h.databaseUrl! })
    try {
      const mailing: JobDefinition = {
        name: 'test-evening-mail',
        schedule: () => ({ cron: '0 18 * * *' }),
        retryLimit: 1,
        // No guard of its own: only the engine keeps the second replica from sending it again.
        run: async (deps) => deps.mailer.deliver({ to: 'tick@example.com', subject: '一日一通', text: `${deps.clock.now().toISOString()}` }),
      }
      const a = await h.jobEngine([mailing])
      const b = await h.jobEngine([mailing], { ...h.deps, db: second.db })
      const before = h.mailer.sent.filter((m) => m.to === 'tick@example.com').length
      h.clock.set(at('2025-06-10T09:00:10Z')) // 18:00:10 JST
      const runs = (await Promise.all([a.runDue(), b.runDue(), a.runDue()])).flat()
      expect(runs.filter((r) => r.state === 'completed')).toHaveLength(1)
      expect(h.mailer.sent.filter((m) => m.to === 'tick@example.com').length - before).toBe(1)
      // The next day's tick is a new slot: one more.
      h.clock.set(at('2025-06-11T09:00:10Z'))
      await Promise.all([a.runDue(), b.runDue()])
      expect(h.mailer.sent.filter((m) => m.to === 'tick@example.com').length - before).toBe(2)
    } finally {
      h.clock.set(NOW)
      await second.close()
    }
  })
})

describe('the room log’s clean-up is a job', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('two replicas ticking at the same minute prune once, at the clock’s time (server/jobs/room-log-prune.ts)', async () => {
    const second = await openDatabase({ url: h.databaseUrl! })
    try {
      // Each replica's own room bus: the job hands the clock's time to whichever replica runs it.
      const pruned: { replica: string; now: string }[] = []
      const roomLog = (replica: string) => ({ prune: async (now: Date) => (pruned.push({ replica, now: now.toISOString() }), 3) })
      const a = await h.jobEngine([roomLogPruneJob(roomLog('a'))])
      const b = await h.jobEngine([roomLogPruneJob(roomLog('b'))], { ...h.deps, db: second.db })
      h.clock.set(at('2025-06-10T03:07:20Z'))
      const runs = (await Promise.all([a.runDue(), b.runDue(), a.runDue()])).flat()
      expect(runs.filter((r) => r.name === 'room-log-prune' && r.state === 'completed')).toHaveLength(1)
      expect(pruned.map((p) => p.now)).toEqual(['2025-06-10T03:07:20.000Z'])
      // The next minute is a run of its own.
      h.clock.set(at('2025-06-10T03:08:05Z'))
      await Promise.all([a.runDue(), b.runDue()])
      expect(pruned).toHaveLength(2)
    } finally {
      h.clock.set(NOW)
      await second.close()
    }
  })
})

describe('a run offered for a moved time (test stacks)', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('runs at that time also when a replica’s worker takes it before the offering request drains it', async () => {
    // The browser tests' stack works its queues while a test offers the jobs due at a moved time
    // (decision 81): whoever takes the run, it must see the time it was offered for.
    const offeredFor = at('2025-06-12T23:10:00Z')
    const seen: string[] = []
    let probeRan!: () => void
    const probeDone = new Promise<void>((resolve) => (probeRan = resolve))
    const probe: JobDefinition = {
      name: 'test-moved-probe',
      schedule: () => ({ cron: '*/5 * * * *' }),
      retryLimit: 0,
      run: async (deps) => {
        seen.push(deps.clock.now().toISOString())
        probeRan()
      },
    }
    // Drained first by the offering engine, it holds that drain until the worker ran the probe.
    const holder: JobDefinition = { name: 'test-moved-holder', schedule: () => ({ cron: '*/5 * * * *' }), retryLimit: 0, run: () => probeDone }
    const movable = { ...h.deps, clock: movableByRequest(h.clock) }
    await h.jobEngine([probe], movable, { workers: true })
    const offering = await h.jobEngine([holder, probe], movable)
    const runs = await offering.runDue(offeredFor)
    expect(runs.map((r) => r.name)).toEqual(['test-moved-holder']) // the probe was the worker's
    expect(seen).toEqual([offeredFor.toISOString()])
  }, 30_000)
})

describe('a job that keeps failing', () => {
  it('retries, lands in the failed list with its error, and runs again on an audited retry', async () => {
    const operator = await staffAccount(h, [{ role: 'operator' }])
    let broken = true
    let runs = 0
    const flaky: JobDefinition = {
      name: 'test-flaky',
      schedule: () => ({ cron: '30 * * * *' }),
      retryLimit: 2,
      run: async () => {
        runs++
        if (broken) throw new Error('SMTP に接続できません')
        return { ok: true }
      },
    }
    const engine = await h.jobEngine([flaky])
    h.clock.set(at('2025-06-10T01:30:00Z')) // 10:30 JST
    const first = await engine.runDue()
    expect(runs).toBe(3) // the run and its two retries
    expect(first.map((r) => r.state)).toEqual(['retry', 'retry', 'failed'])
    const list = await staffGet(h, 'desk-jobs-failed', { token: operator.token })
    expect(list.status).toBe(200)
    const failed = (list.body.items as T[]).find((j) => j.id === first[2].id)
    expect(failed).toMatchObject({ name: 'test-flaky', error: 'SMTP に接続できません', runs: 3 })

    // Nobody retried it: the next tick of another minute does not bring it back.
    h.clock.set(at('2025-06-10T01:31:00Z'))
    expect(await engine.runDue()).toEqual([])

    broken = false
    const retried = await staffPost(h, 'desk-job-retry', { token: operator.token, body: { id: failed!.id } })
    expect(retried).toEqual({ status: 200, body: { id: failed!.id, name: 'test-flaky' } })
    const [trail] = (await staffGet(h, 'desk-audit', { token: operator.token, query: { action: 'job-retry', targetId: failed!.id } })).body.items as T[]
    expect(trail).toMatchObject({ actionName: 'ジョブの再実行', actorEmail: operator.email })
    // A second retry of the same job finds nothing failed.
    expect(await staffPost(h, 'desk-job-retry', { token: operator.token, body: { id: failed!.id } })).toEqual({ status: 404, body: { message: dm.jobNotFound } })

    expect(await engine.runDue()).toEqual([{ name: 'test-flaky', id: failed!.id, state: 'completed' }])
    expect(runs).toBe(4)
    const after = (await staffGet(h, 'desk-jobs-failed', { token: operator.token })).body.items as T[]
    expect(after.find((j) => j.id === failed!.id)).toBeUndefined()
    const [{ n }] = await h.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, 'job-retry'), eq(auditLog.targetId, failed!.id)))
    expect(Number(n)).toBe(1)
    h.clock.set(NOW)
  })
})

describe('the server’s own jobs when the clock moves', () => {
  it('the shift extension writes the days that came into the horizon on the hour; the sweeper sweeps every tick', async () => {
    const engine = await h.jobEngine(jobs)
    const shiftsFrom = async (iso: string) => {
      const [{ n }] = await h.db.select({ n: count() }).from(staffShifts).where(gte(staffShifts.startsAt, at(iso)))
      return Number(n)
    }
    // Three days on, at 10:00 JST: the planned shifts of three more days are due.
    h.clock.set(at('2025-06-13T01:00:00Z'))
    const horizonBefore = await shiftsFrom('2025-07-07T15:00:00Z') // from 2025-07-08 JST: beyond the first horizon
    const runs = await engine.runDue()
    // 10:00 JST is also a quarter hour (outcome-reminder) but not 10 past (follow-up-reminder); the
    // room log's clean-up and the outbox's delivery run every minute and every second.
    expect(runs.map((r) => [r.name, r.state]).sort()).toEqual([['outbox-delivery', 'completed'], ['outcome-reminder', 'completed'], ['purchase-sweep', 'completed'], ['reminder-soon', 'completed'], ['room-log-prune', 'completed'], ['shift-extension', 'completed']])
    expect(await shiftsFrom('2025-07-07T15:00:00Z')).toBeGreaterThan(horizonBefore)
    // Half past: not the shift extension, and the shifts stay as they are (idempotent).
    const written = await shiftsFrom('2025-06-10T00:00:00Z')
    h.clock.set(at('2025-06-13T01:30:00Z'))
    expect((await engine.runDue()).map((r) => r.name).sort()).toEqual(['outbox-delivery', 'outcome-reminder', 'purchase-sweep', 'reminder-soon', 'room-log-prune'])
    expect(await shiftsFrom('2025-06-10T00:00:00Z')).toBe(written)
    h.clock.set(NOW)
  })

  it('the sweeper, on two ticks by two replicas, mails a recorded purchase whose process died before mailing it, once', async () => {
    const a = await h.jobEngine(jobs)
    const b = await h.jobEngine(jobs)
    h.clock.set(NOW)
    const m = await h.member('fresh')
    const key = `jobs-test-${Date.now()}`
    const r = await h.post('charge', {
      token: m.token,
      headers: { 'Idempotency-Key': key },
      body: {
        productId: 'SUPPORT-60', cardId: '', cardToken: await h.cardToken(undefined, m.token), saveCard: false, staffId: null,
        reservationTime: 'SUPPORT-20250617-16-00', supportType: 'TEL', reservationMenuList: [], counsellingComment: 'ジョブのテスト',
        contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH',
      },
    })
    expect(r.status).toBe(200)
    const mailsOf = () => h.mailer.sent.filter((x) => x.to === m.email && x.text.includes(r.body.ticketNumber)).length
    expect(mailsOf()).toBe(1)
    // As if recorded before the outbox wrote the mail with the purchase (docs/server.md "Outbox"):
    // no message and no mark; the sweeper writes it, once.
    await h.db.update(purchaseAttempts).set({ mailSentAt: null }).where(and(eq(purchaseAttempts.memberId, m.memberId), eq(purchaseAttempts.idempotencyKey, key)))
    await h.db.delete(mailOutbox).where(eq(mailOutbox.idempotencyKey, `purchase:${r.body.ticketNumber}`))
    await a.runDue()
    expect(mailsOf()).toBe(1) // its recorder may still be mailing: a whole lease of silence first
    h.clock.set(new Date(NOW.getTime() + h.deps.config.purchaseLeaseMs + 60_000))
    await Promise.all([a.runDue(), b.runDue()])
    h.clock.set(new Date(NOW.getTime() + h.deps.config.purchaseLeaseMs + 120_000))
    await Promise.all([a.runDue(), b.runDue()])
    expect(mailsOf()).toBe(2)
    h.clock.set(NOW)
  })
})
