import { Hono } from 'hono'
import * as v from 'valibot'
import { calls, type CallName } from '../contract/calls'
import { NoControlChars } from '../contract/fields'
import { issueMessage } from '../contract/validation-messages'
import { errorAnswer } from './http/errors'
import { invalid, unauthenticated } from './domain/errors'
import { authenticateMember, memberLoader } from './http/member-auth'
import { DEFAULT_BODY_LIMIT, bodyLimit, bodyLimitOf, checkQuerySize, readJsonBody } from './http/body'
import { CheckedJson, checkResponse } from './infra/checked-json'
import type { Deps, Handlers } from './http/handler'
import { authHandlers } from './routes/auth'
import { cancelAccountHandlers } from './routes/cancel-account'
import { checkoutHandlers } from './routes/checkout'
import { couponClaimHandlers } from './routes/coupon-claim'
import { emailChangeHandlers } from './routes/email-change'
import { memberDataHandlers } from './routes/member-data'
import { passwordChangeHandlers } from './routes/password-change'
import { passwordResetHandlers } from './routes/password-reset'
import { profileHandlers } from './routes/profile'
import { receiptHandlers } from './routes/receipt'
import { purchaseListHandlers } from './routes/purchase-list'
import { ratingHandlers } from './routes/rating'
import { noCallReportHandlers } from './routes/no-call-report'
import { reservationChangeHandlers } from './routes/reservation-change'
import { roomHandlers } from './routes/room'
import { signupHandlers } from './routes/signup'
import { mountSandbox3ds } from './routes/sandbox-3ds'
import { mountBenchRoutes } from './routes/bench-routes'
import { mountTestRoutes } from './routes/test-routes'
import { atRequestedTime, TEST_NOW_HEADER } from './infra/test-clock'
import type { JobEngine } from './jobs/engine'
import type { SandboxPayment } from './adapters/payment'
import { createRateLimiter, defaultRateLimits, type LimitedCall, type RateLimitStore, type RateLimits } from './http/rate-limit'
import { compressJson } from './http/compress-json'
import { requestDeadline } from './http/deadline'
import { apiSecurityHeaders, HSTS, sandboxPageSecurityHeaders } from './http/security-headers'
import { mountSpa } from './http/spa'
import { mountStaffCalls } from './http/staff'
import { staffCalls } from '../contract/staff-calls'
import { staffHandlers } from './routes/staff/index'
import { deskCalls } from '../contract/desk-calls'
import { deskHandlers } from './routes/staff/desk'
import { mountFileCalls } from './http/files'
import { fileCalls } from '../contract/file-calls'
import { fileHandlers } from './routes/files'
import { withCacheInvalidation } from './infra/cache-writes'
import { reportServerError } from './observability/error-reports'
import { readinessHandler } from './observability/readiness'
import { requestLogging, routeLabel } from './observability/request-log'

export type { Deps } from './http/handler'

// One handler file per flow (server/routes/<flow>.ts, its logic in server/services/<flow>.ts), plus
// the member reads that belong to no flow (routes/member-data.ts). The type checks every call of
// the contract has exactly one handler.
const handlers: Handlers = {
  ...authHandlers,
  ...signupHandlers,
  ...checkoutHandlers,
  ...reservationChangeHandlers,
  ...ratingHandlers,
  ...noCallReportHandlers,
  ...couponClaimHandlers,
  ...profileHandlers,
  ...cancelAccountHandlers,
  ...emailChangeHandlers,
  ...passwordChangeHandlers,
  ...passwordResetHandlers,
  ...purchaseListHandlers,
  ...receiptHandlers,
  ...memberDataHandlers,
  ...roomHandlers,
}

const JSON_HEADERS = { 'content-type': 'application/json' }

export type AppOptions = {
  /** Limits of the account calls; defaults from server/http/rate-limit.ts. */
  rateLimits?: RateLimits
  /** Where the counters live (in memory by default; a shared store for several replicas). */
  rateLimitStore?: RateLimitStore
  /** This process's job engine (server/jobs/engine.ts): the test route that runs due jobs needs it. */
  jobs?: JobEngine
}

