// Spec rules of the charge, the checkout's child chart (product.md §3 charge, §8 charge errors,
// §9 retry): the charge request is sent as given, with its idempotency key; HTTP 429 is sent again
// with the same key after 1 s, 2 s, then 4 s — at most 3 retries after the first try — and a 429
// beyond that is a failure; any other answer ends the charge at once and says what it was: the
// response, STAFF_DENY / STAFF_ASSING_DENY with the server's message, DENY_COUPON, no answer at all
// (or the load balancer's 502/503/504: the charge may have happened), or any other failure.
// Written against the calls, the timers and the output only — no state names.
import { chargeMachine } from '../../machines/checkout/charge-machine'
import { ApiError } from '../../src/api/api-error'
import { calls, expectSent, httpStatus, isClient, same, type ChartSpec, type Observation, type SpecRules } from './observe'
import { attempt, response } from './checkout-fixtures'
import { GATEWAY_STATUSES } from '../../contract/calls'
import { boundary } from './boundaries'

type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

const input = { payload: attempt.payload, idempotencyKey: 'seed-1' }

const sentCount = (trail: Observation[]) => trail.reduce((n, o) => n + calls(o, 'charge').length, 0)

export const rules: SpecRules = {
  afterStep({ event, after, trail }) {
    const v: string[] = []
    const charges = calls(after, 'charge')
    if (charges.some((c) => !same(c.input, input))) v.push(`a charge is sent as given, with its key: sent ${JSON.stringify(charges.map((c) => c.input))}`)
    if (event.type === 'xstate.init') {
      if (charges.length !== 1) v.push('the charge is sent once at the start')
      return v
    }
    // §9 timing: the first retry after 1 s, the second after 2 s, the third after 4 s; only after a 429.
    const delay = /^xstate\.after\.(\d+)\./.exec(event.type)
    if (delay) {
      const before = sentCount(trail.slice(0, -1))
      if (Number(delay[1]) !== 1000 * 2 ** (before - 1)) v.push(`retry ${before} must come after ${1000 * 2 ** (before - 1)} ms, came after ${delay[1]} ms`)
      const last = [...trail].reverse().find((o) => o.reply?.call === 'charge')
      if (!last || last.reply!.ok || httpStatus(last.reply!.error) !== 429) v.push('a charge is sent again only after HTTP 429')
      if (charges.length !== 1) v.push('a retry sends the charge once')
    }
    if (sentCount(trail) > 4) v.push(`at most 3 retries after the first try (§9), sent ${sentCount(trail)}`)
    const r = after.reply
    if (r?.call !== 'charge') return v
    v.push(...expectSent(after, [], 'on an answer'))
    const status = httpStatus(r.error)
    const message = String((r.error as Any)?.message ?? '')
    if (!r.ok && status === 429 && sentCount(trail) <= 3) {
      if (after.done) v.push('HTTP 429 is retried (§9), not the end of the charge')
      return v
    }
    if (!after.done) return [...v, 'this answer ends the charge']
    const want = r.ok
      ? { outcome: 'charged', response: r.output }
      : isClient(status) && /STAFF_ASSING_DENY|STAFF_DENY/.test(message)
        ? { outcome: 'staffDenied', message }
        : isClient(status) && message.includes('DENY_COUPON')
          ? { outcome: 'couponDenied' }
          : (r.error as Any)?.status === undefined || (GATEWAY_STATUSES as readonly number[]).includes(status)
            ? { outcome: 'unanswered' }
            : { outcome: 'failed' }
    if (!same(after.output, want)) v.push(`the charge ends with ${JSON.stringify(want)}, ended with ${JSON.stringify(after.output)}`)
    return v
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: chargeMachine,
      input,
      events: {},
      outcomes: {
        charge: {
          done: [response],
          error: [
            new ApiError(429, 'RATE_LIMITED'), new ApiError(402, 'CARD_DECLINED'), new ApiError(400, 'STAFF_DENY'), new ApiError(400, 'STAFF_ASSING_DENY'), new ApiError(400, 'DENY_COUPON'), new TypeError('Failed to fetch'), new ApiError(500, 'boom'),
            // Only a 429 is sent again: its neighbours end the charge at once (boundaries.ts).
            ...boundary(new ApiError(428, 'Precondition Required'), new ApiError(430, 'unassigned')),
            ...boundary(...GATEWAY_STATUSES.map((status) => new ApiError(status, 'gateway')), new ApiError(Math.min(...GATEWAY_STATUSES) - 1, 'Not Implemented'), new ApiError(Math.max(...GATEWAY_STATUSES) + 1, 'HTTP Version Not Supported')),
          ],
        },
      },
      serialize: (s) => JSON.stringify([s.value, (s.context as Any).tries]),
    },
  ],
  rules,
}
