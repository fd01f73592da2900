import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate'
import type { TestPath } from 'xstate/graph'
import { boundaryCases, coverageReport, generatePaths, takesCase, traversalLimit, type ModelConfig, type Provide } from './model'
import { readReferenceSet, referencePaths, sameAsReference } from './reference-paths'

/*
 * Spec rules: tests that catch a WRONG chart.
 *
 * Replaying a chart's generated paths (model.ts) on the same chart only tells that the chart agrees
 * with itself (no test does only that any more). Here every generated path is replayed and
 * what the member would SEE and what the app would DO is recorded at every step, as an
 * Observation; rules written from docs/product.md (not from the chart) then judge each step.
 *
 * An Observation, after one step of a path:
 *   event   the event of the step: a member event (`{ type: 'modal.cancel' }`), an actor's result
 *           (`xstate.done.actor.<invoke id>` / `xstate.error.actor.<invoke id>`, see `reply`), a
 *           delay (`xstate.after.<ms>.<state>`), or `{ type: 'xstate.init' }` for the start.
 *   reply   for an actor's result: `{ call: <actor src>, ok, output? , error? }` — read this, not the
 *           event type, to know which call answered and how ("postRating failed with 400").
 *   state   the state value as a dotted string (for messages only: state names change, so rules
 *           must not test them).
 *   sent    the actors STARTED in this step, `{ call: <actor src as named in setup>, input }` —
 *           i.e. the calls the app makes (a post, a load, a subscription) with their input.
 *   did     the EDGE actions run in this step, `{ action, params }`: every action named in the
 *           machine's setup that is not an assign (goTo*, notify*, track*, …), with the params it
 *           received (`{ action: 'goToError', params: { code: 'rating' } }`). Where the member goes
 *           is a goTo* here, or a final `output`.
 *   tags    the snapshot's tags (what is on screen, when the chart tags its states).
 *   can     the member events the chart accepts now (`snapshot.can` of any payload case given in
 *           the config's `events`): the buttons and fields that work on screen at this point.
 *   context the context after the step (for rules that read entered data; prefer events).
 *   done    the chart reached a final state; `output` is then its final output.
 *
 * A flow owner writes `tests/machines/<flow>.spec-rules.ts` exporting
 *   `export const spec: ChartSpec = { configs, rules, provide? }`
 * (configs: the same ModelConfig as the model test — events with payload cases, actor outcomes,
 * serialize; rules: SpecRules below). tests/machines/spec-rules.test.ts runs every such file with
 * describeSpec, and `npm run mutate` (scripts/mutate.ts) runs them with checkChart on each mutant
 * of the chart. Write rules only against EVENT types, actor src names, goTo… and notify… action
 * names and params, tags and final outputs — never state names — so they survive a refactor.
 *
 *   afterStep({ event, before, after, trail })  violations of this one step (`before` is null for
 *                                               the start; `trail` is every observation so far,
 *                                               `after` included: read entered data from it)
 *   invariant(o)                                 violations of any single observation
 *   atEnd(trail)                                 violations of the whole path
 * Each returns a list of messages (empty when fine). Helpers below: calls(), actions(), lastEvent().
 */

type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

export type Sent = { call: string; input: unknown }
export type Did = { action: string; params: unknown }
export type Reply = { call: string; ok: boolean; output?: unknown; error?: unknown }
export type Observation = {
  event: EventObject & Record<string, Any>
  reply?: Reply
  state: string
  sent: Sent[]
  did: Did[]
  tags: string[]
  /** Member events the chart accepts now (any payload case of `events` enabled): what can be done on screen. */
  can: string[]
  context: Any
  output?: unknown
  done: boolean
}
export type StepView = { event: Observation['event']; before: Observation | null; after: Observation; trail: Observation[] }
export type SpecRules = {
  afterStep?(s: StepView): string[]
  invariant?(o: Observation): string[]
  atEnd?(trail: Observation[]): string[]
}
export type ChartSpec = { configs: ModelConfig[]; rules: SpecRules; provide?: Provide }
export type ModelConfigs = ModelConfig[]

type Node = Any
const allNodes = (n: Node): Node[] => [n, ...Object.values(n.states).flatMap((c) => allNodes(c))]
const invokes = (machine: AnyStateMachine): Array<{ id: string; src: string }> =>
  allNodes(machine.root).flatMap((n) => (n.invoke ?? []).map((i: Any) => ({ id: i.id, src: typeof i.src === 'string' ? i.src : i.id })))

