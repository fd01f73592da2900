import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import type { TestPath } from 'xstate/graph'
import { ApiError, NotLoggedInError } from '../../src/api/api-error'
import { generatePaths, type ModelConfig } from './model'

/*
 * The reference path set of a chart: the event sequences generated from the chart AS REVIEWED,
 * committed under tests/machines/reference-paths/<chart id>.json (`npm run paths:reference`
 * writes them). The spec rules replay them on the chart under test as well as the chart's own
 * generated paths: a wrong chart (two states merged, a boundary moved) generates fewer or other
 * paths, and the very path that would show the fault would be gone from its own set; the committed
 * paths still take it, and the rules judge what the chart now does with it. This is what
 * `npm run mutate` does with each mutant, so the suite is as strict as the mutation score says.
 */

type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

export const REFERENCE_DIR = path.join(import.meta.dirname, 'reference-paths')

/**
 * One config's paths: each path its events in order (the start excluded), each event written as
 * `type` or `type#n`, n the index of its payload (an output, an error, a member's data) in `values`:
 * the same ticket or schedule answered on a thousand steps is written once. An actor's result is
 * written `done:<invoke id>` / `error:<invoke id>` and a delay `after:<ms>.<state>` (for xstate's
 * `xstate.done.actor.…`, `xstate.error.actor.…`, `xstate.after.…`): most steps are results, and
 * the long prefix made half of a file.
 */
export type ReferenceSet = { chart: string; rules?: string; values: unknown[]; configs: Array<{ input: unknown; paths: string[][] }> }

/*
 * A reference set serves its chart's spec rules, and is changed only with them (decision 79): the
 * file records `rules`, a hash of the chart's `<name>.spec-rules.ts` as it was when the set was
 * written. `npm run paths:reference` refuses to write a set whose paths differ from the committed
 * ones while the rules are unchanged — a chart that now generates other paths under the same rules
 * is what a bug looks like (a day made unselectable drops the paths through it), and writing
 * its paths over the reviewed ones would make the suite pass. The suite fails when the recorded
 * hash is not the rules' (observe.ts `describeSpec`): rules changed without the set reviewed again.
 * Comments and blank lines are not part of the hash: rewording a comment changes no rule, so it
 * cannot unlock a regeneration. The path generator's source (GENERATOR) is part of it too: a change
 * to how paths are made changes every set, and is reviewed as such.
 */
export const GENERATOR = ['model.ts', 'boundaries.ts']
/*
 * The fixtures a rules file imports (`./<name>-fixtures`) are part of it too (decision 125): their
 * records are the charts' answers in the paths (a consultation loaded, a schedule), written into the
 * set's `values`. A fixture that gained a field changed every payload carrying it while the rules'
 * own text stayed the same, so the committed sets of consultation outcome and reassignment no longer
 * matched what the charts generate, and `npm run paths:reference` refused to run on an unchanged tree.
 */
const fixturesOf = (rules: string): string[] => [...new Set([...rules.matchAll(/from '\.\/([\w-]+-fixtures)'/g)].map((m) => `${m[1]}.ts`))].sort()
const readHere = (f: string) => readFileSync(path.join(import.meta.dirname, f), 'utf8')
export function rulesHash(
  rules: string,
  generator: string[] = GENERATOR.map(readHere),
  fixtures: (file: string) => string = readHere,
): string {
  const code = [rules, ...generator, ...fixturesOf(rules).map(fixtures)]
    .join('\n')
    .replace(/\r\n/g, '\n')
    .replace(/^\s*\/\*[\s\S]*?\*\/\s*$/gm, '')
    .split('\n')
    .filter((line) => !/^\s*(\/\/.*)?$/.test(line))
    .map((line) => line.trimEnd())
    .join('\n')
  return createHash('sha256').update(code).digest('hex').slice(0, 16)
}

const builtins: Array<[string, string]> = [
  ['xstate.done.actor.', 'done:'],
  ['xstate.error.actor.', 'error:'],
  ['xstate.after.', 'after:'],
]
/** `xstate.done.actor.x` → `done:x` (member events keep their type: none has a colon). */
const shortType = (type: string) => {
  const b = builtins.find(([long]) => type.startsWith(long))
  return b ? `${b[1]}${type.slice(b[0].length)}` : type
}
const longType = (type: string) => {
  const b = builtins.find(([, short]) => type.startsWith(short))
  return b ? `${b[0]}${type.slice(b[1].length)}` : type
}

/** Events → the compact form of a reference set, sharing one table of payloads. */
function compactor() {
  const values: unknown[] = []
  const index = new Map<string, number>()
  const compact = (event: Any): string => {
    const { type: long, ...rest } = event
    const type = shortType(long)
    if (!Object.keys(rest).length) return type
    const json = JSON.stringify(encode(rest))
    let n = index.get(json)
    if (n === undefined) {
      n = values.length
      values.push(JSON.parse(json))
      index.set(json, n)
    }
    return `${type}#${n}`
  }
  return { values, compact }
}

const expand = (values: unknown[], step: string): Any => {
  const hash = step.lastIndexOf('#')
  if (hash < 0) return { type: longType(step) }
  return { type: longType(step.slice(0, hash)), ...(decode(values[Number(step.slice(hash + 1))]) as object) }
}

/** Errors keep their class and status through JSON: the charts' guards read both. */
const errorClasses: Record<string, (message: string, status?: number) => Error> = {
  ApiError: (message, status) => new ApiError(status ?? 500, message),
  NotLoggedInError: (message) => new NotLoggedInError(message),
  TypeError: (message) => new TypeError(message),
  Error: (message) => new Error(message),
}

