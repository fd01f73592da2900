import { freePort, stopAll } from '../../scripts/stack/processes'
import { startAuthEmulator } from '../../scripts/stack/services'

/**
 * The reliability benches drive the API in-process through tests/api/harness.ts, which verifies
 * real ID tokens: an Auth Emulator is needed. One already running (FIREBASE_AUTH_EMULATOR_HOST) is
 * reused; otherwise one is started for the bench and stopped after it.
 */
export async function withEmulator<T>(work: () => Promise<T>): Promise<T> {
  let started = false
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    const port = await freePort()
    await startAuthEmulator({ port })
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`
    started = true
  }
  process.env.FIREBASE_PROJECT_ID ??= 'demo-mypage'
  try {
    return await work()
  } finally {
    if (started) {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST
      await stopAll()
    }
  }
}

/** True when this module is the process's entry (`tsx bench/reliability/x.ts`). */
export const isMain = (url: string) => process.argv[1] !== undefined && url.endsWith(process.argv[1].replace(/^.*?(bench\/)/, '$1'))
