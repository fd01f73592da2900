import { round, writeResult } from '../lib/results'
import { createHarness } from '../../tests/api/harness'
import { withEmulator, isMain } from './bench-env'
import { couponClaims, lastCellBooking, reservationChanges, sameKeyCharges } from './race-scenarios'

/**
 * Races on PostgreSQL, with the settled time of each burst: the same scenarios as
 * tests/api/races.test.ts, measured. Uses TEST_DATABASE_URL (a server where scratch databases may
 * be created), by default the local postgres://postgres@127.0.0.1:5432/test as the other benches;
 * reports itself skipped when no PostgreSQL answers there.
 */
export async function run() {
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  if (!(await postgresAnswers(process.env.TEST_DATABASE_URL))) {
    writeResult('races', { skipped: true }, `skipped: no PostgreSQL at ${process.env.TEST_DATABASE_URL} (set TEST_DATABASE_URL)`)
    return
  }
  await withEmulator(async () => {
    const h = await createHarness()
    try {
      const cell = await lastCellBooking(h, 200)
      const key = await sameKeyCharges(h, 100)
      const coupon = await couponClaims(h, 50)
      const moves = await reservationChanges(h, 5)
      const ok =
        cell.ok === 1 && cell.cleanRefusals === 199 && cell.bookings === 1 && cell.charges === 1 &&
        key.purchases === 1 && key.charges === 1 && coupon.claims === 1 && moves.every((m) => m.winners === 1 && m.bookingsInCell === 1)
      writeResult(
        'races',
        { database: 'postgresql', lastCellBooking: cell, sameKeyCharges: key, couponClaims: coupon, reservationChanges: moves, allInvariantsHold: ok },
        `${ok ? 'OK' : 'BROKEN'}: 200 bookings of one cell → ${cell.ok} booked, ${cell.cleanRefusals} STAFF_DENY, settled in ${round(cell.ms, 0)} ms; ` +
          `100 same-key charges → ${key.purchases} purchase, ${key.charges} charge (${round(key.ms, 0)} ms); ` +
          `50 get-coupon → ${coupon.claims} claim (${round(coupon.ms, 0)} ms); ${moves.length} date-change pairs → ${moves.filter((m) => m.winners === 1).length} with one winner`,
      )
    } finally {
      await h.close()
    }
  })
}

if (isMain(import.meta.url)) await run()

async function postgresAnswers(url: string): Promise<boolean> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}
