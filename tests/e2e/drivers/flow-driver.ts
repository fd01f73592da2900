import type { Page } from '@playwright/test'
import { signIn } from '../fixtures'

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

/** Requests the page has sent and not yet seen answered (the settle check waits for none). */
const inFlight = new WeakMap<Page, Set<unknown>>()
function requestsInFlight(page: Page): Set<unknown> {
  let open = inFlight.get(page)
  if (!open) {
    const pending = new Set<unknown>()
    open = pending
    inFlight.set(page, pending)
    page.on('request', (r) => pending.add(r))
    page.on('requestfinished', (r) => pending.delete(r))
    page.on('requestfailed', (r) => pending.delete(r))
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) pending.clear() })
  }
  return open
}

/** How long a chart and the page must rest before a state that is not the expected one counts as
 * where they settled: longer than the charts' own delays (the charge's retries wait 1 s and 2 s). */
const SETTLED_ELSEWHERE_MS = 3_000
/** How long the expected state must hold, with nothing in flight, before the screen is checked. */
const SETTLED_MS = 300

type ChartNow = { state: string | null; snapshots: number } | null

/** `expected` (leaf paths joined by `,`) is where the chart is: each expected leaf is one of the
 * chart's leaves or an ancestor of one. */
export function chartIsIn(actual: string, expected: string): boolean {
  const leaves = actual.split(',')
  return expected.split(',').every((e) => leaves.some((a) => a === e || a.startsWith(`${e}.`)))
}

/**
 * Waits until the flow's chart (as the page's flow recorder sees it, in development and test
 * builds) has SETTLED after an event, and checks it settled in the expected state: the expected
 * state reached and held for a moment with no request in flight — or, if the chart rests anywhere
 * else (nothing in flight, no new snapshot for a few seconds), a failure naming where it is. So an
 * expectation is never judged while the page is still loading, and a wrong one fails every time,
 * not only when the screen happens to look alike. Without a recorder (a production build) it
 * returns false and the screen check alone decides.
 */
export async function chartSettled(page: Page, flow: string, expected: string, timeoutMs = 20_000): Promise<boolean> {
  const pending = requestsInFlight(page)
  const started = Date.now()
  let last = ''
  let lastChange = Date.now()
  for (;;) {
    const now: ChartNow | undefined = await page
      .evaluate((f) => (window as unknown as { __qaFlowState?: (flow: string) => ChartNow }).__qaFlowState?.(f), flow)
      .catch(() => null) // a navigation in progress: ask again
    if (now === undefined) return false
    const key = now ? `${now.state}#${now.snapshots}` : 'none'
    if (key !== last) {
      last = key
      lastChange = Date.now()
    }
    const quiet = Date.now() - lastChange
    // A press a page holds until the app has taken it over (src/prerender/hand-off.ts) is not yet sent.
    const held = await page.evaluate(() => document.querySelector('[data-press-held]') !== null).catch(() => false)
    const busy = pending.size > 0 || held
    if (now?.state && chartIsIn(now.state, expected) && quiet >= SETTLED_MS && !busy) return true
    // A chart resting elsewhere has settled there. No chart at all may be a page still starting
    // (the app starts in stages after its first paint, seconds on a loaded machine, with nothing
    // in flight): that waits until the timeout.
    if (now?.state && !busy && quiet >= SETTLED_ELSEWHERE_MS) throw new Error(`the ${flow} chart settled in ${now.state}, not ${expected}`)
    if (Date.now() - started > timeoutMs) {
      if (!now?.state) throw new Error(`no ${flow} chart is running on this page after ${timeoutMs / 1000} s`)
      throw new Error(`the ${flow} chart is still in ${now.state} after ${timeoutMs / 1000} s${busy ? ` with ${pending.size} request(s) in flight` : ''}, expected ${expected}`)
    }
    await page.waitForTimeout(100)
  }
}

/**
 * Asserts an expected state (`a.b` or `a.b,c.d` for parallel regions) once the chart has settled
 * in it (chartSettled) and on screen, STABLE: the driver's check holds, the page's animations end,
 * and it still holds — a dialog that is closing satisfies "visible" for a moment, not after it has
 * closed. The error page or a not-found page, when the state is no error, fails at once; every
 * failure names the expected state and the page the member is actually on.
 */
export async function assertState(driver: FlowDriver, page: Page, expected: string, ctx: FlowContext) {
  try {
    await chartSettled(page, driver.flow, expected)
  } catch (e) {
    throw new Error(`expected ${driver.flow} state ${expected}; the member is on ${await whereIs(page)}: ${(e as Error).message}`)
  }
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

/**
 * Performs one event through the driver. A member's action that cannot be done (a click the page
 * never let through) fails naming the page, the charts' states and, when Playwright saw one, the
 * element that covered the target.
 */
export async function performEvent(driver: FlowDriver, page: Page, event: FlowEvent, ctx: FlowContext) {
  const perform = driver.events[event.type]
  if (!perform) throw new Error(`the ${driver.flow} driver cannot perform event ${event.type} in the browser`)
  requestsInFlight(page)
  try {
    await perform(page, event, ctx)
  } catch (e) {
    throw new Error(performFailure(event.type, (e as Error).message ?? String(e), await whereIs(page)))
  }
}

/**
 * The message of an event the page did not let through: Playwright's first line and, when its log
 * says another element intercepted the click ("<div …> … intercepts pointer events"), that element.
 */
export function performFailure(eventType: string, message: string, where: string): string {
  const covered = /(<[^\n]*?>)[^\n]*intercepts pointer events/.exec(message)?.[1]
  const what = message.split('\n')[0]
  return `could not perform ${eventType}: ${what}${covered ? `; the target was covered by ${covered}` : ''}; the member is on ${where}`
}

/** Dev-tool switches a recorded start route may carry (the live flow panel, the online inspector):
 * a replay opens the page without them, so no panel covers what the member clicks. */
export function withoutDevTools(route: string): string {
  const [beforeHash, hash = ''] = route.split('#', 2)
  const [path, query] = beforeHash.split('?', 2)
  if (query === undefined) return route
  // By hand, not URLSearchParams: a placeholder such as `{ratableTicket}` must stay as written.
  const kept = query.split('&').filter((pair) => pair !== '' && !/^(flows|inspect)(=|$)/.test(pair))
  return `${path}${kept.length ? `?${kept.join('&')}` : ''}${hash ? `#${hash}` : ''}`
}

/** Closes the live flow panel if it is open (it persists across reloads of a tab). */
export async function closeDevPanels(page: Page) {
  const close = page.getByRole('button', { name: 'ライブフロー表示を閉じる' })
  if (await close.isVisible().catch(() => false)) await close.click()
}

/**
 * Opens `route` signed in as the path's account (the fixtures' `signIn`: no /login page, which
 * is the auth flow's own subject), as a returning member finds it.
 */
export async function openSignedIn(page: Page, ctx: FlowContext, route: string) {
  await signIn(page, ctx.account, route)
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
