import { spawnSync } from 'node:child_process'
import path from 'node:path'

// `npm run bench`: every benchmark in turn, each in a process of its own (they start servers and
// browsers; one at a time keeps the figures apart). Each prints its one-line summary and writes
// bench/results/<name>.json. Figures, never pass/fail: a failing benchmark is reported, the rest run.

const ROOT = path.resolve(import.meta.dirname, '..')
const all = ['bundle', 'lighthouse', 'api-load', 'growth', 'reminders', 'reliability/races', 'reliability/fuzz', 'reliability/checks']
const only = process.argv.slice(2)
const names = only.length ? all.filter((n) => only.includes(n)) : all

const failed: string[] = []
for (const name of names) {
  console.log(`\n== bench ${name}`)
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', `${name}.ts`)], { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) failed.push(name)
}
console.log(`\n${names.length - failed.length} benchmarks ran${failed.length ? `, failed: ${failed.join(', ')}` : ''}; results in bench/results/`)
process.exit(failed.length ? 1 : 0)
