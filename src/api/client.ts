import * as v from 'valibot'
import { calls, ErrorResponse, type CallName, type CallRequest, type CallResponse } from '../../contract/calls'
import { apiErrors } from '../../contract/messages'
import { ApiError, NotLoggedInError } from './api-error'

/**
 * The typed product API, built from the registry in contract/calls.ts:
 *   const member = await api.call('user-data', { data: 'MEMBER' })
 * The request is validated with the call's schema before it leaves, the response is parsed
 * with the call's response schema, and a non-2xx answer becomes an ApiError.
 */
export type ApiClient = {
  call<N extends CallName>(name: N, request: CallRequest<N>, options?: CallOptions): Promise<CallResponse<N>>
}

export type CallOptions = {
  /** Extra headers, e.g. `Idempotency-Key` for a charge. */
  headers?: Record<string, string>
  signal?: AbortSignal
}

export type ApiClientDeps = {
  /** e.g. `/api`; each call goes to `${baseUrl}/${name}`. */
  baseUrl: string
  /** The signed-in member's ID token, or null when nobody is signed in. */
  getIdToken: () => Promise<string | null>
  fetch?: typeof fetch
}

export function createApiClient({ baseUrl, getIdToken, fetch: fetchFn = globalThis.fetch.bind(globalThis) }: ApiClientDeps): ApiClient {
  return {
    async call(name, request, options = {}) {
      const spec = calls[name]
      const payload = v.parse(spec.request, request) as Record<string, unknown>
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }

      if (spec.auth) {
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
      return parsed.output as CallResponse<typeof name>
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
