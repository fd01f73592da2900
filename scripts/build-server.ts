import { cpSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

/**
 * The production server as plain JavaScript (docs/operations.md "Build and start"): `server/main.ts`
 * and what it imports of ours (server/, contract/) bundled into `dist-server/main.js`, ES modules
 * for Node 20; packages stay imports of node_modules (the image installs the production ones), so
 * nothing TypeScript — no tsx, no loader — runs in production: `node dist-server/main.js`.
 * The migrations are copied beside it: server/db/client.ts finds them next to its own module.
 */
const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'dist-server')

export async function buildServer(outDir = out): Promise<string> {
  rmSync(outDir, { recursive: true, force: true })
  await build({
    // The server, and the staff-role command beside it (`node dist-server/staff.js grant operator …`).
    entryPoints: { main: path.join(root, 'server/main.ts'), staff: path.join(root, 'server/staff-cli.ts') },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Stack traces point at the TypeScript (node --enable-source-maps; the error reports' source maps).
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
  })
  cpSync(path.join(root, 'server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true })
  return path.join(outDir, 'main.js')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : out)
  console.log(`Built ${path.relative(root, file)}`)
}
