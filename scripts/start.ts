import path from 'node:path'
import { assertPortFree, StackError, stopAll } from './stack/processes'
import { portEnvNames, readPorts, type Ports } from './stack/ports'
import { ROOT, startApi, startAuthEmulator, startMaildev, startWeb } from './stack/services'

// `npm start`: the whole product on its embedded defaults — Firebase Auth Emulator, maildev,
// the API on PGlite under .data/ (migrated and seeded on first start), and the SPA (Vite) with
// /api proxied to the API. Ctrl-C stops everything.

const labels: Record<keyof Ports, string> = { web: 'the app', api: 'the API', auth: 'the Auth Emulator', smtp: 'maildev SMTP', maildev: 'maildev web' }

async function main() {
  const ports = readPorts()
  for (const key of Object.keys(ports) as (keyof Ports)[]) await assertPortFree(ports[key], labels[key], portEnvNames[key])

  const dataDir = path.join(ROOT, '.data')
  const webUrl = `http://127.0.0.1:${ports.web}`
  console.log('Starting mypage: Auth Emulator, maildev, API (PGlite), web…')
  const [auth, mail] = await Promise.all([
    startAuthEmulator({ port: ports.auth, dataDir: path.join(dataDir, 'auth') }),
    startMaildev({ smtpPort: ports.smtp, webPort: ports.maildev }),
  ])
  const api = await startApi({
    port: ports.api, authEmulatorHost: `127.0.0.1:${ports.auth}`, smtpUrl: `smtp://127.0.0.1:${ports.smtp}`,
    appOrigin: webUrl, pgliteDir: path.join(dataDir, 'pglite'), echo: true,
  })
  const web = await startWeb({ port: ports.web, apiUrl: api.url, authEmulatorUrl: auth.url, mode: 'dev' })

  for (const child of [auth.child, mail.child, api.child, web.child]) {
    child.proc.once('exit', (code, signal) => {
      if (stopping) return
      console.error(`\n${child.name} stopped unexpectedly (${signal ?? `exit ${code}`}):\n${child.output().slice(-3000)}`)
      void shutdown(1)
    })
  }

  console.log(`
  mypage is running

    App            ${web.url}
    Mail (maildev) ${mail.url}
    API            ${api.url}/api
    Auth Emulator  ${auth.url}

    Demo login     demo@example.com / demo1234

  Press Ctrl-C to stop.
`)
}

let stopping = false
async function shutdown(code: number) {
  if (stopping) return
  stopping = true
  console.log('\nStopping mypage…')
  await stopAll()
  process.exit(code)
}

process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))

main().catch(async (err) => {
  console.error(err instanceof StackError ? `\n${err.message}` : err)
  await shutdown(1)
})
