import type { AnyStateMachine, EventObject, AnyMachineSnapshot } from 'xstate'
import { TestModel, type TestPath } from 'xstate/graph'
import { companionsOf, isBoundary } from './boundaries'

// Path generation for every chart. One config per machine names the data each event can carry
// and the outcomes each invoked actor can have; from it we build a test model with xstate/graph and
// take the shortest path to every state, plus one path for each transition the shortest paths do
// not take (so every transition is walked), plus the paths of each boundary value (boundaries.ts).
// The spec rules (observe.ts) replay them on a live actor and judge every step; the browser models
// (tests/e2e/qa/browser-models.ts) drive them in Chromium. Replaying a chart's own paths on the
// same chart and checking it reaches the states it generated proves nothing about the chart (it
// cannot disagree with itself), so no test does only that (decision 78). xstate's createTestModel
// refuses charts that invoke actors; the TestModel class it wraps does not, and network outcomes
// here are the actors' done/error events, so every branch is reachable.

type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

export type ModelConfig = {
  machine: AnyStateMachine
  input?: unknown
  /** Every event type the chart accepts from outside, with the payload cases to try ({} if none). */
  events: Record<string, Array<Record<string, unknown>>>
  /** For each actor (by its name in setup): outputs it may resolve with, errors it may reject with. */
  outcomes?: Record<string, { done?: unknown[]; error?: unknown[] }>
  /** Identity of a state for the graph: value plus the context that changes what can happen next. */
  serialize?: (snapshot: AnyMachineSnapshot) => string
  /** Transitions that no path can take, `'<source state id> <event>'` → reason. */
  exclusions?: Record<string, string>
  limit?: number
}

type Node = Any
const allNodes = (n: Node): Node[] => [n, ...Object.values(n.states).flatMap((c) => allNodes(c))]

function invokes(machine: AnyStateMachine): Array<{ id: string; src: string }> {
  return allNodes(machine.root).flatMap((n) => (n.invoke ?? []).map((i: Any) => ({ id: i.id, src: typeof i.src === 'string' ? i.src : i.id })))
}

function delays(machine: AnyStateMachine): EventObject[] {
  return allNodes(machine.root).flatMap((n) => [...n.transitions.keys()].filter((k: string) => k.startsWith('xstate.after.')).map((type: string) => ({ type })))
}

function candidateEvents(config: ModelConfig): EventObject[] {
  const events: EventObject[] = []
  for (const [type, cases] of Object.entries(config.events)) for (const c of cases.length ? cases : [{}]) events.push({ type, ...c })
  for (const inv of invokes(config.machine)) {
    const o = config.outcomes?.[inv.src]
    for (const output of o?.done ?? [undefined]) events.push({ type: `xstate.done.actor.${inv.id}`, output } as EventObject)
    for (const error of o?.error ?? [new Error(`${inv.src} failed`)]) events.push({ type: `xstate.error.actor.${inv.id}`, error } as EventObject)
  }
  return [...events, ...delays(config.machine)]
}

const defaultSerialize = (s: AnyMachineSnapshot) => JSON.stringify(s.value)

/** The traversal limit of a config: about the states explored times the events tried in each. */
export const traversalLimit = (config: ModelConfig) => config.limit ?? 5000

/**
 * The chart's test model. Its graph is explored breadth first, and past the config's traversal
 * limit no further state is explored: the states found so far (the nearest to the start) keep
 * their transitions, the others are ends. xstate/graph's own limit would throw instead, and
 * nothing would be judged: a mutant whose graph grew (an assign dropped, a counter never reset)
 * was then "caught" by the error alone. The budget is spent once, on the first traversal; the
 * model's later traversals (shortest paths, adjacency, simple paths) explore the same states in
 * the same order, so every one sees the same graph. `truncated()` says whether the limit was hit.
 */
