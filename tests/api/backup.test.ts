import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { sandboxTestCards } from '../../contract/calls'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { freePort, stopAll } from '../../scripts/stack/processes'
import { startServer } from '../../scripts/stack/services'
import { createHarness } from './harness'
import { call, jstDay, newMember, type T } from './replica-client'
import { rowCounts, rowCountsAt } from './row-counts'

// Backups as docs/operations.md "Backups" describes them, each restored and compared with its
// source: every table's row count, and the purchase made before the backup, column for column.

const pgUrl = process.env.TEST_DATABASE_URL
const dirs: string[] = []
const tempDir = (prefix: string) => {
  const d = mkdtempSync(path.join(tmpdir(), prefix))
  dirs.push(d)
  return d
}
afterAll(async () => {
  await stopAll()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const chargeBody = (cardToken: string, cell: { staffId: string; slot: string; dt: string }) => ({
  productId: 'SUPPORT-60', cardToken, saveCard: false, staffId: cell.staffId, reservationTime: `SUPPORT-${cell.dt}-${cell.slot}`, supportType: 'TEL', reservationMenuList: [],
})

/** A member and one paid consultation through a running server over HTTP. */
async function purchaseThrough(base: string) {
  const m = await newMember(base)
  const dt = jstDay(3)
  const schedule = await call(base, 'GET', 'reservation-schedule', { token: m.token, query: { dt, minutesToSupport: 60 } })
  expect(schedule.status).toBe(200)
  let cell: { staffId: string; slot: string; dt: string } | undefined
  for (const s of schedule.body.staffSchedules as T[]) {
    const slot = Object.keys(s.schedules).find((k) => s.schedules[k])
    if (slot) { cell = { staffId: s.staffId as string, slot, dt: schedule.body.selectDate as string }; break }
  }
  expect(cell).toBeDefined()
  const token = await call(base, 'POST', 'sandbox/tokens', { token: m.token, body: { number: sandboxTestCards.approved, expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' } })
  const paid = await call(base, 'POST', 'charge', { token: m.token, key: `backup-${Date.now()}`, body: chargeBody(token.body.tokenId as string, cell!) })
  expect(paid.status).toBe(200)
  return { memberId: m.memberId, ticketNumber: paid.body.ticketNumber as string }
}

const purchaseRow = 'SELECT * FROM purchases WHERE member_id = $1 ORDER BY 1'

describe('the embedded PGlite database', () => {
  it('a backup taken while the server runs (kill -USR2) restores, with plain tar, to the same data', async () => {
    const dataDir = path.join(tempDir('mypage-backup-pglite-'), 'pglite')
    const backupDir = path.join(path.dirname(dataDir), 'backups')
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const { child } = await startServer({
      port, authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!, smtpUrl: 'smtp://127.0.0.1:1', appOrigin: base, pgliteDir: dataDir, testRoutes: true, compiled: true,
      env: { PGLITE_BACKUP_DIR: backupDir, PURCHASE_SWEEP_MS: '0' },
    })
    const bought = await purchaseThrough(base)

    process.kill(child.proc.pid!, 'SIGUSR2')
    let archive: string | undefined
    for (let i = 0; i < 600 && !archive; i++) {
      archive = existsSync(backupDir) ? readdirSync(backupDir).find((f) => f.endsWith('.tar.gz')) : undefined
      if (!archive) await new Promise((r) => setTimeout(r, 100))
    }
    expect(archive, child.output()).toBeDefined()
    // The server kept serving while and after it wrote the backup.
    expect(child.proc.exitCode).toBeNull()
    expect((await fetch(`${base}/api/ready`)).status).toBe(200)

    // Restore as the docs say: unpack into an empty directory, open it.
    const restoredDir = path.join(tempDir('mypage-backup-restored-'), 'pglite')
    mkdirSync(restoredDir)
    execFileSync('tar', ['-xzf', path.join(backupDir, archive!), '-C', restoredDir])
    const restored = new PGlite(restoredDir)
    const fromBackup = { counts: await rowCounts((q) => restored.query(q)), purchase: (await restored.query(purchaseRow, [bought.memberId])).rows }
    await restored.close()

    // The source, once the server has stopped (nothing was written after the backup).
    await stopAll()
    const live = new PGlite(dataDir)
    const fromLive = { counts: await rowCounts((q) => live.query(q)), purchase: (await live.query(purchaseRow, [bought.memberId])).rows }
    await live.close()

    expect(fromBackup.purchase).toHaveLength(1)
    expect(fromBackup.purchase[0]).toMatchObject({ ticket_number: bought.ticketNumber })
    expect(fromBackup).toEqual(fromLive)
    expect(fromBackup.counts.purchases).toBeGreaterThan(0)
  }, 180_000)
})

describe.runIf(pgUrl)('PostgreSQL', () => {
  it('pg_dump -Fc of a database with a purchase restores with pg_restore to the same rows', async () => {
    const h = await createHarness()
    const target = await createScratchDatabase(pgUrl!, 'mypage_restore')
    try {
      const m = await h.member('fresh')
      const cardToken = await h.cardToken(undefined, m.token)
      const paid = await h.post('charge', {
        token: m.token, headers: { 'Idempotency-Key': `backup-${Date.now()}` },
        body: { productId: 'SUPPORT-60', cardId: '', cardToken, saveCard: false, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250612-15-00', supportType: 'TEL', reservationMenuList: [] },
      })
      expect(paid.status).toBe(200)
      const dump = path.join(tempDir('mypage-backup-pg-'), 'mypage.dump')
      execFileSync('pg_dump', ['--format=custom', '--file', dump, h.databaseUrl!])
      execFileSync('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', target.url, dump])

      const { default: pg } = await import('pg')
      const rowsAt = async (url: string) => {
        const c = new pg.Client({ connectionString: url })
        await c.connect()
        try { return (await c.query(purchaseRow, [m.memberId])).rows } finally { await c.end() }
      }
      const [source, restored] = await Promise.all([rowCountsAt(h.databaseUrl!), rowCountsAt(target.url)])
      expect(restored).toEqual(source)
      expect(restored.purchases).toBeGreaterThan(0)
      const purchase = await rowsAt(target.url)
      expect(purchase).toHaveLength(1)
      expect(purchase[0]).toMatchObject({ ticket_number: paid.body.ticketNumber })
      expect(purchase).toEqual(await rowsAt(h.databaseUrl!))
    } finally {
      await target.drop()
      await h.close()
    }
  }, 120_000)
})
