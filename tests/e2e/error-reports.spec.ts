import { createMember, expect, signIn, test } from './fixtures'

// Error reports of the browser (docs/operations.md "Error reports"): the test build has a DSN that
// points at a local collector (tests/e2e/global-setup.ts), the CSP lets the page reach it, the SDK
// is fetched on the first error only, and the event carries the id of the page's last API call and
// none of the member's personal data.

type Received = { raw: string[]; events: { tags?: Record<string, string>; release?: string; exception?: { values?: { value?: string }[] } }[] }

test('an error thrown in the signed-in page reaches the collector with the request id, without personal data', async ({ page }) => {
  const collector = process.env.MYPAGE_SENTRY_URL
  test.skip(!collector, 'the stack was started elsewhere (MYPAGE_WEB_URL): no local collector')
  const member = await createMember('demo')
  const sent: string[] = []
  page.on('request', (r) => {
    const id = r.headers()['x-request-id']
    if (id && new URL(r.url()).pathname.startsWith('/api/')) sent.push(id)
  })
  const sdk: string[] = []
  page.on('response', (r) => {
    if (/sentry-browser/.test(r.url())) sdk.push(r.url())
  })
  await signIn(page, member, '/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(sent.length).toBeGreaterThan(0)
  // A page without an error never loads the SDK.
  expect(sdk).toEqual([])

  // Letters only: a long run of digits would be scrubbed as a card number.
  const marker = `view failed ${Date.now().toString(36)}`
  await page.evaluate(
    ([text, email]) => {
      setTimeout(() => {
        throw new Error(`${text} for ${email}, 090-1234-5678, 4242 4242 4242 4242`)
      })
    },
    [marker, member.email],
  )
  const received = async () => ((await (await fetch(`${collector}/__received`)).json()) as Received)
  await expect.poll(async () => (await received()).events.some((e) => e.exception?.values?.[0]?.value?.startsWith(marker)), { timeout: 15_000 }).toBe(true)
  const { raw, events } = await received()
  const event = events.find((e) => e.exception?.values?.[0]?.value?.startsWith(marker))!
  expect(event.exception?.values?.[0]?.value).toBe(`${marker} for [email], [phone], [number]`)
  expect(event.release).toBe('mypage@e2e')
  expect(sent).toContain(event.tags?.request_id)
  expect(sdk.length).toBe(1)
  // The build's source maps are hidden: no reference in the code, and not served.
  const entry = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[type=module][src]')].map((s) => s.src)[0])
  expect(await (await fetch(entry)).text()).not.toContain('sourceMappingURL')
  expect((await fetch(`${entry}.map`)).status).toBe(404)
  const all = raw.join('\n')
  for (const secret of [member.email, member.password, '090-1234-5678', '4242 4242 4242 4242', 'demo@example.com']) expect({ secret, found: all.includes(secret) }).toEqual({ secret, found: false })
})
