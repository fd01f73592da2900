import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type Locator, type Page } from '@playwright/test'
import { CHROME_FLAGS, CHROMIUM } from './web-stack'

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')), headless: true })

export type JsLoad = { url: string; bytes: number; gzip: number }

const isJs = (url: string, contentType: string | undefined) => /javascript/.test(contentType ?? '') || /\.m?js(\?|$)/.test(new URL(url).pathname)

/** What marks a page as rendered: the first element matching `selector` whose text includes `text` and that has a size. */
export type VisibleProbe = { selector: string; text: string }

/**
 * Loads `url` in `page` with the HTTP cache off. The moment the probe's element first appears with
 * a size is taken inside the page (a MutationObserver, `performance.now()`), and each script's
 * `responseEnd` from Resource Timing is compared with it: `beforeVisible` holds the JavaScript
 * that had finished loading when the content appeared (what its render could have needed); `all`
 * holds every script the load fetched until the network was idle (SDKs loaded after the render
 * included). Raw and gzip (level 9) sizes of each.
 */
export async function jsUntilVisible(page: Page, url: string, probe: VisibleProbe, locator: (p: Page) => Locator, opts: { interactiveMark?: string } = {}) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  // No named functions inside: tsx would wrap them in a `__name` helper the page does not have.
  await page.addInitScript(({ selector, text }: VisibleProbe) => {
    const w = window as unknown as { __visibleAt?: number }
    const observer = new MutationObserver(() => {
      if (w.__visibleAt !== undefined) return
      for (const element of document.querySelectorAll(selector)) {
        const box = element.getBoundingClientRect()
        if (element.textContent?.includes(text) && box.width > 0 && box.height > 0) {
          w.__visibleAt = performance.now()
          observer.disconnect()
          return
        }
      }
    })
    observer.observe(document, { childList: true, subtree: true, attributes: true })
  }, probe)
  const responses: Promise<(JsLoad & { href: string }) | null>[] = []
  page.on('requestfinished', (request) => {
    responses.push(
      (async () => {
        const response = await request.response()
        if (!response || !isJs(request.url(), response.headers()['content-type'])) return null
        const body = await response.body()
        return { href: request.url(), url: new URL(request.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }
      })().catch(() => null),
    )
  })
  const t0 = Date.now()
  await page.goto(url)
  await locator(page).waitFor({ state: 'visible', timeout: 60_000 })
  const ms = Date.now() - t0
  await page.waitForLoadState('networkidle')
  if (opts.interactiveMark) await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, opts.interactiveMark, { timeout: 60_000 })
  const timing = await page.evaluate((mark) => ({
    visibleAt: (window as unknown as { __visibleAt?: number }).__visibleAt ?? null,
    interactiveAt: mark ? (performance.getEntriesByName(mark)[0]?.startTime ?? null) : null,
    ends: performance.getEntriesByType('resource').map((e) => [e.name, (e as PerformanceResourceTiming).responseEnd] as const),
  }), opts.interactiveMark ?? null)
  await cdp.detach().catch(() => {})
  if (timing.visibleAt === null) throw new Error(`${url}: the probe ${probe.selector} "${probe.text}" never matched`)
  const visibleAt = timing.visibleAt
  // A file fetched twice (a page's prefetch of the next page's chunks, with the cache off here)
  // counts once, when it first arrived.
  const responseEnd = new Map<string, number>()
  for (const [name, end] of timing.ends) responseEnd.set(name, Math.min(end, responseEnd.get(name) ?? end))
  const fetched = (await Promise.all(responses)).filter((f): f is JsLoad & { href: string } => f !== null)
  const all = fetched.filter((f, i) => fetched.findIndex((g) => g.href === f.href) === i)
  // The entry (and anything without a Resource Timing entry, such as the document's own modulepreloads
  // answered before the observer existed) counts as before.
  const beforeVisible = all.filter((f) => (responseEnd.get(f.href) ?? 0) <= visibleAt)
  const total = (files: JsLoad[]) => ({ files, gzip: files.reduce((s, f) => s + f.gzip, 0), raw: files.reduce((s, f) => s + f.bytes, 0) })
  // Interactive: the app's mark (src/main.tsx, its first page rendered and live), or the content's
  // appearance when the page is rendered by its JavaScript anyway, whichever is later.
  const interactiveAt = Math.max(visibleAt, timing.interactiveAt ?? 0)
  const beforeInteractive = all.filter((f) => (responseEnd.get(f.href) ?? 0) <= interactiveAt)
  return { ...total(beforeVisible), ms, visibleAtMs: Math.round(visibleAt), interactiveAtMs: Math.round(interactiveAt), interactive: total(beforeInteractive), all: total(all) }
}

/** Logs in through the product's own /login form (what a member does). */
export async function loginThroughForm(page: Page, webUrl: string, creds: { email: string; password: string }) {
  await page.goto(`${webUrl}/login`)
  await page.getByLabel('メールアドレス').fill(creds.email)
  await page.getByLabel('パスワード', { exact: true }).fill(creds.password)
  await page.getByRole('button', { name: 'ログイン' }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 })
}
