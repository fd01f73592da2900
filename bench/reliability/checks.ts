import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { BENCH_DIR, writeResult } from '../lib/results'
import { isMain } from './bench-env'

/**
 * The reliability and security checks that are tests, not measurements, run here too so
 * that `npm run bench` prints every figure of the issue: the access-control matrix (as its table),
 * the faults, the API's security headers and rate limits, the secret scan of the built bundle, and
 * axe on every route. They are the same files `npm test` runs (docs/reliability.md); this reports
 * what they found. A failing check is reported, not thrown: a bench never fails a build.
 */

const ROOT = path.resolve(BENCH_DIR, '..')
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name)

type VitestJson = { testResults: { name: string; status: string; assertionResults: { status: string }[] }[] }

function runVitest(scratch: string) {
  const outputFile = path.join(scratch, 'vitest.json')
  const files = ['tests/api/access-matrix.test.ts', 'tests/api/faults.test.ts', 'tests/api/security.test.ts', 'tests/unit/bundle-secrets.test.ts']
  const r = spawnSync(bin('vitest'), ['run', '--project', 'api', '--project', 'unit', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  // eslint-disable-next-line no-control-regex -- the reporter's colour codes
  const output = `${r.stdout}\n${r.stderr}`.replace(/\u001b\[[0-9;]*m/g, '')
  let report: VitestJson | null = null
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8')) as VitestJson
  } catch {
    report = null
  }
  const byFile = Object.fromEntries(
    files.map((file) => {
      const result = report?.testResults.find((t) => t.name.endsWith(file))
      const tests = result?.assertionResults ?? []
      return [path.basename(file), { passed: tests.filter((t) => t.status === 'passed').length, failed: tests.filter((t) => t.status !== 'passed').length }]
    }),
  )
  // The matrix test prints its table from a header line starting with "call" to "leaks: N".
  const lines = output.split('\n')
  const start = lines.findIndex((l) => /^call\s+aims at/.test(l))
  const end = lines.findIndex((l, i) => i > start && /^leaks: \d+/.test(l))
  const table = start >= 0 && end > start ? lines.slice(start, end + 1) : []
  const leaks = end > start ? Number(lines[end].replace(/\D/g, '')) : null
  const secrets = output.match(/bundle-secrets: (\d+) files scanned in .*?, (\d+) findings/)
  return { exitCode: r.status, byFile, table, leaks, secrets: secrets ? { files: Number(secrets[1]), findings: Number(secrets[2]) } : null }
}

function runAxe(scratch: string) {
  const r = spawnSync(bin('playwright'), ['test', 'tests/e2e/a11y.spec.ts', '--reporter=line', `--output=${path.join(scratch, 'playwright')}`], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const output = `${r.stdout}\n${r.stderr}`
  const found = (title: string) => {
    const m = output.match(new RegExp(`${title}: (\\d+) serious/critical`))
    return m ? Number(m[1]) : null
  }
  return { exitCode: r.status, signedOut: found('signed out'), signedIn: found('signed in') }
}

export async function run() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'mypage-bench-checks-'))
  try {
    const api = runVitest(scratch)
    const axe = runAxe(scratch)
    if (api.table.length) console.log(api.table.join('\n'))
    const pass = (file: string) => {
      const f = api.byFile[file]
      return f && f.passed > 0 && f.failed === 0 ? `pass (${f.passed})` : `FAIL (${f?.failed ?? '?'} of ${(f?.passed ?? 0) + (f?.failed ?? 0)})`
    }
    const matrixRows = Math.max(0, api.table.length - 2)
    writeResult(
      'checks',
      {
        accessMatrix: { rows: matrixRows, leaks: api.leaks, table: api.table, tests: api.byFile['access-matrix.test.ts'] },
        faults: api.byFile['faults.test.ts'],
        securityHeadersAndRateLimits: api.byFile['security.test.ts'],
        bundleSecrets: { ...api.secrets, tests: api.byFile['bundle-secrets.test.ts'] },
        accessibility: { seriousOrCriticalSignedOut: axe.signedOut, seriousOrCriticalSignedIn: axe.signedIn, exitCode: axe.exitCode },
      },
      `access matrix ${matrixRows} calls × {none, malformed, other member}: ${api.leaks ?? '?'} leaks, ${pass('access-matrix.test.ts')} · faults ${pass('faults.test.ts')} · headers + rate limits ${pass('security.test.ts')} · bundle secrets ${api.secrets ? `${api.secrets.files} files, ${api.secrets.findings} findings` : '?'} · axe serious/critical: signed out ${axe.signedOut ?? '?'}, signed in ${axe.signedIn ?? '?'}`,
    )
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (isMain(import.meta.url)) await run()
