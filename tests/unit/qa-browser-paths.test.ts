import { describe, expect, it } from 'vitest'
import { browserFlows, candidateTransitions, generatedPaths } from '../e2e/qa/browser-models'

// The generated browser paths (tests/e2e/generated-paths.spec.ts) are a sample of what each
// browser model generates: a path is left out only when the kept ones take every transition it
// takes. So the browser still takes every transition the whole set took.
describe('generated browser paths', () => {
  for (const flow of browserFlows()) {
    it(`${flow}: the kept paths take every transition the generated ones do`, () => {
      const kept = generatedPaths(flow)
      const taken = [...new Set(kept.flatMap((p) => p.transitions))].sort()
      expect(taken).toEqual(candidateTransitions(flow))
      // None kept that adds nothing: each takes a transition no other kept path takes.
      for (const p of kept) {
        const others = new Set(kept.filter((o) => o !== p).flatMap((o) => o.transitions))
        expect(p.transitions.some((t) => !others.has(t)), p.file.description).toBe(true)
      }
    })
  }
})
