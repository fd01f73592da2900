import type { Hono } from 'hono'
import type { SandboxPayment } from '../adapters/payment'
import type { Config } from '../config'

/**
 * Where the 3-D Secure page may send the browser back: a path of this origin,
 * or an absolute URL on APP_ORIGIN. Browsers read `/\\host` and `//host` as another host, and a
 * path such as `/.//evil` normalises to `//evil`, so the check runs on the URL as the browser
 * resolves it and on the raw text: no backslash, no control or space character, no dot segment,
 * no user info, and a resolved path that starts with one `/` only. null: refused (400).
 */
export function safeReturnUrl(raw: string | undefined, appOrigin: string): { url: URL; relative: boolean } | null {
  if (!raw || raw.length > 2048) return null
  // A backslash, a space or a control character: browsers strip or rewrite them, so refuse them.
  if (/[\\\s]/.test(raw) || [...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null
  const app = new URL(appOrigin)
  const relative = raw.startsWith('/')
  if (relative && raw.startsWith('//')) return null
  if (!relative && !raw.toLowerCase().startsWith(`${app.origin.toLowerCase()}/`) && raw.toLowerCase() !== app.origin.toLowerCase()) return null
  let url: URL
  try {
    url = new URL(raw, app.origin)
  } catch {
    return null
  }
  if (url.origin !== app.origin || url.username || url.password) return null
  if (url.pathname.startsWith('//')) return null
  const path = raw.replace(/^[a-z]+:\/\/[^/]*/i, '').split(/[?#]/)[0]
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return null
  }
  if (decoded.split('/').some((seg) => seg === '.' || seg === '..')) return null
  return { url, relative }
}

/**
 * The sandbox provider's 3-D Secure page (docs/design.md): plain HTML, 承認 / 失敗. Frictionless cards
 * go straight back. The return URL: see safeReturnUrl.
 */
export function mountSandbox3ds(app: Hono, payment: SandboxPayment, config: Config) {
  const safeReturn = (raw: string | undefined): string | null => {
    const r = safeReturnUrl(raw, config.appOrigin)
    return r ? (r.relative ? `${r.url.pathname}${r.url.search}` : r.url.toString()) : null
  }
  const back = (returnUrl: string, tokenId: string, result: 'succeeded' | 'failed') => {
    const u = new URL(returnUrl, config.appOrigin)
    u.searchParams.set('sandbox_token', tokenId)
    u.searchParams.set('tds_result', result)
    return returnUrl.startsWith('/') ? `${u.pathname}${u.search}` : u.toString()
  }
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

  app.get('/sandbox/3ds/:tokenId', async (c) => {
    const tokenId = c.req.param('tokenId')
    const returnUrl = safeReturn(c.req.query('return_url'))
    if (!returnUrl) return c.text('return_url が不正です', 400)
    const behaviour = await payment.tokenBehaviour(tokenId)
    if (!behaviour) return c.text('トークンが見つかりません', 404)
    if (behaviour !== 'challenge') return c.redirect(back(returnUrl, tokenId, 'succeeded'), 302)
    const form = (action: string, label: string, name: string) =>
      `<form method="post" action="/sandbox/3ds/${escape(tokenId)}/${action}"><input type="hidden" name="return_url" value="${escape(returnUrl)}"><button type="submit" name="${name}">${label}</button></form>`
    return c.html(`<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>3Dセキュア認証（サンドボックス）</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}form{display:inline-block;margin-right:1rem}button{font-size:1rem;padding:.5rem 1.5rem}</style></head>
<body><h1>3Dセキュア認証</h1><p>これはテスト用の認証ページです。本人認証を承認するか、失敗させるかを選んでください。</p>
${form('approve', '承認', 'approve')}${form('fail', '失敗', 'fail')}</body></html>`)
  })

  for (const [action, approve] of [['approve', true], ['fail', false]] as const) {
    app.post(`/sandbox/3ds/:tokenId/${action}`, async (c) => {
      const tokenId = c.req.param('tokenId')
      const body = await c.req.parseBody()
      const returnUrl = safeReturn(typeof body.return_url === 'string' ? body.return_url : undefined)
      if (!returnUrl) return c.text('return_url が不正です', 400)
      if (!(await payment.decideThreeDSecure(tokenId, approve))) return c.text('トークンが見つかりません', 404)
      return c.redirect(back(returnUrl, tokenId, approve ? 'succeeded' : 'failed'), 303)
    })
  }
}
