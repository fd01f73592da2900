import { stopAll } from '../../scripts/stack/processes'
import { startE2eStack } from '../../scripts/stack/e2e-stack'

// Starts the whole product once for the run; workers read the URLs from the environment.
// MYPAGE_WEB_URL set beforehand means "test this running stack" (e.g. `npm start`).
export default async function globalSetup() {
  if (process.env.MYPAGE_WEB_URL) {
    process.env.MYPAGE_API_URL ??= process.env.MYPAGE_WEB_URL
    return
  }
  const stack = await startE2eStack()
  console.log(`e2e stack: ${stack.webUrl} (app and API, ${stack.database})`)
  process.env.MYPAGE_WEB_URL = stack.webUrl
  process.env.MYPAGE_API_URL = stack.apiUrl
  process.env.MYPAGE_MAILDEV_URL = stack.maildevUrl
  process.env.MYPAGE_AUTH_EMULATOR_HOST = stack.authEmulatorHost
  return async () => {
    await stopAll()
    await stack.cleanup()
  }
}