function encode(value: unknown): unknown {
  if (value instanceof Error) {
    const kind = value instanceof ApiError ? 'ApiError' : value instanceof NotLoggedInError ? 'NotLoggedInError' : value instanceof TypeError ? 'TypeError' : 'Error'
    return { $error: kind, message: value.message, ...(value instanceof ApiError ? { status: value.status } : {}) }
  }
  if (value === undefined) return { $undefined: true }
  if (Array.isArray(value)) return value.map(encode)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]))
  return value
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode)
  if (value && typeof value === 'object') {
    const o = value as Any
    if (typeof o.$error === 'string') return (errorClasses[o.$error] ?? errorClasses.Error)(o.message, o.status)
    if (o.$undefined === true) return undefined
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, decode(v)]))
  }
  return value
}

const eventsOf = (p: TestPath<Any, Any>) => p.steps.map((s) => s.event).filter((e: Any) => e.type !== 'xstate.init')

/** The reference set of a chart's configs, as it would be written now. */
export function referenceSetOf(configs: ModelConfig[]): ReferenceSet & { truncated: boolean } {
  const { values, compact } = compactor()
  let truncated = false
  const sets = configs.map((config) => {
    const generated = generatePaths(config, { everyState: true })
    truncated ||= generated.truncated
    return { input: encode(config.input), paths: generated.paths.map((p) => eventsOf(p).map(compact)) }
  })
  return { chart: configs[0].machine.id, values, configs: sets, truncated }
}

export const referenceFile = (chart: string) => path.join(REFERENCE_DIR, `${chart}.json`)

/** The file's text: one path per line, so a review's diff shows which paths came and went. */
function render(set: ReferenceSet): string {
  const paths = (c: ReferenceSet['configs'][number]) => c.paths.map((q) => `      ${JSON.stringify(q)}`).join(',\n')
  return [
    '{',
    `  "chart": ${JSON.stringify(set.chart)},`,
    ...(set.rules ? [`  "rules": ${JSON.stringify(set.rules)},`] : []),
    `  "values": [\n${set.values.map((v) => `    ${JSON.stringify(v)}`).join(',\n')}\n  ],`,
    `  "configs": [\n${set.configs.map((c) => `    { "input": ${JSON.stringify(c.input)}, "paths": [\n${paths(c)}\n    ] }`).join(',\n')}\n  ]`,
    '}',
  ].join('\n')
}

/** The same paths (inputs, events, payloads), whatever the rules hash. */
export const samePaths = (a: ReferenceSet, b: ReferenceSet) => render({ ...a, rules: undefined }) === render({ ...b, rules: undefined })

/**
 * Writes the chart's reference set from its configs, recording the hash of its rules' source; or,
 * when a set is committed for the same rules and the paths differ, writes nothing and says why.
 */
export function writeReferenceSet(configs: ModelConfig[], rules: string): { file: string; written: boolean; reason?: string } {
  mkdirSync(REFERENCE_DIR, { recursive: true })
  const { set, file, text, truncated } = referenceSetFile(configs, rules)
  // A graph cut at its traversal limit (model.ts) is not the whole chart: not a set to review.
  if (truncated) return { file, written: false, reason: 'path generation hit the traversal limit of an entry: raise its `limit` or narrow its `serialize` first' }
  const committed = readReferenceSet(set.chart)
  if (committed?.rules === rules && !samePaths(committed, set)) {
    return {
      file,
      written: false,
      reason:
        `the chart now generates other paths than the reviewed ones, and its spec rules are unchanged. ` +
        `A chart that changes what the member can do changes the rules that judge it: write that change in the rules (and docs/product.md) first, then regenerate. ` +
        `If the chart was not meant to change, this is a bug the committed paths are there to catch: run the spec rules (npx vitest run tests/machines/spec-rules.test.ts).`,
    }
  }
  writeFileSync(file, text)
  return { file, written: true }
}

/** What `npm run paths:reference` would write for the chart now: its file and the file's text. */
export function referenceSetFile(configs: ModelConfig[], rules: string) {
  const { truncated, ...generated } = referenceSetOf(configs)
  const set = { ...generated, rules }
  return { set, file: referenceFile(set.chart), text: `${render(set)}\n`, truncated }
}

/** The committed set of a chart, or null when none was written yet. */
export function readReferenceSet(chart: string): ReferenceSet | null {
  const file = referenceFile(chart)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReferenceSet) : null
}

/** A committed path as observePath replays it (leniently: it may not fit a changed chart). */
const asTestPath = (values: unknown[], steps: string[]): TestPath<Any, Any> =>
  ({ steps: steps.map((s) => ({ event: expand(values, s), state: { value: '' } })), state: { value: '' }, weight: steps.length }) as Any

/** The committed paths of each config (one list per config, as checkChart's `reference`). */
export function referencePaths(set: ReferenceSet): TestPath<Any, Any>[][] {
  return set.configs.map((c) => c.paths.map((p) => asTestPath(set.values, p)))
}

/** The committed paths of one config are exactly these (order and content): replaying them again adds nothing. */
export function sameAsReference(set: ReferenceSet, i: number, paths: TestPath<Any, Any>[]): boolean {
  const committed = set.configs[i]?.paths
  if (!committed || committed.length !== paths.length) return false
  return paths.every((p, n) => {
    const events = eventsOf(p)
    const want = committed[n]
    return events.length === want.length && events.every((e: Any, k) => JSON.stringify(encode(e)) === JSON.stringify(encode(expand(set.values, want[k]))))
  })
}
