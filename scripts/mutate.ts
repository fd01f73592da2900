import { readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createMachine, not, type AnyStateMachine } from 'xstate'
import type { TestPath } from 'xstate/graph'
import { checkChart, specPaths, type ChartSpec } from '../tests/machines/observe'

// `npm run mutate [-- <chart…>] [--survivors] [--all-targets]`: how many wrong charts the fast
// tests catch, chart by chart (docs/qa.md). Every chart with spec rules
// (tests/machines/<name>.spec-rules.ts: the flows' charts and their child charts alike) gets
// mutants made one at a time from its own config, rebuilt with the same implementations, and
// judged by its rules (checkChart, in-process, no vitest) on its own paths and on the paths of the
// chart as written. A mutant is caught when a rule reports a violation or the run throws. Charts
// of machines/ without spec rules are listed too, so none goes unmeasured unnoticed.
//   target   each transition (on, always, onDone/onError, after) sent to another state: up to two
//            siblings of its source, chosen deterministically (`--all-targets`: every sibling);
//            a transition without a target (stays) gets one too;
//   action   each action of a transition, and each entry/exit action, removed (one at a time);
//   guard    each guard negated.
// A mutant whose eventless (`always`) transitions form a cycle the chart does not have would never
// settle (xstate does not stop it): it is not run, and is counted apart ("looping left out").

type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

/** `equivalent`: the mutant cannot change what the member sees or what is sent (reason). */
export type Mutant = { kind: 'target' | 'action' | 'guard'; where: string; apply: (config: Any) => void; equivalent?: string }
/** `loops`: the mutant's eventless transitions form a cycle (the states of it): not run, left out. */
export type MutantResult = { mutant: Mutant; caught: boolean; byError?: string; violation?: string; invalid?: string; equivalent?: string; loops?: string; truncated?: boolean }

/** Deep copy of plain objects and arrays; functions and class instances are shared. */
const clone = (x: Any): Any =>
  Array.isArray(x) ? x.map(clone) : x && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, clone(v)])) : x

const asList = (t: Any): Any[] => (t === undefined ? [] : Array.isArray(t) ? t : [t])
/** A transition as an object (a string is its target). */
const asObject = (t: Any) => (typeof t === 'string' ? { target: t } : t)

/** Follows a path of keys (`['states','editing','on','form.submit',0]`) in a config copy. */
const at = (config: Any, keys: Array<string | number>) => keys.reduce((o, k) => (typeof k === 'number' && !Array.isArray(o) ? o : o[k]), config)

type Slot = { keys: Array<string | number>; label: string }

