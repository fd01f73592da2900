import path from 'node:path'
import { assertPortFree, runStack, type Child } from './stack/processes'
import { portEnvNames, readPorts } from './stack/ports'
import { ROOT, startAuthEmulator, startMaildev, startServer } from './stack/services'
import { ensureWebBuild } from './stack/web-build'

// `npm start`: the whole product as production runs it, on its embedded defaults:
// the production build of the SPA (built when missing or stale) served with its security headers
// by the product's own server (`server/main.ts`, the production start command) together with
// `/api` and `/sandbox` on one origin — no dev server, no file watcher, no hot reload — plus the
// Firebase Auth Emulator, maildev and PGlite under .data/ (migrated and seeded on first start).
// Ctrl-C stops everything.

async function main(): Promise<Child[]> {
  const ports = readPorts()
  const needed = [['web', 'the app'], ['auth', 'the Auth Emulator'], ['smtp', 'maildev SMTP'], ['maildev', 'maildev web']] as const
  for (const [key, label] of needed) await assertPortFree(ports[key], label, portEnvNames[key])

  const dataDir = path.resolve(ROOT, process.env.MYPAGE_DATA_DIR?.trim() || '.data')
  const appUrl = `http://127.0.0.1:${ports.web}`
  const authEmulatorUrl = `http://127.0.0.1:${ports.auth}`
  const started = Date.now()
  console.log('Starting mypage: app build, Auth Emulator, maildev, server (PGlite)…')
  const [build, auth, mail] = await Promise.all([
    ensureWebBuild({ outDir: path.join(ROOT, 'dist'), mode: 'production', authEmulatorUrl, log: (line) => console.log(line) }),
    startAuthEmulator({ port: ports.auth, dataDir: path.join(dataDir, 'auth') }),
    startMaildev({ smtpPort: ports.smtp, webPort: ports.maildev }),
  ])
  const server = await startServer({
    port: ports.web, authEmulatorHost: `127.0.0.1:${ports.auth}`, smtpUrl: `smtp://127.0.0.1:${ports.smtp}`,
    appOrigin: appUrl, pgliteDir: path.join(dataDir, 'pglite'), staticDir: build.outDir, echo: true,
  })

  console.log(`
  mypage is running (started in ${((Date.now() - started) / 1000).toFixed(1)} s)

    App            ${server.url}
    Mail (maildev) ${mail.url}
    API            ${server.url}/api
    Auth Emulator  ${auth.url}

    Demo login     demo@example.com / demo1234
    Operator       operator@example.com / operator1234      ${server.url}/staff
    Consultant     consultant@example.com / consultant1234  ${server.url}/staff

  Press Ctrl-C to stop.
`)
  return [auth.child, mail.child, server.child]
}

runStack(main)