export function buildModel(config: ModelConfig) {
  const events = candidateEvents(config)
  const serialize = config.serialize ?? defaultSerialize
  const explored = new Set<string>()
  const budget = Math.max(1, Math.floor(traversalLimit(config) / Math.max(1, events.length)))
  let truncated = false
  const eventsOf = (s: AnyMachineSnapshot) => {
    const key = serialize(s)
    if (explored.has(key)) return events
    if (explored.size >= budget) {
      truncated = true
      return []
    }
    explored.add(key)
    return events
  }
  const model = new TestModel(config.machine as Any, {
    events: eventsOf,
    serializeState: (s: Any) => serialize(s),
    serializeEvent: (e: Any) => JSON.stringify(e, (_k, v) => (v instanceof Error ? `${v.name}:${v.message}:${(v as Any).status ?? ''}` : v)),
    input: config.input,
  } as Any)
  return { model, events, serialize, truncated: () => truncated }
}

const transitionKey = (t: Any) => `${t.source.id} ${t.eventType || 'always'}${t.guard ? ` [${typeof t.guard === 'string' ? t.guard : t.guard.type ?? 'guard'}]` : ''} → ${(t.target ?? []).map((n: Node) => n.id).join(',') || '(stays)'}`

export function allTransitions(machine: AnyStateMachine): Any[] {
  return allNodes(machine.root).flatMap((n) => [...[...n.transitions.values()].flat(), ...(n.always ?? [])])
}

type Coverage = { states: Set<string>; transitions: Set<Any> }

function walk(config: ModelConfig, path: TestPath<Any, Any>, cov: Coverage) {
  const machine = config.machine
  path.steps.forEach((step, i) => {
    const prev = i > 0 ? path.steps[i - 1].state : null
    if (prev && step.event.type !== 'xstate.init') {
      for (const t of (machine as Any).getTransitionData(prev, step.event) ?? []) cov.transitions.add(t)
    }
    for (const n of (step.state as Any)._nodes) cov.states.add(n.id)
    // Eventless transitions: taken when their source was entered and their targets are now active.
    for (const n of (step.state as Any)._nodes) {
      for (const t of allNodes(n).flatMap((x: Node) => x.always ?? [])) {
        if ((t.target ?? []).every((tn: Node) => (step.state as Any)._nodes.includes(tn))) cov.transitions.add(t)
      }
    }
  })
}

/**
 * Shortest paths to every state, plus a path for each transition they leave untaken. The model
 * tests keep only the shortest paths that add coverage; `everyState` keeps one per serialized
 * state (the spec rules of observe.ts use it: a state's identity there includes the data entered).
 */
export function generatePaths(config: ModelConfig, opts: { everyState?: boolean } = {}): { paths: TestPath<Any, Any>[]; coverage: Coverage; simplePaths: boolean; truncated: boolean } {
  // The boundary values (boundaries.ts) are left out of the whole graph, whose size is the product
  // of every case: each is walked in a graph of its own below.
  const { model, truncated } = buildModel(withoutBoundaries(config))
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true } as Any)
  const serialize = config.serialize ?? defaultSerialize
  const cov: Coverage = { states: new Set(), transitions: new Set() }
  const paths: TestPath<Any, Any>[] = []
  const keep = (p: TestPath<Any, Any>) => {
    const before = cov.transitions.size + cov.states.size
    walk(config, p, cov)
    if (cov.transitions.size + cov.states.size > before || opts.everyState) paths.push(p)
  }
  // Longest first: long paths cover the short ones' states and transitions.
  for (const p of [...shortest].sort((a, b) => b.steps.length - a.steps.length)) keep(p)
  // Every untaken transition: its source state's shortest path plus that one step, read from the
  // model's own adjacency map (its input, its serialization). The start state's prefix is the
  // init step that begins every path (getShortestPaths leaves the empty path out).
  const prefixes = new Map<string, TestPath<Any, Any>['steps']>()
  if (shortest[0]) prefixes.set(serialize(shortest[0].steps[0].state as AnyMachineSnapshot), [shortest[0].steps[0]])
  for (const p of shortest) prefixes.set(serialize(p.state as AnyMachineSnapshot), p.steps)
  const adjacency = model.getAdjacencyMap() as Any
  for (const [stateKey, { state, transitions }] of Object.entries(adjacency) as Any) {
    const prefix = prefixes.get(stateKey)
    if (!prefix) continue
    for (const { event, state: next } of Object.values(transitions) as Any) {
      const fired = (config.machine as Any).getTransitionData(state, event) ?? []
      if (!fired.some((t: Any) => !cov.transitions.has(t))) continue
      keep({ state: next, steps: [...prefix, { state: next, event }], weight: prefix.length + 1 } as Any)
    }
  }
  // Charts small enough (few states in the model's graph) also walk every simple path: each
  // route through the chart that visits no state twice, beyond what coverage needs.
  const simplePaths = Object.keys(adjacency).length <= SIMPLE_PATHS_MAX_STATES
  if (simplePaths) {
    const seen = new Set(paths.map(pathKey))
    for (const p of model.getSimplePaths() as TestPath<Any, Any>[]) {
      if (paths.length >= SIMPLE_PATHS_MAX) break
      if (seen.has(pathKey(p))) continue
      seen.add(pathKey(p))
      walk(config, p, cov)
      paths.push(p)
    }
  }
  // The boundary values of the config (boundaries.ts): each one's own paths, which its state
  // identity may merge with another case's (a comment of 500 characters and one of 20).
  // Without everyState (the browser models) only those that add coverage; the spec rules every one.
  const seen = new Set(paths.map(pathKey))
  const bounds = boundaryPaths(config)
  for (const p of bounds.paths) {
    if (seen.has(pathKey(p))) continue
    seen.add(pathKey(p))
    keep(p)
  }
  return { paths, coverage: cov, simplePaths, truncated: truncated() || bounds.truncated }
}

