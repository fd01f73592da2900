// Every chart judged by its spec rules: each `tests/machines/<flow>.spec-rules.ts`
// exports `spec: ChartSpec` (see observe.ts); every generated path of that chart is replayed and
// every step checked. `npm run mutate` runs the same rules on mutants of each chart. Each file is
// loaded on its own, so a chart that does not load fails its own test, not the others'. A chart's
// committed reference set must have been written for its rules as they are (decision 79).
//
// The charts are judged in two test files, spec-rules.1.test.ts and spec-rules.2.test.ts, which
// vitest runs side by side on the two cores (one file was the unit project's longest, 28 s of its
// 43). `partOf` splits the rules files between them by the size of each chart's committed
// reference set (its generated paths, which is what the time goes on), the largest first into
// the lighter part; every file is in exactly one part (tests/unit/spec-rules-parts.test.ts).
import { statSync } from 'node:fs'
import { describe, it } from 'vitest'
import { describeSpec, type ChartSpec } from './observe'
import { GENERATOR, referenceFile, rulesHash } from './reference-paths'

const loaders = import.meta.glob<ChartSpec>('./*.spec-rules.ts', { import: 'spec' })
// Each file's source too: its hash must be the one its chart's reference set was written for.
const sources = import.meta.glob<string>('./*.spec-rules.ts', { query: '?raw', import: 'default', eager: true })
// And the path generator's, in the order the hash reads them.
const generatorSources = import.meta.glob<string>(['./model.ts', './boundaries.ts'], { query: '?raw', import: 'default', eager: true })
const generator = GENERATOR.map((f) => generatorSources[`./${f}`])

export const SPEC_RULES_PARTS = 2

/** `./coupon-check.spec-rules.ts` → the size of reference-paths/couponCheck.json (0 without one). */
function weight(file: string): number {
  const chart = file.slice(2, -'.spec-rules.ts'.length).replace(/-(\w)/g, (_, c: string) => c.toUpperCase())
  try {
    return statSync(referenceFile(chart)).size
  } catch {
    return 0
  }
}

/** The rules files of each part (sorted by name within it). */
export function partOf(files: string[], parts = SPEC_RULES_PARTS): string[][] {
  const out = Array.from({ length: parts }, () => ({ weight: 0, files: [] as string[] }))
  const byWeight = files.map((f) => ({ f, w: weight(f) })).sort((a, b) => b.w - a.w || a.f.localeCompare(b.f))
  for (const { f, w } of byWeight) {
    const lightest = out.reduce((a, b) => (b.weight < a.weight ? b : a))
    lightest.weight += w
    lightest.files.push(f)
  }
  return out.map((p) => p.files.sort((a, b) => a.localeCompare(b)))
}

export const specRulesFiles = () => Object.keys(loaders).sort((a, b) => a.localeCompare(b))

/** Declares the tests of one part (0-based) of the charts' spec rules. */
export async function judgeCharts(part: number) {
  for (const file of partOf(specRulesFiles())[part]) {
    try {
      const spec = await loaders[file]()
      describeSpec(spec.configs, spec.rules, spec.provide, { rules: rulesHash(sources[file], generator), rulesFile: file.slice(2) })
    } catch (e) {
      describe(file, () => it('loads its spec rules', () => { throw e }))
    }
  }
}
