import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type Locator, type Page } from '@playwright/test'
import { CHROME_FLAGS, CHROMIUM } from './web-stack'

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')), headless: true })

export type JsLoad = { url: string; bytes: number; gzip: number }

const isJs = (url: string, contentType: string | undefined) => /javascript/.test(contentType ?? '') || /\.m?js(\?|$)/.test(new URL(url).pathname)

/**
 * Loads `url` in `page` with the HTTP cache off and returns every JavaScript response that finished
 * before `visible(page)` was visible, each with its raw and gzip (level 9) size.
 */
export async function jsUntilVisible(page: Page, url: string, visible: (p: Page) => Locator): Promise<{ files: JsLoad[]; gzip: number; raw: number; ms: number }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const finished: Promise<JsLoad | null>[] = []
  let done = false
  page.on('requestfinished', (request) => {
    if (done) return
    finished.push(
      (async () => {
        const response = await request.response()
        if (!response || !isJs(request.url(), response.headers()['content-type'])) return null
        const body = await response.body()
        return { url: new URL(request.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }
      })().catch(() => null),
    )
  })
  const t0 = Date.now()
  await page.goto(url)
  await visible(page).waitFor({ state: 'visible', timeout: 60_000 })
  done = true
  const ms = Date.now() - t0
  await cdp.detach().catch(() => {})
  const files = (await Promise.all(finished)).filter((f): f is JsLoad => f !== null)
  return { files, gzip: files.reduce((s, f) => s + f.gzip, 0), raw: files.reduce((s, f) => s + f.bytes, 0), ms }
}

/** Logs in through the product's own /login form (what a member does). */
export async function loginThroughForm(page: Page, webUrl: string, creds: { email: string; password: string }) {
  await page.goto(`${webUrl}/login`)
  await page.getByLabel('メールアドレス').fill(creds.email)
  await page.getByLabel('パスワード', { exact: true }).fill(creds.password)
  await page.getByRole('button', { name: 'ログイン' }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 })
}