export const stateString = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => (typeof v === 'string' || (v && Object.keys(v).length) ? `${k}.${stateString(v)}` : k))
        .join(',')

/** Names of the machine's own (non-builtin) actions: goTo*, notify*, track*… (assigns excluded). */
export function edgeActionNames(machine: AnyStateMachine): string[] {
  const actions = ((machine as Any).implementations?.actions ?? {}) as Record<string, Any>
  return Object.entries(actions)
    .filter(([, fn]) => !(typeof fn?.type === 'string' && fn.type.startsWith('xstate.')))
    .map(([name]) => name)
}

/**
 * Replays one generated path on a live actor and returns an Observation per step (the start
 * first). Actors of the chart are deferred fakes (resolved/rejected as the path says); delays run
 * on xstate's SimulatedClock, so this needs no vitest (scripts/mutate.ts calls it in a plain node).
 */
export async function observePath(config: ModelConfig, path: TestPath<Any, Any>, provide: Provide = {}, opts: { lenient?: boolean } = {}): Promise<Observation[]> {
  const machine0 = config.machine
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
  const handled = new Set(allNodes(machine0.root).flatMap((n) => [...n.transitions.keys()]))
  const srcOf = new Map(invokes(machine0).map((i) => [i.id, i.src]))
  const actors: Record<string, Any> = {}
  for (const { id, src } of invokes(machine0)) {
    const awaited = handled.has(`xstate.done.actor.${id}`) || handled.has(`xstate.error.actor.${id}`)
    actors[src] ??= awaited
      ? fromPromise(({ self }: Any) => new Promise((resolve, reject) => { pending.set(self.id, { resolve, reject }) }))
      : fromCallback(() => () => {})
  }
  let did: Did[] = []
  let sent: Sent[] = []
  const wrapped: Record<string, Any> = {}
  const own = ((machine0 as Any).implementations?.actions ?? {}) as Record<string, Any>
  for (const name of edgeActionNames(machine0)) {
    const impl = provide.actions?.[name] ?? own[name]
    wrapped[name] = (args: Any, params: Any) => {
      did.push({ action: name, params })
      return typeof impl === 'function' ? impl(args, params) : undefined
    }
  }
  const machine = machine0.provide({ ...provide, actions: { ...provide.actions, ...wrapped }, actors: { ...actors, ...provide.actors } } as Any)
  const clock = new SimulatedClock()
  const actor = createActor(machine, {
    input: config.input,
    clock,
    inspect: (ev: Any) => {
      if (ev.type !== '@xstate.actor' || !ev.actorRef?._parent) return
      const src = ev.actorRef.src
      sent.push({ call: typeof src === 'string' ? src : (srcOf.get(ev.actorRef.id) ?? ev.actorRef.id), input: ev.actorRef.options?.input })
    },
  } as Any)
  const settle = async () => { for (let i = 0; i < 10; i++) await Promise.resolve() }
  const trail: Observation[] = []
  const observe = (event: Observation['event'], reply?: Reply) => {
    const s = actor.getSnapshot() as AnyMachineSnapshot
    const o: Observation = {
      event,
      ...(reply ? { reply } : {}),
      state: stateString(s.value),
      sent,
      did,
      tags: [...s.tags].sort(),
      can: s.status === 'active' ? Object.entries(config.events).filter(([type, cases]) => (cases.length ? cases : [{}]).some((c) => s.can({ type, ...c } as Any))).map(([type]) => type) : [],
      context: s.context,
      done: s.status === 'done',
      ...(s.status === 'done' ? { output: s.output } : {}),
    }
    sent = []
    did = []
    trail.push(o)
    return o
  }
  // An action or input that throws stops the actor with an error: reported here, not unhandled.
  let crashed: unknown = null
  actor.subscribe({ error: (e) => { crashed = e } })
  const check = () => { if (crashed) throw new Error(`the chart crashed: ${(crashed as Error).message ?? crashed}`) }
  try {
    actor.start()
    await settle()
    check()
    observe({ type: 'xstate.init' })
    for (const step of path.steps) {
      const e = step.event as Any
      if (e.type === 'xstate.init') continue
      const done = /^xstate\.done\.actor\.(.+)$/.exec(e.type)
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(e.type)
      const after = /^xstate\.after\.(\d+)\./.exec(e.type)
      let reply: Reply | undefined
      if (done || failed) {
        const id = (done ?? failed)![1]
        const d = pending.get(id)
        // Lenient (a path of another version of the chart): the call was never made, the path ends.
        if (!d && opts.lenient) break
        if (!d) throw new Error(`step ${e.type}: actor ${id} is not running`)
        pending.delete(id)
        reply = done ? { call: srcOf.get(id) ?? id, ok: true, output: e.output } : { call: srcOf.get(id) ?? id, ok: false, error: e.error }
        if (done) d.resolve(e.output)
        else d.reject(e.error)
      } else if (after) {
        clock.increment(Number(after[1]))
      } else {
        actor.send(e)
      }
      await settle()
      check()
      const o = observe(e, reply)
      const expected = stateString((step.state as Any).value)
      if (o.state !== expected && !opts.lenient) throw new Error(`step ${e.type}: the live chart is in ${o.state}, the path expected ${expected}`)
    }
    return trail
  } finally {
    actor.stop()
  }
}

