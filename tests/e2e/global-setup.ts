import { stopAll } from '../../scripts/stack/processes'
import { startE2eStack } from '../../scripts/stack/e2e-stack'
import { startFakeSentry } from '../support/fake-sentry'
import { checkServerLog } from './support/server-log-check'

// Starts the whole product once for the run; workers read the URLs from the environment.
// MYPAGE_WEB_URL set beforehand means "test this running stack" (e.g. `npm start`).
export default async function globalSetup() {
  if (process.env.MYPAGE_WEB_URL) {
    process.env.MYPAGE_API_URL ??= process.env.MYPAGE_WEB_URL
    return
  }
  // A local Sentry collector for the whole run: the test build reports its errors there.
  const sentry = await startFakeSentry()
  process.env.MYPAGE_SENTRY_URL = sentry.origin
  const stack = await startE2eStack({ errorReportsDsn: sentry.dsn })
  console.log(`e2e stack: ${stack.webUrl} (app and API, ${stack.database})`)
  process.env.MYPAGE_WEB_URL = stack.webUrl
  process.env.MYPAGE_API_URL = stack.apiUrl
  process.env.MYPAGE_MAILDEV_URL = stack.maildevUrl
  process.env.MYPAGE_AUTH_EMULATOR_HOST = stack.authEmulatorHost
  // For a test that starts a second replica of the server on the same stack (tests/e2e/room.spec.ts).
  process.env.MYPAGE_REPLICA_OF = JSON.stringify(stack.replicaOf)
  return async () => {
    await stopAll()
    try {
      // The whole run's server log holds none of the demo member's personal data.
      const { lines } = checkServerLog(stack.serverLog)
      console.log(`server log: ${lines} lines, none with the demo member's personal data`)
    } finally {
      await stack.cleanup()
      await sentry.close()
    }
  }
}
