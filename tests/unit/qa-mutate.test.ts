// `npm run mutate` must itself catch a wrong chart: the rating chart with
// modal.cancel sent on to the post, a successful rating sent to the error page, or the comment
// left out of the form, is turned red by the rating spec rules; the chart as written is not.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import { checkChart, specPaths, type ChartSpec } from '../machines/observe'
import { spec } from '../machines/rating.spec-rules'
import { buildMutant, eventlessCycle, mutants, runMutant, type Mutant } from '../../scripts/mutate'

const all = mutants(spec.configs[0].machine)
const find = (re: RegExp) => {
  const m = all.find((x) => re.test(`${x.kind} ${x.where}`))
  if (!m) throw new Error(`no mutant ${re}: ${all.map((x) => x.where).join('\n')}`)
  return m
}

describe('mutate: the rating chart', () => {
  const reference = specPaths(spec.configs)
  it('passes its spec rules as written', async () => {
    expect(await checkChart(spec.configs, spec.rules)).toEqual([])
  })
  it('catches modal.cancel retargeted', async () => {
    const r = await runMutant(spec, find(/^target .*modal\.cancel: → /), reference)
    expect(r.caught, r.violation).toBe(true)
    expect(r.byError).toBeUndefined()
  })
  it('catches a goTo removed, the comment dropped, the send guard negated', async () => {
    for (const re of [/^action .*postRating done #1: without goToTipPayment/, /^action .*comment\.change: without/, /^guard .*form\.submit: not\(canSubmit\)/]) {
      const r = await runMutant(spec, find(re), reference)
      expect(r.caught, `${re}`).toBe(true)
    }
  })
  it('catches a successful rating sent to the error page', async () => {
    const toError: Mutant = {
      kind: 'action',
      where: 'postRating done without a tip: goToError',
      apply: (c) => { c.states.sending.invoke.onDone[1].actions = [{ type: 'goToError', params: { code: '500' } }] },
    }
    const r = await runMutant(spec, toError, reference)
    expect(r.caught).toBe(true)
    expect(r.violation).toMatch(/rating-complete/)
  })
  it('builds mutants from the chart config with the same implementations', () => {
    const m = buildMutant(spec.configs[0].machine, find(/^guard .*form\.submit: not\(canSubmit\)/))
    expect(m.id).toBe('rating')
    expect(all.length).toBeGreaterThan(40)
  })
})

describe('mutate: mutants that cannot be judged', () => {
  // b decides at once between c and d; c goes on to d at once.
  const machine = setup({ guards: { toC: () => true } }).createMachine({
    id: 'tiny',
    initial: 'a',
    states: {
      a: { on: { go: 'b', open: 'p.x' } },
      b: { always: [{ guard: 'toC', target: 'c' }, { target: 'd' }] },
      c: { always: 'd' },
      d: {},
      p: { initial: 'x', states: { x: {}, y: {} } },
    },
  })
  const tiny: ChartSpec = { configs: [{ machine, events: { go: [{}], open: [{}] } }], rules: {} }
  const all = mutants(machine, { allTargets: true })
  it('leaves out a retarget that closes a cycle of eventless transitions (it would never settle)', async () => {
    expect(eventlessCycle(machine)).toBeNull()
    const loop = all.find((m) => m.where === 'c always: → b (was d)')!
    const r = await runMutant(tiny, loop, [])
    expect(r.loops).toBe('b → c → b')
    expect(r.caught).toBe(false)
  })
  it('calls a retarget to the parent that enters the same state initially equivalent', () => {
    expect(all.find((m) => m.where === 'a open: → p (was p.x)')?.equivalent).toMatch(/entering p enters p\.x/)
    expect(all.find((m) => m.where === 'a go: → p (was b)')?.equivalent).toBeUndefined()
  })
})

// The command as docs/qa.md tells QA to run it (README: every command is run by a test).
describe('npm run mutate', () => {
  it('prints the table of one chart with its caught share', async () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'mutate', '--', 'purchase-list', '--quiet'], { cwd: root, timeout: 120_000 })
    expect(stdout).toMatch(/\| chart +\| mutants +\| caught +\| % /)
    const row = /\| purchaseList +\| (\d+) +\| (\d+) +\| ([\d.]+)%/.exec(stdout)
    expect(row, stdout).not.toBeNull()
    expect(Number(row![2])).toBe(Number(row![1]))
    expect(stdout).toMatch(/\| total /)
  }, 120_000)

  it('mutates the child charts too, each with its own row', async () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'mutate', '--', 'couponCheck', 'cardPayment', '--quiet'], { cwd: root, timeout: 120_000 })
    for (const chart of ['couponCheck', 'cardPayment']) {
      const row = new RegExp(`\\| ${chart} +\\| (\\d+) +\\| (\\d+) +\\|`).exec(stdout)
      expect(row, stdout).not.toBeNull()
      expect(Number(row![1])).toBeGreaterThan(10)
      expect(Number(row![2]), `${chart}: every mutant caught`).toBe(Number(row![1]))
    }
  }, 120_000)
})
