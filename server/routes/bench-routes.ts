import type { Hono } from 'hono'

/**
 * The baseline of the API load benchmark (bench/api-load.ts): a bare JSON route on the same app,
 * so the product's calls are compared with Hono itself on the same server and run. Mounted only
 * with the test routes (ENABLE_TEST_ROUTES=1), never in production.
 */
export function mountBenchRoutes(app: Hono) {
  app.get('/api/__bench/bare', (c) => c.json({ ok: true }))
}
