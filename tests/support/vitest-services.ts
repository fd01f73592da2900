import type { TestProject } from 'vitest/node'
import { freePort, stopAll } from '../../scripts/stack/processes'
import { startAuthEmulator } from '../../scripts/stack/services'

declare module 'vitest' {
  export interface ProvidedContext { authEmulatorHost: string }
}

/**
 * The API tests verify real ID tokens, so they need the Firebase Auth Emulator. The test command
 * starts one for the whole run and passes FIREBASE_AUTH_EMULATOR_HOST; run alone, vitest starts its own.
 */
export default async function setup(project: TestProject) {
  let host = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (!host) {
    const port = await freePort()
    await startAuthEmulator({ port })
    host = `127.0.0.1:${port}`
  }
  project.provide('authEmulatorHost', host)
  return async () => { await stopAll() }
}
