import { round, writeResult } from '../lib/results'
import { createHarness } from '../../tests/api/harness'
import { withEmulator, isMain } from './bench-env'
import { couponClaims, lastCellBooking, reservationChanges, sameKeyCharges } from './race-scenarios'

/**
 * Races on PostgreSQL (issue 8), with the settled time of each burst: the same scenarios as
 * tests/api/races.test.ts, measured. Needs TEST_DATABASE_URL (a server where scratch databases may
 * be created), e.g. postgres://postgres@127.0.0.1:5432/test.
 */
export async function run() {
  if (!process.env.TEST_DATABASE_URL) {
    writeResult('races', { skipped: true }, 'skipped: set TEST_DATABASE_URL to a PostgreSQL server')
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
