import { readdirSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { partOf, SPEC_RULES_PARTS, specRulesFiles } from '../machines/spec-rules-suite'

// The charts' spec rules run in SPEC_RULES_PARTS test files (tests/machines/spec-rules.<n>.test.ts):
// every rules file is judged in exactly one of them.
it('every spec-rules file is judged in exactly one part', () => {
  const dir = path.resolve(import.meta.dirname, '../machines')
  const onDisk = readdirSync(dir).filter((f) => f.endsWith('.spec-rules.ts')).map((f) => `./${f}`).sort()
  expect(specRulesFiles()).toEqual(onDisk)
  const parts = partOf(specRulesFiles())
  expect(parts.flat().sort()).toEqual(onDisk)
  expect(parts.every((p) => p.length > 0)).toBe(true)
  const testFiles = readdirSync(dir).filter((f) => /^spec-rules\.\d+\.test\.ts$/.test(f)).sort()
  expect(testFiles).toEqual(Array.from({ length: SPEC_RULES_PARTS }, (_, i) => `spec-rules.${i + 1}.test.ts`))
})
