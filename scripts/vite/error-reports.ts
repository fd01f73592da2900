import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { loadEnv, type Plugin } from 'vite'

/**
 * A build with `VITE_SENTRY_DSN` (docs/operations.md "Error reports"): its release is named after
 * the build — `VITE_SENTRY_RELEASE` if given, else `mypage@<version>+<commit>` — and it has source
 * maps, hidden: no `sourceMappingURL` in the files, and the maps moved out of the served folder to
 * `<outDir>-sourcemaps/`, for the upload step, never to members. Without a DSN nothing changes.
 */
export function errorReportsBuild(root: string): Plugin {
  let on = false
  let outDir = ''
  return {
    name: 'mypage-error-reports-build',
    apply: 'build',
    config(_config, { mode }) {
      const env = { ...loadEnv(mode, root, 'VITE_'), ...process.env }
      on = Boolean(env.VITE_SENTRY_DSN?.trim())
      if (!on) return
      if (!env.VITE_SENTRY_RELEASE?.trim()) process.env.VITE_SENTRY_RELEASE = defaultRelease(root)
      return { build: { sourcemap: 'hidden' } }
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      if (!on || !existsSync(outDir)) return
      const maps = `${outDir}-sourcemaps`
      rmSync(maps, { recursive: true, force: true })
      const move = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name)
          if (entry.isDirectory()) move(full)
          else if (entry.name.endsWith('.map')) {
            const to = path.join(maps, path.relative(outDir, full))
            mkdirSync(path.dirname(to), { recursive: true })
            renameSync(full, to)
          }
        }
      }
      move(outDir)
    },
  }
}

function defaultRelease(root: string): string {
  const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version
  try {
    return `mypage@${version}+${execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()}`
  } catch {
    return `mypage@${version}`
  }
}