/** A boundary value of a config: an event case, or an actor's output or error, and the events that take it. */
export type BoundaryCase = { label: string; restricted: ModelConfig; takes: (event: Any) => boolean }

const payloadOf = (event: Any) => {
  const { type: _type, ...rest } = event
  return JSON.stringify(rest)
}
const shortLabel = (x: unknown) => {
  const json = x instanceof Error ? `${x.constructor.name}(${(x as Any).status ?? ''} ${x.message})` : (JSON.stringify(x) ?? String(x))
  return json.length > 80 ? `${json.slice(0, 60)}… (${json.length} characters)` : json
}

/** The config without its boundary values (an event whose every case is one is left out). */
function withoutBoundaries(config: ModelConfig): ModelConfig {
  const events = Object.fromEntries(
    Object.entries(config.events)
      .filter(([, cases]) => !cases.length || cases.some((c) => !isBoundary(c)))
      .map(([type, cases]) => [type, cases.filter((c) => !isBoundary(c))]),
  )
  const outcomes = config.outcomes && Object.fromEntries(Object.entries(config.outcomes).map(([src, o]) => [src, { ...o, done: o.done?.filter((x) => !isBoundary(x)), error: o.error?.filter((x) => !isBoundary(x)) }]))
  return { ...config, events, outcomes }
}

/** Every boundary value marked in a config (boundaries.ts `boundary`), each with the config that has only it. */
export function boundaryCases(config: ModelConfig): BoundaryCase[] {
  const out: BoundaryCase[] = []
  const base = withoutBoundaries(config)
  for (const [type, cases] of Object.entries(config.events)) {
    for (const c of cases.filter(isBoundary)) {
      const payload = JSON.stringify(c)
      out.push({ label: `${type} ${shortLabel(c)}`, restricted: { ...base, events: { ...base.events, [type]: [c, ...companionsOf(c)] } }, takes: (e) => e.type === type && payloadOf(e) === payload })
    }
  }
  for (const { id, src } of invokes(config.machine)) {
    const o = config.outcomes?.[src]
    if (!o) continue
    for (const output of (o.done ?? []).filter(isBoundary)) {
      out.push({ label: `${src} answers ${shortLabel(output)}`, restricted: { ...base, outcomes: { ...base.outcomes, [src]: { ...base.outcomes?.[src], done: [output] } } }, takes: (e) => e.type === `xstate.done.actor.${id}` && e.output === output })
    }
    for (const error of (o.error ?? []).filter(isBoundary)) {
      out.push({ label: `${src} fails ${shortLabel(error)}`, restricted: { ...base, outcomes: { ...base.outcomes, [src]: { ...base.outcomes?.[src], error: [error] } } }, takes: (e) => e.type === `xstate.error.actor.${id}` && e.error === error })
    }
  }
  return out
}

/** A path takes a boundary value at some step. */
export const takesCase = (path: TestPath<Any, Any>, c: BoundaryCase) => path.steps.some((s) => c.takes(s.event))

