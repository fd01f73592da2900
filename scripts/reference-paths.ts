import { readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ChartSpec } from '../tests/machines/observe'
import { writeReferenceSet } from '../tests/machines/reference-paths'

// `npm run paths:reference [-- <chart file…>]`: writes the reference path set of every chart with
// spec rules (tests/machines/<name>.spec-rules.ts) to tests/machines/reference-paths/<chart id>.json,
// from the charts as they are now. Run it after a chart change has been reviewed, and commit the
// files with the change: the spec rules then judge every later version of the chart on these paths
// too (docs/qa.md "Spec rules and mutation").

const root = path.resolve(import.meta.dirname, '..')
const only = process.argv.slice(2)
const dir = path.join(root, 'tests/machines')
for (const file of readdirSync(dir).filter((f) => f.endsWith('.spec-rules.ts')).sort()) {
  if (only.length && !only.some((o) => file.startsWith(o))) continue
  const { spec } = (await import(pathToFileURL(path.join(dir, file)).href)) as { spec?: ChartSpec }
  if (!spec) continue
  const written = writeReferenceSet(spec.configs)
  console.log(`${file} → ${path.relative(root, written)}`)
}
