// Every chart judged by its spec rules (issue 14 point 5): each `tests/machines/<flow>.spec-rules.ts`
// exports `spec: ChartSpec` (see observe.ts); every generated path of that chart is replayed and
// every step checked. `npm run mutate` runs the same rules on mutants of each chart.
import { describeSpec, type ChartSpec } from './observe'

const specs = import.meta.glob<ChartSpec>('./*.spec-rules.ts', { eager: true, import: 'spec' })
for (const [, spec] of Object.entries(specs).sort(([a], [b]) => a.localeCompare(b))) describeSpec(spec.configs, spec.rules, spec.provide)
