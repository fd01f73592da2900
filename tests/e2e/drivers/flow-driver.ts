import type { Page } from '@playwright/test'

/**
 * The contract every flow driver keeps (issue 7): how a chart's events are performed in the
 * browser and how its states are recognised on screen. The same driver runs the specs, the
 * generated model paths (generated-paths.spec.ts) and QA's path files (scripts/replay.ts).
 */

/** A chart event as the chart receives it: the object itself carries the data. */
export type FlowEvent = { type: string; [key: string]: unknown }

/** The member a path runs as, and what a run remembers between steps. */
export type FlowContext = {
  account: { email: string; password: string }
  /** The route the path starts on (placeholders such as `{ratableTicket}` already resolved by `start`). */
  startRoute: string
  /** Values a driver learns during a run (the ticket it opened, the address it typed…). */
  vars: Record<string, string>
}

export type FlowDriver = {
  /** The machine id (`machines/*-machine.ts` `id`). */
  flow: string
  /** The route a path starts on when its file names none. */
  entryRoute: string
  /** Goes to the entry route as the right member (logs in when the flow needs it). */
  start: (page: Page, ctx: FlowContext) => Promise<void>
  /** Event type → the member's action for that event. */
  events: Record<string, (page: Page, event: FlowEvent, ctx: FlowContext) => Promise<void>>
  /** State path (`signedOut.idle`, or a parent such as `signedOut`) → assertion on screen. */
  states: Record<string, (page: Page, ctx: FlowContext) => Promise<void>>
}

type StateValue = string | { [key: string]: StateValue }

/** Leaf paths of a state value: `{ signedOut: 'idle' }` → `['signedOut.idle']`; parallel regions give several. */
export function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value]
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child).map((p) => `${key}.${p}`))
}

/** The expected-state string of a path step: leaf paths joined by `,` (one leaf unless parallel). */
export const statePath = (value: StateValue): string => leafPaths(value).join(',')

/** The driver's check for a leaf path: its own entry, else its nearest ancestor's. */
export function stateCheck(driver: FlowDriver, leaf: string) {
  const parts = leaf.split('.')
  for (let n = parts.length; n > 0; n--) {
    const check = driver.states[parts.slice(0, n).join('.')]
    if (check) return check
  }
  return undefined
}

/** Asserts an expected state (`a.b` or `a.b,c.d` for parallel regions) on screen. */
export async function assertState(driver: FlowDriver, page: Page, expected: string, ctx: FlowContext) {
  for (const leaf of expected.split(',')) {
    const check = stateCheck(driver, leaf)
    if (!check) throw new Error(`the ${driver.flow} driver cannot recognise state ${leaf} on screen`)
    await check(page, ctx)
  }
}

/** Performs one event through the driver. */
export async function performEvent(driver: FlowDriver, page: Page, event: FlowEvent, ctx: FlowContext) {
  const perform = driver.events[event.type]
  if (!perform) throw new Error(`the ${driver.flow} driver cannot perform event ${event.type} in the browser`)
  await perform(page, event, ctx)
}

/** Logs in through the real /login page, then opens `route` (the login page returns there). */
export async function loginAndOpen(page: Page, ctx: FlowContext, route: string) {
  await page.goto(route)
  await page.waitForURL(/\/login/)
  await page.getByLabel('メールアドレス').fill(ctx.account.email)
  await page.getByLabel('パスワード', { exact: true }).fill(ctx.account.password)
  await page.getByRole('button', { name: 'ログイン' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

/**
 * Placeholders in event strings: `${email}` and `${password}` stand for the run's account,
 * `${unique}` for a token of this run (a new address per signup).
 */
export function resolveEvent(event: FlowEvent, ctx: FlowContext): FlowEvent {
  ctx.vars.unique ??= `${Date.now()}${Math.floor(Math.random() * 1e4)}`
  const unique = ctx.vars.unique
  return JSON.parse(JSON.stringify(event), (_key, value) =>
    typeof value === 'string'
      ? value.replaceAll('${email}', ctx.account.email).replaceAll('${password}', ctx.account.password).replaceAll('${unique}', unique)
      : value,
  ) as FlowEvent
}