/**
 * For each boundary value: the graph again with it as the only case of its event (or answer of
 * its actor), and of the shortest paths that take it, the shortest to each state of the chart
 * (its value, not the config's identity): the value typed, then submitted, sent, answered.
 */
function boundaryPaths(config: ModelConfig): { paths: TestPath<Any, Any>[]; truncated: boolean } {
  const out: TestPath<Any, Any>[] = []
  let truncatedAny = false
  for (const c of boundaryCases(config)) {
    const { model, serialize, truncated } = buildModel(c.restricted)
    const byState = new Map<string, TestPath<Any, Any>>()
    const taking = (model.getShortestPaths({ allowDuplicatePaths: true } as Any) as TestPath<Any, Any>[]).filter((p) => takesCase(p, c))
    for (const p of taking) {
      const key = JSON.stringify(p.state.value)
      const known = byState.get(key)
      if (!known || p.steps.length < known.steps.length) byState.set(key, p)
    }
    // Then the longest others, up to a cap: they carry the most data entered with the value (an
    // overall score and a 500-character comment), where a chart wrong at the bound shows it.
    const extra = taking.filter((p) => ![...byState.values()].includes(p)).sort((a, b) => b.steps.length - a.steps.length)
    for (const p of extra.slice(0, Math.max(0, BOUNDARY_PATHS_MAX - byState.size))) byState.set(`extra ${byState.size}`, p)
    // A value that leaves the state's identity as it was (typing the value the form already
    // holds, or a chart that refuses it) is on no shortest path: it is then sent, after its
    // shortest path, in each state that handles its event type at all (the field is on screen),
    // whether or not the chart takes this value — the rules judge what it does with it.
    if (!byState.size) {
      const prefixes = new Map<string, TestPath<Any, Any>['steps']>()
      for (const p of model.getShortestPaths({ allowDuplicatePaths: true } as Any) as TestPath<Any, Any>[]) prefixes.set(serialize(p.state as AnyMachineSnapshot), p.steps)
      for (const [stateKey, { state, transitions }] of Object.entries(model.getAdjacencyMap() as Any) as Any) {
        const prefix = prefixes.get(stateKey)
        for (const { event, state: next } of Object.values(transitions) as Any) {
          if (!prefix || !c.takes(event) || !(state as Any)._nodes.some((n: Node) => n.transitions.has(event.type))) continue
          const key = JSON.stringify(state.value)
          if (!byState.has(key)) byState.set(key, { state: next, steps: [...prefix, { state: next, event }], weight: prefix.length + 1 } as Any)
        }
      }
    }
    out.push(...byState.values())
    truncatedAny ||= truncated()
  }
  return { paths: out, truncated: truncatedAny }
}

/** Paths per boundary value at most (one to each state of the chart first): a graph of its own is small, its paths not always. */
const BOUNDARY_PATHS_MAX = 24
/** "Small enough" for every simple path: at most this many states in the graph … */
const SIMPLE_PATHS_MAX_STATES = 8
/** … and never more paths than this per chart, so a dense small graph cannot explode the suite. */
const SIMPLE_PATHS_MAX = 60
const pathKey = (p: TestPath<Any, Any>) => p.steps.map((s) => JSON.stringify(s.event)).join('>')

export function coverageReport(config: ModelConfig, cov: Coverage) {
  const states = allNodes(config.machine.root).map((n) => n.id)
  const transitions = allTransitions(config.machine)
  const excluded = new Set(Object.keys(config.exclusions ?? {}))
  const uncovered = transitions.filter((t) => !cov.transitions.has(t) && !excluded.has(`${t.source.id} ${t.eventType || 'always'}`))
  const statesCovered = states.filter((s) => cov.states.has(s)).length
  return {
    machine: config.machine.id,
    states: `${statesCovered}/${states.length}`,
    transitions: `${transitions.length - uncovered.length}/${transitions.length}`,
    statePct: Math.floor((statesCovered / states.length) * 100),
    transitionPct: Math.floor(((transitions.length - uncovered.length) / transitions.length) * 100),
    uncovered: uncovered.map(transitionKey),
    unvisitedStates: states.filter((s) => !cov.states.has(s)),
  }
}

/** Implementations to provide on top of the fakes (`{ actions, guards, actors, delays }`). */
export type Provide = Record<string, Any>
