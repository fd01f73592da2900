import { writeResult } from '../lib/results'
import { createHarness } from '../../tests/api/harness'
import { withEmulator, isMain } from './bench-env'
import { callNames, fuzzCall, type CallReport } from './fuzz-core'

/**
 * Fuzzing every call of contract/calls.ts: FUZZ_RUNS (default 500) generated requests
 * per call, about half valid (from the valibot schemas) and half invalid. Reports the counts per call
 * and in total; the target is 0 5xx and 0 crashes. PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
export async function run() {
  const perCall = Number(process.env.FUZZ_RUNS ?? 500)
  await withEmulator(async () => {
    const h = await createHarness()
    const reports: CallReport[] = []
    const failures: string[] = []
    const t0 = Date.now()
    try {
      for (const name of callNames) {
        try {
          reports.push(await fuzzCall(h, name, perCall))
        } catch (e) {
          failures.push((e as Error).message.slice(0, 2000))
        }
      }
    } finally {
      await h.close()
    }
    const sum = (f: (r: CallReport) => number) => reports.reduce((a, r) => a + f(r), 0)
    const total = sum((r) => r.valid + r.invalid)
    const fiveHundreds = sum((r) => r.fiveHundreds)
    const crashes = sum((r) => r.crashes)
    writeResult(
      'fuzz',
      { perCall, calls: callNames.length, total, valid: sum((r) => r.valid), invalid: sum((r) => r.invalid), accepted: sum((r) => r.accepted), fiveHundreds, crashes, failures, seconds: Math.round((Date.now() - t0) / 1000), database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite', reports },
      `${failures.length === 0 && fiveHundreds === 0 && crashes === 0 ? 'OK' : 'BROKEN'}: ${total} requests over ${callNames.length} calls (${perCall} per call; ${sum((r) => r.valid)} valid, ${sum((r) => r.invalid)} invalid, ${sum((r) => r.accepted)} accepted): ${fiveHundreds} 5xx, ${crashes} crashes, ${failures.length} failing calls`,
    )
  })
}

if (isMain(import.meta.url)) await run()
