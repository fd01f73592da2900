import type { ModelConfig } from './model'

/*
 * Boundary values and flags of the charts' configs, one helper for every chart (decision 78).
 *
 * A state's identity in the generated graph (a config's `serialize`) keeps only what changes what
 * can happen next, so two event cases that lead to the same identity are one state: the graph
 * takes the first and never builds the other. A comment of exactly 500 characters and one of 20
 * are both "not over the limit"; a 503 and a 502 both "no answer"; two periods that touch and two
 * that are apart both "a valid plan". A chart that wrongly treats the boundary differently is then
 * never walked there, and its rules judge nothing.
 *
 * So the boundary values are marked here, and path generation (model.ts `generatePaths` with
 * `everyState`, as the spec rules and `npm run mutate` use it) builds their own paths: for each
 * marked event case or actor outcome, the graph again with that case as the only one of its
 * event (or of its actor's answers), keeping the paths that take it — one per state of the chart
 * they end in. `tests/machines/observe.ts` fails a chart's suite when a marked case is taken by no
 * generated path: the rules would have judged nothing there.
 *
 * Write the values from the contract's constants and the spec rules' own reading of the product
 * (never from the chart): `textsAround(RATING_COMMENT_MAX)`, `around(MINUTES_USED_MAX)`.
 */

const marked = new WeakSet<object>()
const companions = new WeakMap<object, Array<Record<string, unknown>>>()

/** Marks event cases or actor outcomes (errors, outputs) as boundary values; returns them. */
export function boundary<T extends object>(...cases: T[]): T[] {
  for (const c of cases) marked.add(c)
  return cases
}
export const isBoundary = (value: unknown): boolean => typeof value === 'object' && value !== null && marked.has(value)

/**
 * Boundary values of one field of a form that starts empty, each with the cases of the same event
 * that make the rest of the form valid (`with(value)`: the other fields, a confirmation equal to
 * the value). A boundary value's graph has it as the only case of its event, so a new password of
 * exactly 12 characters could never be confirmed nor sent: its own graph keeps these cases too.
 */
export function boundaryWith<T extends Record<string, unknown>>(make: (value: T) => Array<Record<string, unknown>>, ...cases: T[]): T[] {
  for (const c of cases) companions.set(c, make(c))
  return boundary(...cases)
}
/** The cases a boundary value's own graph keeps beside it (`boundaryWith`); none for `boundary`. */
export const companionsOf = (value: object): Array<Record<string, unknown>> => companions.get(value) ?? []

/** Just under, at and just over a limit (`step`: the unit of the value, 1 by default). */
export const around = (limit: number, step = 1): number[] => [limit - step, limit, limit + step]

/** Texts of just under, exactly and just over `max` characters (of `char`, a full-width あ by default). */
export const textsAround = (max: number, char = 'あ'): string[] => around(max).map((n) => char.repeat(n))

/** Texts one under, exactly at and one over both ends of a length range `min`–`max` (none shorter than ''). */
export const textsAroundRange = (min: number, max: number, char = 'a'): string[] =>
  [...new Set([...around(min), ...around(max)])].filter((n) => n >= 0).map((n) => char.repeat(n))

/** Addresses of just under, exactly and just over `max` characters (a long local part at example.com). */
export const emailsAround = (max: number): string[] => around(max).map((n) => `${'a'.repeat(n - '@example.com'.length)}@example.com`)

/** `HH:MM` of a minute of the day. */
export const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
/** Minutes of the day of `HH:MM`. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
/** Times just before, at and just after `time` (`step` minutes apart): a period touching another's start. */
export const timesAround = (time: string, step: number): string[] => around(minutesOf(time), step).map(hhmm)

/**
 * One config per value of a flag of the chart's input (every value the contract allows, or both
 * of a boolean): `flagConfigs([false, true], (noContact) => ({ …, input: { …, noContact } }))`.
 */
export const flagConfigs = <V>(values: readonly V[], make: (value: V) => ModelConfig): ModelConfig[] => values.map(make)
