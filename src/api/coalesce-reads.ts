import { memberCalls, type ApiClient } from './client'

/**
 * One request for identical reads in flight at the same time. React's StrictMode mounts
 * a page twice in development: each mount starts the page's chart, and the chart's invoked read
 * (ticket-data, purchase-list, nowonsale-products) went out twice. Two components asking the same
 * read at once share one answer the same way. Only GET calls without an abort signal are shared,
 * and only while in flight: a later call asks the server again. Writes are never shared.
 */
export function coalesceReads(api: ApiClient): ApiClient {
  const inFlight = new Map<string, Promise<unknown>>()
  return {
    async call(name, request, options) {
      // Passed on exactly as given (no `undefined` options added): the wrapper is invisible.
      const send = () => (options === undefined ? api.call(name, request) : api.call(name, request, options))
      // The registry loads with the first call (src/api/client.ts); calls made together wait for it together.
      const calls = await memberCalls()
      if (calls[name].method !== 'GET' || options?.signal || options?.headers) return send()
      const key = `${name}?${JSON.stringify(request)}`
      let pending = inFlight.get(key) as ReturnType<typeof send> | undefined
      if (!pending) {
        pending = send()
        inFlight.set(key, pending)
        const forget = () => inFlight.delete(key)
        pending.then(forget, forget)
      }
      return pending
    },
  }
}
