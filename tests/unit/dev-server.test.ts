import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/stack/processes'
import { ignoredByWatcher } from '../../scripts/vite/plugins'

// `npm run dev` (the project's vite.config.ts) watches and serves the app's sources only.
// PGlite's WAL under .data/ was watched and served, so database writes reloaded members' pages and
// `GET /.data/pglite/pg_wal/…?raw` returned member data.

const root = path.resolve(import.meta.dirname, '../..')
const probeDir = path.join(root, '.data', `watch-probe-${process.pid}`)

describe('the dev server of vite.config.ts', () => {
  let server: ViteDevServer
  let base: string
  beforeAll(async () => {
    // A database folder where a person's lives, so the watcher has something to (not) watch.
    mkdirSync(path.join(probeDir, 'pg_wal'), { recursive: true })
    writeFileSync(path.join(probeDir, 'pg_wal', '000000010000000000000001'), 'member@example.com signup-token')
    const port = await freePort()
    server = await createServer({ configFile: path.join(root, 'vite.config.ts'), root, logLevel: 'silent', server: { port, hmr: false } })
    await server.listen()
    base = `http://127.0.0.1:${port}`
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    rmSync(probeDir, { recursive: true, force: true })
  })

  it('watches the app sources and nothing of the database, the server, the tests or the docs', async () => {
    const watchedTops = () => Object.keys(server.watcher.getWatched()).map((dir) => path.relative(root, dir).split(path.sep)[0])
    // The watcher's first scan runs in the background: wait until it has reached the app's folders.
    await expect.poll(watchedTops, { timeout: 20_000 }).toEqual(expect.arrayContaining(['contract', 'src', 'machines', 'public']))
    for (const top of ['.data', 'server', 'tests', 'docs', 'bench', 'scripts', '.git', 'dist']) expect(watchedTops()).not.toContain(top)
  })

  it('decides by top-level folder: app sources and Vite config in, everything else out', () => {
    const ignored = ignoredByWatcher(root)
    expect(ignored(path.join(root, '.data/pglite/pg_wal/000000010000000000000001'))).toBe(true)
    expect(ignored(path.join(root, 'server/config.ts'))).toBe(true)
    expect(ignored(path.join(root, 'src/main.tsx'))).toBe(false)
    expect(ignored(path.join(root, 'machines/auth/auth-machine.ts'))).toBe(false)
    expect(ignored(path.join(root, 'vite.config.ts'))).toBe(false)
    expect(ignored(root)).toBe(false)
  })

  it('answers 404 for the database, the server source, the repository and the manifest', async () => {
    const rel = path.relative(root, probeDir)
    for (const p of [`/${rel}/pg_wal/000000010000000000000001?raw`, `/${rel}/pg_wal/000000010000000000000001`, '/server/config.ts', '/server/config.ts?raw', '/.git/HEAD', '/package.json', '/vite.config.ts', '/tests/e2e/fixtures.ts', '/.env']) {
      const res = await fetch(`${base}${p}`)
      expect(res.status, p).toBe(404)
      expect(await res.text()).not.toContain('signup-token')
    }
    expect((await fetch(`${base}/@fs${probeDir}/pg_wal/000000010000000000000001`)).status).toBe(403)
  })

  // The first request of a source makes Vite optimise the dependencies: seconds on two busy cores.
  it('still serves the app, its sources, its public files and Vite’s own modules', { timeout: 60_000 }, async () => {
    for (const p of ['/', '/login', '/src/main.tsx', '/machines/auth/auth-machine.ts', '/favicon.svg', '/images/30-min-ticket.png', '/@vite/client']) {
      expect((await fetch(`${base}${p}`)).status, p).toBe(200)
    }
  })
})