/** The step's label in messages: member events by type, actor results as `postRating ok|failed 400`. */
export function eventLabel(o: Observation): string {
  if (o.reply) {
    const status = (o.reply.error as Any)?.status
    return `${o.reply.call} ${o.reply.ok ? 'ok' : `failed${status ? ` ${status}` : ''}`}`
  }
  const { type, ...rest } = o.event
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type
}

/** Every violation of one observed path, each naming the step, its event and the state. */
export function judge(trail: Observation[], rules: SpecRules): string[] {
  const out: string[] = []
  trail.forEach((after, i) => {
    const before = i > 0 ? trail[i - 1] : null
    const view: StepView = { event: after.event, before, after, trail: trail.slice(0, i + 1) }
    const found = [...(rules.invariant?.(after) ?? []), ...(rules.afterStep?.(view) ?? [])]
    for (const v of found) out.push(`step ${i} (${eventLabel(after)} → ${after.state}): ${v}`)
  })
  for (const v of rules.atEnd?.(trail) ?? []) out.push(`at end (${trail[trail.length - 1]?.state}): ${v}`)
  return out
}

/** Label of a path: its events in order. */
export const pathLabel = (trail: Observation[]) => trail.slice(1).map(eventLabel).join(' → ') || 'start'

type Entry = { config: ModelConfig; paths: TestPath<Any, Any>[]; coverage: ReturnType<typeof generatePaths>['coverage']; truncated: boolean }
const entriesOf = (configs: ModelConfig | ModelConfig[]): Entry[] =>
  (Array.isArray(configs) ? configs : [configs]).map((config) => ({ config, ...generatePaths(config, { everyState: true }) }))

/** The paths of each entry of a chart (one list per config), as checkChart walks them. */
export const specPaths = (configs: ModelConfig[]) => configs.map((config) => generatePaths(config, { everyState: true }).paths)

/**
 * Every generated path of the chart, every step judged by the rules, outside vitest. Returns the
 * violations (each naming its entry, path, step and event); `firstOnly` stops at the first one.
 * `reference`: paths of another version of the chart (the original, when `configs` hold a
 * mutant; one list per config) walked too, leniently: the member does the same things, and the
 * rules judge what this chart does with them.
 */
export async function checkChart(
  configs: ModelConfig | ModelConfig[],
  rules: SpecRules,
  provide?: Provide,
  opts: { firstOnly?: boolean; reference?: TestPath<Any, Any>[][]; onTruncated?: (config: ModelConfig) => void } = {},
): Promise<string[]> {
  const out: string[] = []
  const list = Array.isArray(configs) ? configs : [configs]
  const label = (config: ModelConfig) => (list.length > 1 ? `input ${JSON.stringify(config.input)}, ` : '')
  const walk = async (config: ModelConfig, paths: TestPath<Any, Any>[], lenient: boolean) => {
    for (const path of paths) {
      const trail = await observePath(config, path, provide, { lenient })
      for (const v of judge(trail, rules)) {
        out.push(`${label(config)}path ${pathLabel(trail)}: ${v}`)
        if (opts.firstOnly) return true
      }
    }
    return false
  }
  // The reference paths first: they are already generated, so a mutant caught there costs no graph.
  for (const [n, config] of list.entries()) if (await walk(config, opts.reference?.[n] ?? [], true)) return out
  // A graph past its traversal limit (model.ts `buildModel`) still gives the paths to the states
  // it explored: they are judged like any other, and the caller is told.
  for (const config of list) {
    const { paths, truncated } = generatePaths(config, { everyState: true })
    if (truncated) opts.onTruncated?.(config)
    if (await walk(config, paths, false)) return out
  }
  return out
}