export function createApp(given: Deps, options: AppOptions = {}) {
  // Every committed write invalidates what its table's declaration says (server/infra/cache-writes.ts).
  // No flow calls the mailer: each writes its message with notify() and the job outbox-delivery
  // sends it (server/infra/outbox.ts, docs/server.md "Outbox").
  const deps: Deps = { ...given, db: withCacheInvalidation(given.db, given.caches) }
  const app = new Hono()
  const limiter = createRateLimiter(options.rateLimits ?? defaultRateLimits(deps.config.enableTestRoutes), options.rateLimitStore)
  const loadMember = memberLoader(deps)

  // First: the request id, one log line and one latency observation for every request
  // (docs/operations.md "Logs", "Metrics").
  app.use('*', ...requestLogging())
  // Tests move the time of one request (server/infra/test-clock.ts); never in production.
  if (deps.config.enableTestRoutes) app.use('*', (c, next) => atRequestedTime(c.req.header(TEST_NOW_HEADER), next))
  // No request holds a replica: one not answered within its deadline is answered 503 (server/http/deadline.ts).
  app.use('*', requestDeadline(deps.config.limits))
  // Production: HSTS on every answer — the app's HTML and files, the 404s, the sandbox page — not
  // only the API's (docs/operations.md "Headers").
  if (deps.config.env === 'production') {
    app.use('*', async (c, next) => {
      await next()
      c.res.headers.set('Strict-Transport-Security', HSTS)
    })
  }
  app.use('/api/*', apiSecurityHeaders())
  // The answers' JSON compressed for a client that accepts it (server/http/compress-json.ts).
  app.use('/api/*', compressJson())
  // A write's cache invalidations (fired by its commit: server/infra/cache-writes.ts) reach the other replicas before its answer reaches the caller
  // (server/infra/cache-bus.ts): the caller's next request, to any replica, sees the write.
  app.use('/api/*', async (_c, next) => {
    await next()
    await deps.caches.flush()
  })
  // Which caches a write invalidates follows from the tables it wrote, member, staff, job or test
  // route alike (server/infra/cached-tables.ts); the flush above waits for the other replicas.
  app.use('/sandbox/*', sandboxPageSecurityHeaders())
  // Routes outside the contract read their own bodies (the 3-D Secure form, test routes): capped
  // here; the contract's calls cap theirs in the route below, after the token.
  app.use('/sandbox/*', bodyLimit(DEFAULT_BODY_LIMIT))
  app.use('/api/__test/*', bodyLimit(DEFAULT_BODY_LIMIT))

  app.onError((err, c) => {
    // Domain errors and the HTTP layer's own refusals become `{ message }` with their status
    // (server/http/errors.ts); anything else is our failure.
    const answer = errorAnswer(err)
    if (answer) return c.json({ message: answer.message }, answer.status)
    reportServerError(err, { method: c.req.method, route: routeLabel(c) })
    return c.json({ message: 'Internal Server Error' }, 500)
  })

  app.get('/api/health', (c) => c.json({ ok: true }))
  app.get('/api/ready', readinessHandler(deps.db))

  if (deps.config.enableTestRoutes) {
    mountTestRoutes(app, deps, options.jobs)
    mountBenchRoutes(app)
  }

  for (const name of Object.keys(calls) as CallName[]) {
    const call = calls[name]
    const method = call.method === 'GET' ? 'get' : 'post'
    // No control character anywhere (contract/fields.ts), then the call's own schema.
    const request = v.pipe(NoControlChars, call.request)
    app[method](`/api/${name}`, async (c) => {
      // The token is checked before anything of the input, the body is not even read: an anonymous
      // caller learns nothing about the input rules and cannot make us buffer a body.
      const member = call.auth ? await authenticateMember(c, deps, loadMember) : null
      let raw: unknown
      if (call.method === 'GET') {
        checkQuerySize(c.req.url)
        raw = c.req.query()
      } else raw = await readJsonBody(c.req.raw, bodyLimitOf(name))
      const parsed = v.safeParse(request, raw)
      if (!parsed.success) throw invalid(issueMessage(parsed.issues))
      const handler = handlers[name] as (ctx: unknown) => Promise<unknown>
      const run = () => handler({
        input: parsed.output,
        deps,
        me: () => {
          if (!member) throw unauthenticated()
          return member
        },
        header: (h: string) => c.req.header(h),
        // Rate limits are taken by the handlers, which know what to count (server/routes/<flow>.ts).
        address: limiter.addressOf(c),
        limit: (rule: string, key: string) => limiter.take(name as LimitedCall, rule as never, key),
      })
      // Member reads come from the read cache (server/infra/cache.ts READ_TTL_MS) while this
      // replica has applied every write answered anywhere (`caches.read`); a refusal (4xx) is
      // never kept.
      const readKey = deps.caches.readKey(name, member?.memberId ?? null, parsed.output)
      if (readKey !== null) {
        const cached = await deps.caches.read(deps.caches.reads, readKey, async () => {
          const fresh = await run()
          return { value: fresh instanceof CheckedJson ? fresh : new CheckedJson(JSON.stringify(checkResponse(name, fresh))) }
        })
        return c.body(cached.bytes, 200, JSON_HEADERS)
      }
      // A member's own write is seen by their next read on any replica: the write's commit forgot
      // their reads here and published it on the bus; the answer waits for it (above).
      const out = await run()
      // The contract is checked on the way out too; a CheckedJson passed it when it was computed.
      if (out instanceof CheckedJson) return c.body(out.bytes, 200, JSON_HEADERS)
      return c.json(checkResponse(name, out) as object)
    })
  }

  // The staff calls (docs/api.md "Staff calls"): token, then role (claim and row), then input.
  mountStaffCalls(app, deps, staffCalls, staffHandlers)
  // The operator's desk (docs/api.md "Operator's desk").
  mountStaffCalls(app, deps, deskCalls, deskHandlers)
  // Answers that are files, not JSON (contract/file-calls.ts): the uploaded images, the calendar
  // feed, a member's booking as a calendar file.
  mountFileCalls(app, deps, fileCalls, fileHandlers)

  if (deps.payment.kind === 'sandbox') mountSandbox3ds(app, deps.payment as SandboxPayment, deps.config)

  // The built SPA on the same origin: what `npm start` and production serve (STATIC_DIR).
  if (deps.config.staticDir) {
    mountSpa(app, deps.config.staticDir, { authEmulatorHost: deps.config.firebaseAuthEmulatorHost, production: deps.config.env === 'production', stripe: deps.config.paymentProvider === 'stripe' })
  }

  app.notFound((c) => c.json({ message: 'Not Found' }, 404))
  return app
}
