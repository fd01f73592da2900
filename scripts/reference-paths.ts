import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ChartSpec } from '../tests/machines/observe'
import { rulesHash, writeReferenceSet } from '../tests/machines/reference-paths'

// `npm run paths:reference [-- <chart file…>]`: writes the reference path set of every chart with
// spec rules (tests/machines/<name>.spec-rules.ts) to tests/machines/reference-paths/<chart id>.json,
// from the charts as they are now, with the hash of the rules they serve. Run it after a chart change
// has been reviewed, and commit the files with the change: the spec rules then judge every later
// version of the chart on these paths too (docs/qa.md "Spec rules and mutation"). It refuses (exit
// code 1, nothing written for that chart) when the paths changed and the rules did not (decision 79).

const root = path.resolve(import.meta.dirname, '..')
const only = process.argv.slice(2)
const dir = path.join(root, 'tests/machines')
let refused = 0
for (const file of readdirSync(dir).filter((f) => f.endsWith('.spec-rules.ts')).sort()) {
  if (only.length && !only.some((o) => file.startsWith(o))) continue
  const { spec } = (await import(pathToFileURL(path.join(dir, file)).href)) as { spec?: ChartSpec }
  if (!spec) continue
  const result = writeReferenceSet(spec.configs, rulesHash(readFileSync(path.join(dir, file), 'utf8')))
  if (result.written) console.log(`${file} → ${path.relative(root, result.file)}`)
  else {
    refused++
    console.error(`${file}: refused, ${path.relative(root, result.file)} kept: ${result.reason}`)
  }
}
if (refused) process.exitCode = 1