/** The vitest suite of a chart's spec rules: one test per generated path, every step judged. */
export function describeSpec(configs: ModelConfig | ModelConfig[], rules: SpecRules, provide?: Provide, source?: { rules: string; rulesFile: string }) {
  const entries = entriesOf(configs)
  const many = entries.length > 1
  const chart = entries[0].config.machine.id
  const reference = readReferenceSet(chart)
  const committed = reference ? referencePaths(reference) : []
  describe(`${chart} chart against its spec rules`, () => {
    // Always: a chart with spec rules and no reviewed set would be judged on its own paths only.
    if (!reference) {
      it('has a committed reference path set', () => {
        throw new Error(`no tests/machines/reference-paths/${chart}.json: run \`npm run paths:reference\` on the reviewed chart and commit it`)
      })
    }
    // The set serves these rules: written for other rules (or none recorded), it was not reviewed
    // with them (reference-paths.ts `rulesHash`).
    if (reference && source && reference.rules !== source.rules) {
      it('has a reference path set written for its rules as they are', () => {
        throw new Error(
          `tests/machines/reference-paths/${chart}.json was written for rules ${reference.rules ?? '(none recorded)'}, tests/machines/${source.rulesFile} is now ${source.rules}: ` +
            'review the generated paths against the changed rules and run `npm run paths:reference` with the rules change',
        )
      })
    }
    entries.forEach(({ config, paths }, i) => {
      // An entry is named by its input, or by its number when the input is long (a stored attempt).
      const input = JSON.stringify(config.input) as string | undefined
      const entry = many ? `${input !== undefined && input.length <= 80 ? input : `entry ${i + 1}`}: ` : ''
      paths.forEach((path, n) => {
        it(`${entry}path ${n + 1} to ${stateString(path.state.value)}`, async () => {
          const trail = await observePath(config, path, provide)
          // One line per violation, so a red test reads as the spec sentence it breaks.
          expect(judge(trail, rules).join('\n'), `path ${pathLabel(trail)}`).toBe('')
        })
      })
      // The chart generates other paths than the reviewed one did (it changed, rightly or not): the
      // reviewed paths are walked too, leniently (a path ends where this chart no longer makes the
      // call it answers), and the rules judge what this chart does with them.
      if (reference && !sameAsReference(reference, i, paths)) {
        it(`${entry}the ${committed[i]?.length ?? 0} reference paths of the reviewed chart (tests/machines/reference-paths/${chart}.json)`, async () => {
          const found: string[] = []
          for (const path of committed[i] ?? []) {
            const trail = await observePath(config, path, provide, { lenient: true })
            for (const v of judge(trail, rules)) found.push(`path ${pathLabel(trail)}: ${v}`)
          }
          expect(found.slice(0, 5).join('\n')).toBe('')
        })
      }
    })
    // Past its traversal limit a graph is explored only so far (model.ts `buildModel`): the paths
    // found are judged above, and this says the rest of the chart was not.
    it('explores its whole graph within each entry\'s traversal limit', () => {
      const cut = entries.flatMap(({ config, truncated }, i) => (truncated ? [`entry ${i + 1} (limit ${traversalLimit(config)})`] : []))
      expect(cut, 'entries whose graph was cut at the traversal limit: raise the entry\'s `limit` or narrow its `serialize`').toEqual([])
    })
    // The rules judge every transition of the chart: a transition no path takes is one the rules
    // never saw (the configs' events or outcomes miss a case), whatever it does.
    it(`takes every transition of the chart${many ? ` over its ${entries.length} entries` : ''}`, () => {
      const union = { states: new Set<string>(), transitions: new Set<Any>() }
      for (const { coverage } of entries) {
        coverage.states.forEach((x) => union.states.add(x))
        coverage.transitions.forEach((t) => union.transitions.add(t))
      }
      const exclusions = Object.assign({}, ...entries.map((e) => e.config.exclusions ?? {}))
      const report = coverageReport({ ...entries[0].config, exclusions }, union)
      expect(report.uncovered, 'transitions no generated path takes: the rules judged nothing there').toEqual([])
    })
    // Every boundary value of the configs (boundaries.ts) is taken by some path of some entry (an
    // entry that never opens the form takes none), so the rules judge the chart there: a value no
    // path reaches would pass whatever the chart does with it.
    const bounds = entries.map(({ config, paths }) => ({ paths, cases: boundaryCases(config) }))
    const labels = [...new Set(bounds.flatMap((b) => b.cases.map((c) => c.label)))]
    if (labels.length) {
      it(`takes each of its ${labels.length} boundary values on some path`, () => {
        const taken = new Set(bounds.flatMap(({ paths, cases }) => cases.filter((c) => paths.some((p) => takesCase(p, c))).map((c) => c.label)))
        expect(labels.filter((l) => !taken.has(l)), 'boundary values no generated path takes: the rules judged nothing there').toEqual([])
      })
    }
  })
}

