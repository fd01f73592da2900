import path from 'node:path'
import { assertPortFree, runStack, type Child } from './stack/processes'
import { portEnvNames, readPorts } from './stack/ports'
import { ROOT, startAuthEmulator, startDevServer, startMaildev, startServer } from './stack/services'

// `npm run dev`: for people changing the code. The same services as `npm start`, the API on its own
// port, and the Vite dev server with hot reload in front of it. The dev server watches and serves
// only the app's sources (vite.config.ts, scripts/vite/plugins.ts): never .data/ or server/.
// Members use `npm start`.

async function main(): Promise<Child[]> {
  const ports = readPorts()
  for (const key of ['web', 'api', 'auth', 'smtp', 'maildev'] as const) await assertPortFree(ports[key], key, portEnvNames[key])
  const dataDir = path.resolve(ROOT, process.env.MYPAGE_DATA_DIR?.trim() || '.data')
  const webUrl = `http://127.0.0.1:${ports.web}`
  console.log('Starting mypage for development: Auth Emulator, maildev, API (PGlite), Vite dev server…')
  const [auth, mail] = await Promise.all([
    startAuthEmulator({ port: ports.auth, dataDir: path.join(dataDir, 'auth') }),
    startMaildev({ smtpPort: ports.smtp, webPort: ports.maildev }),
  ])
  const api = await startServer({
    port: ports.api, authEmulatorHost: `127.0.0.1:${ports.auth}`, smtpUrl: `smtp://127.0.0.1:${ports.smtp}`,
    appOrigin: webUrl, pgliteDir: path.join(dataDir, 'pglite'), echo: true,
  })
  const web = await startDevServer({ port: ports.web, apiUrl: api.url, authEmulatorUrl: auth.url, echo: true })
  console.log(`
  mypage (development) is running

    App (Vite dev) ${web.url}
    API            ${api.url}/api
    Mail (maildev) ${mail.url}
    Auth Emulator  ${auth.url}

    Demo login     demo@example.com / demo1234
`)
  return [auth.child, mail.child, api.child, web.child]
}

runStack(main)
