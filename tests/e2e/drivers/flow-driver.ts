import type { Page } from '@playwright/test'

/**
 * The contract every flow driver keeps: how a chart's events are performed in the
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

/** An expected state that is an error page: its check may see /error or the not-found page. */
const expectsErrorPage = (leaf: string) => /error|notfound|404/i.test(leaf)

/**
 * Resolves as soon as the member is on a page no state of this step can be: the error page or the
 * router's not-found page when the expected state is no error (a 404 showed as a 30 s
 * locator timeout). Never resolves otherwise; `stop()` ends the watch.
 */
function watchWrongPage(page: Page, leaf: string) {
  let stopped = false
  const found = (async () => {
    if (expectsErrorPage(leaf)) return new Promise<string>(() => {})
    while (!stopped) {
      const url = new URL(page.url())
      if (url.pathname === '/error') return `the error page ${url.pathname}${url.search}`
      const notFound = await page.getByText(/^(Not Found|ページが見つかりません)$/).first().isVisible().catch(() => false)
      if (notFound) return `a not-found page (${url.pathname}${url.search})`
      await page.waitForTimeout(200).catch(() => {})
    }
    return new Promise<string>(() => {})
  })()
  return { found, stop: () => { stopped = true } }
}

/** Waits until no finite animation runs on the page (a dialog opening or closing, a toast). */
export async function settled(page: Page, timeout = 5_000) {
  const until = Date.now() + timeout
  while (Date.now() < until) {
    const running = await page
      .evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length)
      .catch(() => 0)
    if (running === 0) return
    await page.waitForTimeout(50)
  }
}

/**
 * Where the member is, for a failure message: the URL, the page's first heading, and (in
 * development and test builds, from the flow recorder) the state each flow of the page is in.
 */
export async function whereIs(page: Page) {
  const url = new URL(page.url())
  const heading = await page.locator('h1, h2').first().textContent({ timeout: 1_000 }).catch(() => null)
  const states = await page
    .evaluate(() => (window as unknown as { __qaFlowStates?: () => string[] }).__qaFlowStates?.() ?? [])
    .catch(() => [] as string[])
  return `${url.pathname}${url.search}${heading ? ` ("${heading.trim()}")` : ''}${states.length ? `, flows in ${states.join('; ')}` : ''}`
}

/**
 * Asserts an expected state (`a.b` or `a.b,c.d` for parallel regions) on screen, and only once it
 * is STABLE: the driver's check holds, the page's animations end, and it still holds
 * — a dialog that is closing satisfies "visible" for a moment, not after it has closed. The error
 * page or a not-found page, when the state is no error, fails at once; every failure names the
 * expected state and the page the member is actually on.
 */
export async function assertState(driver: FlowDriver, page: Page, expected: string, ctx: FlowContext) {
  for (const leaf of expected.split(',')) {
    const check = stateCheck(driver, leaf)
    if (!check) throw new Error(`the ${driver.flow} driver cannot recognise state ${leaf} on screen`)
    const wrong = watchWrongPage(page, leaf)
    try {
      const first = check(page, ctx).then(() => null)
      first.catch(() => {})
      const hit = await Promise.race([first, wrong.found])
      if (hit) throw new Error(`the member is on ${hit}`)
      await settled(page)
      await check(page, ctx)
    } catch (e) {
      throw new Error(`expected ${driver.flow} state ${leaf}; the member is on ${await whereIs(page)}: ${(e as Error).message?.split('\n')[0] ?? e}`)
    } finally {
      wrong.stop()
    }
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

/** The card a replay pays with when a path names `${cardNumber}`, `${cardExpiry}`, `${cardCvc}`. */
export const TEST_CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123' }

/**
 * Placeholders in event strings: `${email}` and `${password}` stand for the run's account,
 * `${unique}` for a token of this run (a new address per signup), `${cardNumber}`,
 * `${cardExpiry}` and `${cardCvc}` for the test card. The recorder writes these in place of the
 * secrets it redacts (src/adapters/flow-recorder.ts SECRETS); `{mailedCode}` and `{mailed}` are
 * read from the mail by the flow's driver.
 */
export function resolveEvent(event: FlowEvent, ctx: FlowContext): FlowEvent {
  ctx.vars.unique ??= `${Date.now()}${Math.floor(Math.random() * 1e4)}`
  const unique = ctx.vars.unique
  return JSON.parse(JSON.stringify(event), (_key, value) =>
    typeof value === 'string'
      ? value
          .replaceAll('${email}', ctx.account.email)
          .replaceAll('${password}', ctx.account.password)
          .replaceAll('${unique}', unique)
          .replaceAll('${cardNumber}', TEST_CARD.number)
          .replaceAll('${cardExpiry}', TEST_CARD.expiry)
          .replaceAll('${cardCvc}', TEST_CARD.cvc)
      : value,
  ) as FlowEvent
}