// ---- helpers for rule writers -------------------------------------------------------------

/** Calls started in this observation (optionally of one actor). */
export const calls = (o: Observation, call?: string) => o.sent.filter((s) => call === undefined || s.call === call)
/** Edge actions run in this observation whose name matches (a string prefix or a RegExp). */
export const actions = (o: Observation, name?: string | RegExp) =>
  o.did.filter((d) => name === undefined || (typeof name === 'string' ? d.action === name || d.action.startsWith(name) : name.test(d.action)))
export const httpStatus = (error: unknown): number => {
  const s = (error as { status?: unknown } | null)?.status
  return typeof s === 'number' ? s : 500
}
export const isClient = (s: number) => s >= 400 && s < 500
/** Where the member is sent in this step: every goTo… action (goHome too). */
export const destinations = (o: Observation) => actions(o, /^go(To|Home)/)
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const show = (x: unknown) => JSON.stringify(x) ?? 'undefined'
/** `[message]` unless this step sent exactly these calls (`[]`: nothing). */
export const expectSent = (o: Observation, expected: Sent[], what: string) =>
  same(o.sent, expected) ? [] : [`${what}: expected calls ${show(expected)}, sent ${show(o.sent)}`]
/** `[message]` unless this step's goTo… actions are exactly these (`[]`: the member stays). */
export const expectGoes = (o: Observation, expected: Did[], what: string) =>
  same(destinations(o), expected) ? [] : [`${what}: expected ${expected.length ? show(expected) : 'to stay'}, did ${show(destinations(o))}`]
/** `[message]` unless the member can do exactly what the spec allows here (among `types`). */
export const expectCan = (o: Observation, allowed: string[], types: string[], what: string) => {
  const can = types.filter((t) => o.can.includes(t))
  const want = types.filter((t) => allowed.includes(t))
  return same(can, want) ? [] : [`${what}: the member should be able to ${want.join(', ') || 'do nothing'}, can ${can.join(', ') || 'nothing'}`]
}
/**
 * The invariant of every page chart: sending the member away (goTo…) ends the chart, at most one
 * destination at a time, and no call starts as the member leaves. `staysAtEnd`: the chart may also
 * end on its page (the member reads a result there); `within`: goTo… actions of the flow's own
 * next page (password reset's code page), which do not end it.
 */
export function leavingEnds(o: Observation, opts: { staysAtEnd?: boolean; within?: string[] } = {}): string[] {
  const v: string[] = []
  // `within`: goTo… actions that move to the flow's next page while the same chart goes on.
  const goes = destinations(o).filter((d) => !opts.within?.includes(d.action))
  if (goes.length > 1) v.push(`goes to ${goes.length} places at once: ${show(goes)}`)
  if (goes.length && !o.done) v.push(`${goes[0].action} ran but the chart goes on`)
  if (goes.length && o.sent.length) v.push(`calls started while leaving: ${show(o.sent)}`)
  if (o.done && !goes.length && !opts.staysAtEnd) v.push('the chart ended without sending the member anywhere')
  return v
}
/** The HTTP status of a failed reply, as the error page's code (product.md §8: /error?code={status}). */
export const statusCode = (o: Observation) => String(httpStatus(o.reply?.error))
