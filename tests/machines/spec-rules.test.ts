// Every chart judged by its spec rules: each `tests/machines/<flow>.spec-rules.ts`
// exports `spec: ChartSpec` (see observe.ts); every generated path of that chart is replayed and
// every step checked. `npm run mutate` runs the same rules on mutants of each chart. Each file is
// loaded on its own, so a chart that does not load fails its own test, not the others'. A chart's
// committed reference set must have been written for its rules as they are (decision 79).
import { describe, it } from 'vitest'
import { describeSpec, type ChartSpec } from './observe'
import { GENERATOR, rulesHash } from './reference-paths'

const loaders = import.meta.glob<ChartSpec>('./*.spec-rules.ts', { import: 'spec' })
// Each file's source too: its hash must be the one its chart's reference set was written for.
const sources = import.meta.glob<string>('./*.spec-rules.ts', { query: '?raw', import: 'default', eager: true })
// And the path generator's, in the order the hash reads them.
const generatorSources = import.meta.glob<string>(['./model.ts', './boundaries.ts'], { query: '?raw', import: 'default', eager: true })
const generator = GENERATOR.map((f) => generatorSources[`./${f}`])
// And the fixtures the rules import: their records are the answers in the paths (decision 125).
const fixtureSources = import.meta.glob<string>('./*-fixtures.ts', { query: '?raw', import: 'default', eager: true })
const fixture = (f: string) => fixtureSources[`./${f}`]
for (const [file, load] of Object.entries(loaders).sort(([a], [b]) => a.localeCompare(b))) {
  try {
    const spec = await load()
    describeSpec(spec.configs, spec.rules, spec.provide, { rules: rulesHash(sources[file], generator, fixture), rulesFile: file.slice(2) })
  } catch (e) {
    describe(file, () => it('loads its spec rules', () => { throw e }))
  }
}
