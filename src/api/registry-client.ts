import * as v from 'valibot'
import { ErrorResponse } from '../../contract/session-calls'
import { apiErrors } from '../../contract/messages'
import { ApiError, NotLoggedInError } from './api-error'
import { nextRequestId } from './request-id'

/**
 * A typed client of one call registry (contract/calls.ts for members, contract/staff-calls.ts for
 * staff): the request is validated with the call's schema before it leaves, the response is parsed
 * with the call's response schema, and a non-2xx answer becomes an ApiError carrying the server's
 * `{ message }`. Both registries share the bearer token and this error mapping.
 */
export type RegistrySpec = {
  method: 'GET' | 'POST'
  /** false: an anonymous call; absent (staff calls) or true: the bearer token is required. */
  auth?: boolean
  request: v.GenericSchema
  response: v.GenericSchema
}

export type CallOptions = {
  /** Extra headers, e.g. `Idempotency-Key` for a charge. */
  headers?: Record<string, string>
  signal?: AbortSignal
}

export type RegistryClient<R extends Record<string, RegistrySpec>> = {
  call<N extends keyof R & string>(name: N, request: v.InferInput<R[N]['request']>, options?: CallOptions): Promise<v.InferOutput<R[N]['response']>>
}

export type ApiClientDeps = {
  /** e.g. `/api`; each call goes to `${baseUrl}/${name}`. */
  baseUrl: string
  /** The signed-in user's ID token, or null when nobody is signed in. */
  getIdToken: () => Promise<string | null>
  fetch?: typeof fetch
}

export function createRegistryClient<R extends Record<string, RegistrySpec>>(
  registry: R,
  { baseUrl, getIdToken, fetch: fetchFn = globalThis.fetch.bind(globalThis) }: ApiClientDeps,
): RegistryClient<R> {
  return {
    async call(name, request, options = {}) {
      const spec = registry[name]
      const payload = v.parse(spec.request, request) as Record<string, unknown>
      // A request id per call: the server's log lines and error reports of this call carry it.
      const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': nextRequestId(), ...options.headers }

      if (spec.auth !== false) {
        const token = await getIdToken()
        if (!token) throw new NotLoggedInError(apiErrors.notLoggedIn)
        headers.Authorization = `Bearer ${token}`
      }

      let url = `${baseUrl}/${name}`
      let body: string | undefined
      if (spec.method === 'GET') {
        const query = toQuery(payload)
        if (query) url += `?${query}`
      } else {
        headers['Content-Type'] = 'application/json'
        body = JSON.stringify(payload)
      }

      const response = await fetchFn(url, { method: spec.method, headers, body, signal: options.signal })
      const json = await readJson(response)
      if (!response.ok) {
        const error = v.safeParse(ErrorResponse, json)
        throw new ApiError(response.status, error.success ? error.output.message : response.statusText)
      }
      const parsed = v.safeParse(spec.response, json ?? {})
      if (!parsed.success) {
        // The server broke the contract: treat it as a system error (product.md §2 code 500).
        throw new ApiError(500, `Invalid response of ${name}: ${v.summarize(parsed.issues)}`)
      }
      return parsed.output as v.InferOutput<R[typeof name]['response']>
    },
  }
}

function toQuery(payload: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue
    params.append(key, String(value))
  }
  return params.toString()
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