/** Every transition slot of the config: [path to its container, key], normalised to arrays by `list`. */
type TransitionSlot = Slot & { siblings: string[]; siblingsAt: Array<string | number>; source: string }
function transitionSlots(node: Any, keys: Array<string | number>, name: string, out: TransitionSlot[], siblings: string[]) {
  const add = (k: Array<string | number>, label: string) => {
    const list = asList(at(node, k.slice(keys.length)))
    list.forEach((_t, i) => out.push({ keys: [...k, i], label: `${name} ${label}${list.length > 1 ? ` #${i + 1}` : ''}`, siblings, siblingsAt: keys.slice(0, -1), source: name.split('.').pop()! }))
  }
  for (const ev of Object.keys(node.on ?? {})) add([...keys, 'on', ev], ev)
  if (node.always) add([...keys, 'always'], 'always')
  for (const ms of Object.keys(node.after ?? {})) add([...keys, 'after', ms], `after ${ms}`)
  asList(node.invoke).forEach((inv: Any, i: number) => {
    const invKeys = Array.isArray(node.invoke) ? [...keys, 'invoke', i] : [...keys, 'invoke']
    const src = typeof inv.src === 'string' ? inv.src : 'actor'
    if (inv.onDone) add([...invKeys, 'onDone'], `${src} done`)
    if (inv.onError) add([...invKeys, 'onError'], `${src} error`)
  })
  const children = Object.keys(node.states ?? {})
  for (const child of children) transitionSlots(node.states[child], [...keys, 'states', child], name ? `${name}.${child}` : child, out, children)
}

/** Makes the container at `keys` (minus the index) an array of transition objects, in place. */
function normalise(config: Any, keys: Array<string | number>) {
  const parent = at(config, keys.slice(0, -2))
  const key = keys[keys.length - 2]
  parent[key] = asList(parent[key]).map(asObject)
  return parent[key][keys[keys.length - 1] as number]
}

/** `target` (`ready.editing`) is where entering the state `name` (`ready`, config `node`) leads by its initial states. */
function entersInitially(node: Any, target: string | undefined, name: string): boolean {
  if (!node || !target?.startsWith(`${name}.`)) return false
  let n = node
  for (const child of target.slice(name.length + 1).split('.')) {
    if (n?.initial !== child) return false
    n = n.states?.[child]
  }
  return true
}

export function mutants(machine: AnyStateMachine, opts: { allTargets?: boolean } = {}): Mutant[] {
  const config = (machine as Any).config
  const slots: TransitionSlot[] = []
  transitionSlots(config, [], '', slots, [])
  const out: Mutant[] = []
  slots.forEach((slot, n) => {
    const t = asObject(at(config, slot.keys))
    const target = asList(t.target)[0] as string | undefined
    const plainTarget = target?.replace(/^\./, '')
    const candidates = slot.siblings.filter((s) => s !== slot.source && s !== plainTarget)
    const picks = opts.allTargets ? candidates : [...new Set([candidates[n % candidates.length], candidates[(n + Math.floor(candidates.length / 2)) % candidates.length]])].filter(Boolean)
    const parent = slot.siblingsAt.length ? at(config, slot.siblingsAt) : {}
    const bare = (name?: string) => {
      const s = name ? parent[name] : undefined
      return s?.type === 'final' && s.output === undefined && !s.entry && !s.exit
    }
    for (const to of picks) {
      // Two final states without output or entry/exit actions are the same end when the transition
      // sends the member away itself: where they go is its goTo… action, which the mutant keeps.
      const leaves = asList(t.actions).some((a: Any) => /^goTo|^goHome/.test(typeof a === 'string' ? a : (a?.type ?? '')))
      const equivalent =
        leaves && bare(plainTarget) && bare(to)
          ? `${plainTarget} and ${to} are both bare final states and the goTo… action says where: the same end`
          : entersInitially(parent[to], plainTarget, to)
            ? `entering ${to} enters ${plainTarget}, its initial state: the same target`
            : undefined
      out.push({ kind: 'target', where: `${slot.label}: → ${to} (was ${target ?? 'stay'})`, apply: (c) => { normalise(c, slot.keys).target = to }, ...(equivalent ? { equivalent } : {}) })
    }
    asList(t.actions).forEach((a: Any, i: number) => {
      const name = typeof a === 'string' ? a : (a?.type ?? (typeof a === 'function' ? (a.type ?? 'inline') : 'action'))
      out.push({ kind: 'action', where: `${slot.label}: without ${name}`, apply: (c) => { const x = normalise(c, slot.keys); x.actions = asList(x.actions).filter((_: Any, j: number) => j !== i) } })
    })
    if (t.guard !== undefined) {
      const g = typeof t.guard === 'string' ? t.guard : (t.guard.type ?? 'guard')
      out.push({ kind: 'guard', where: `${slot.label}: not(${g})`, apply: (c) => { const x = normalise(c, slot.keys); x.guard = not(x.guard) } })
    }
  })
  // Entry and exit actions of every state.
  const walk = (node: Any, keys: string[], name: string) => {
    for (const hook of ['entry', 'exit'] as const) {
      asList(node[hook]).forEach((a: Any, i: number) => {
        const label = typeof a === 'string' ? a : (a?.type ?? 'inline')
        out.push({ kind: 'action', where: `${name || '(root)'} ${hook}: without ${label}`, apply: (c) => { const s = at(c, keys); s[hook] = asList(s[hook]).filter((_: Any, j: number) => j !== i) } })
      })
    }
    for (const child of Object.keys(node.states ?? {})) walk(node.states[child], [...keys, 'states', child], name ? `${name}.${child}` : child)
  }
  walk(config, [], '')
  return out
}

export function buildMutant(machine: AnyStateMachine, mutant: Mutant): AnyStateMachine {
  const config = clone((machine as Any).config)
  mutant.apply(config)
  return createMachine(config, (machine as Any).implementations)
}

/**
 * A cycle of eventless (`always`) transitions, guards ignored, as the states along it
 * (`a → b → a`), or null. Entering a state enters its initial descendants too. A chart with one can
 * loop forever inside a single step: xstate does not stop it, the page hangs, and a run of the
 * rules on it grows until node runs out of memory.
 */
export function eventlessCycle(machine: AnyStateMachine): string | null {
  const entered = (n: Any): Any[] => [
    n,
    ...(n.type === 'compound' ? (n.initial?.target ?? []).flatMap(entered) : n.type === 'parallel' ? Object.values(n.states).flatMap(entered) : []),
  ]
  const next = (n: Any): Any[] => (n.always ?? []).flatMap((t: Any) => (t.target ?? []).flatMap(entered))
  const done = new Set<Any>()
  const stack: Any[] = []
  const visit = (n: Any): string | null => {
    stack.push(n)
    for (const m of next(n)) {
      if (stack.includes(m)) return [...stack.slice(stack.indexOf(m)), m].map((x: Any) => x.key).join(' → ')
      if (!done.has(m)) {
        const cycle = visit(m)
        if (cycle) return cycle
      }
    }
    stack.pop()
    done.add(n)
    return null
  }
  const all = (n: Any): Any[] => [n, ...Object.values(n.states ?? {}).flatMap(all)]
  for (const n of all((machine as Any).root)) {
    if (done.has(n)) continue
    const cycle = visit(n)
    if (cycle) return cycle
  }
  return null
}

/** Judges one mutant of a chart by the chart's spec rules. */
export async function runMutant(spec: ChartSpec, mutant: Mutant, reference: TestPath<Any, Any>[][] = specPaths(spec.configs)): Promise<MutantResult> {
  let machine: AnyStateMachine
  try {
    machine = buildMutant(spec.configs[0].machine, mutant)
  } catch (e) {
    return { mutant, caught: false, invalid: (e as Error).message }
  }
  if (mutant.equivalent) return { mutant, caught: false, equivalent: mutant.equivalent }
  // A retarget that closes a cycle of eventless transitions the chart does not have: not run (it
  // would never settle), left out and counted apart.
  const loops = eventlessCycle(machine)
  if (loops && !eventlessCycle(spec.configs[0].machine)) return { mutant, caught: false, loops }
  // A mutant whose graph grows past an entry's traversal limit is judged on the part explored (and
  // on the reference paths): never caught by the limit alone.
  let truncated = false
  try {
    const found = await checkChart(spec.configs.map((c) => ({ ...c, machine })), spec.rules, spec.provide, { firstOnly: true, reference, onTruncated: () => { truncated = true } })
    return { mutant, caught: found.length > 0, violation: found[0], ...(truncated ? { truncated } : {}) }
  } catch (e) {
    return { mutant, caught: true, byError: (e as Error).message.split('\n')[0] }
  }
}

export async function mutateChart(spec: ChartSpec, opts: { allTargets?: boolean } = {}): Promise<MutantResult[]> {
  const results: MutantResult[] = []
  // The original chart's paths are walked on every mutant (the member does the same things), as
  // well as the mutant's own generated paths.
  const reference = specPaths(spec.configs)
  for (const m of mutants(spec.configs[0].machine, opts)) results.push(await runMutant(spec, m, reference))
  return results
}

const pct = (a: number, b: number) => (b ? `${Math.floor((a / b) * 1000) / 10}%` : '—')

async function main() {
  const args = process.argv.slice(2)
  const only = args.filter((a) => !a.startsWith('--'))
  const showSurvivors = args.includes('--survivors')
  const allTargets = args.includes('--all-targets')
  const root = path.resolve(import.meta.dirname, '..')
  const rulesDir = path.join(root, 'tests/machines')
  const ruleFiles = readdirSync(rulesDir).filter((f) => f.endsWith('.spec-rules.ts')).sort()
  const rows: string[][] = []
  let total = 0
  let caught = 0
  const survivors: string[] = []
  const loopers: string[] = []
  const failedCharts: string[] = []
  const measured = new Set<string>()
  for (const file of ruleFiles) {
    const spec = ((await import(pathToFileURL(path.join(rulesDir, file)).href)) as { spec?: ChartSpec }).spec
    if (!spec) continue
    const flow = spec.configs[0].machine.id
    measured.add(flow)
    if (only.length && !only.some((o) => o === flow || file.startsWith(o))) continue
    const started = Date.now()
    // The rules must hold on the chart as written, or every mutant would count as caught.
    const asWritten = await checkChart(spec.configs, spec.rules, spec.provide, { firstOnly: true })
    if (asWritten.length) {
      rows.push([flow, '—', '—', 'rules fail on the chart as written', asWritten[0].slice(0, 80)])
      failedCharts.push(`${flow}: ${asWritten[0]}`)
      continue
    }
    const all = (await mutateChart(spec, { allTargets })).filter((r) => !r.invalid)
    const results = all.filter((r) => !r.equivalent && !r.loops)
    const equivalent = all.filter((r) => r.equivalent).length
    const looping = all.filter((r) => r.loops).length
    const c = results.filter((r) => r.caught).length
    const byError = results.filter((r) => r.byError).length
    const cut = results.filter((r) => r.truncated).length
    total += results.length
    caught += c
    if (!args.includes('--quiet')) console.error(`${flow}: ${c}/${results.length} caught (${pct(c, results.length)})`)
    const notes = [equivalent ? `${equivalent} equivalent left out` : '', looping ? `${looping} looping left out` : '', byError ? `${byError} by error` : '', cut ? `${cut} judged on a graph cut at its traversal limit` : ''].filter(Boolean)
    rows.push([flow, String(results.length), String(c), pct(c, results.length), [...notes, `${((Date.now() - started) / 1000).toFixed(1)} s`].join(', ')])
    for (const r of results.filter((x) => !x.caught)) survivors.push(`${flow}: ${r.mutant.kind} ${r.mutant.where}`)
    for (const r of all.filter((x) => x.loops)) loopers.push(`${flow}: ${r.mutant.kind} ${r.mutant.where} (${r.loops})`)
  }
  if (!only.length) for (const id of await chartsOf(path.join(root, 'machines'))) if (!measured.has(id)) rows.push([id, '—', '—', 'no spec rules yet', ''])
  rows.push(['total', String(total), String(caught), pct(caught, total), ''])
  const head = ['chart', 'mutants', 'caught', '%', 'notes']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (r: string[]) => `| ${r.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`
  console.log([line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n'))
  if (showSurvivors && survivors.length) console.log(`\nsurviving mutants:\n${survivors.map((s) => `  ${s}`).join('\n')}`)
  else if (survivors.length) console.log(`\n${survivors.length} surviving mutants (--survivors lists them)`)
  if (showSurvivors && loopers.length) console.log(`\nlooping mutants, left out:\n${loopers.map((s) => `  ${s}`).join('\n')}`)
  if (failedCharts.length) {
    console.log(`\nrules that fail on the chart as written (fix first):\n${failedCharts.map((s) => `  ${s}`).join('\n')}`)
    process.exitCode = 1
  }
}

/** The ids of every chart exported by a `machines/<folder>/*-machine.ts` file. */
async function chartsOf(dir: string): Promise<string[]> {
  const ids: string[] = []
  for (const folder of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'shared')) {
    for (const file of readdirSync(path.join(dir, folder.name)).filter((f) => f.endsWith('-machine.ts'))) {
      const mod = (await import(pathToFileURL(path.join(dir, folder.name, file)).href)) as Record<string, Any>
      for (const value of Object.values(mod)) if (value && typeof value === 'object' && 'config' in value && 'root' in value && typeof value.id === 'string') ids.push(value.id)
    }
  }
  return [...new Set(ids)].sort()
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}
