// Path generation past a config's traversal limit (model.ts `buildModel`): the graph is explored
// so far and no further, and the rules still judge the paths found. Before, xstate/graph threw
// "Traversal limit exceeded": the chart's suite could not load, and `npm run mutate` counted a
// mutant whose graph grew as caught "by error", whatever its rules said.
import { describe, expect, it } from 'vitest'
import { assign, setup, type AnyMachineSnapshot } from 'xstate'
import { runMutant } from '../../scripts/mutate'
import { generatePaths, type ModelConfig } from './model'
import { checkChart, type ChartSpec, type SpecRules } from './observe'

// A basket of at most three items: `add` takes one more while under the cap.
const basket = setup({
  types: { context: {} as { items: number } },
  guards: { underCap: ({ context }) => context.items < 3 },
}).createMachine({
  id: 'basket',
  context: { items: 0 },
  initial: 'open',
  states: {
    open: {
      on: {
        add: { guard: 'underCap', actions: assign({ items: ({ context }) => context.items + 1 }) },
        empty: { actions: assign({ items: 0 }) },
      },
    },
  },
})
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.items])
const config = (limit: number, machine = basket): ModelConfig => ({ machine, events: { add: [], empty: [] }, serialize, limit })
// The spec: never more than three items.
const rules: SpecRules = { invariant: (o) => (o.context.items > 3 ? [`${o.context.items} items, the cap is 3`] : []) }

describe('path generation at its traversal limit', () => {
  it('explores the whole graph within the limit', () => {
    const { truncated, paths } = generatePaths(config(100), { everyState: true })
    expect(truncated).toBe(false)
    expect([...new Set(paths.map((p) => p.state.context.items))].sort()).toEqual([0, 1, 2, 3])
  })

  it('past the limit, keeps the paths to the states it explored instead of throwing', () => {
    // Two events: a limit of 4 explores two states (0 and 1 items) and reaches a third.
    const { truncated, paths } = generatePaths(config(4), { everyState: true })
    expect(truncated).toBe(true)
    expect(Math.max(...paths.map((p) => p.state.context.items))).toBe(2)
  })

  it('the rules judge a chart whose graph grows past the limit', async () => {
    const uncapped = basket.provide({ guards: { underCap: () => true } })
    const cut: string[] = []
    const found = await checkChart(config(12, uncapped), rules, undefined, { onTruncated: (c) => cut.push(c.machine.id) })
    expect(cut).toEqual(['basket'])
    expect(found[0]).toMatch(/4 items, the cap is 3/)
  })

  it('a mutant whose graph grows is caught by a rule, not by the limit', async () => {
    const spec: ChartSpec = { configs: [config(12)], rules }
    const negated = await runMutant(spec, {
      kind: 'guard',
      where: 'open add: the cap dropped',
      apply: (c) => { c.states.open.on.add.guard = () => true },
    })
    expect(negated.byError).toBeUndefined()
    expect(negated.truncated).toBe(true)
    expect(negated.caught, negated.violation).toBe(true)
  })
})
