import type { CallName, CallRequest, CallResponse, calls as Calls } from '../../contract/calls'
import { createRegistryClient, type ApiClientDeps, type CallOptions, type RegistryClient } from './registry-client'

export type { ApiClientDeps, CallOptions } from './registry-client'

/**
 * The typed product API, built from the registry in contract/calls.ts:
 *   const member = await api.call('user-data', { data: 'MEMBER' })
 * The request is validated with the call's schema before it leaves, the response is parsed
 * with the call's response schema, and a non-2xx answer becomes an ApiError (src/api/registry-client.ts).
 */
export type ApiClient = {
  call<N extends CallName>(name: N, request: CallRequest<N>, options?: CallOptions): Promise<CallResponse<N>>
}

/**
 * The member registry, imported with the first call: every call's schema is a module a first page
 * need not evaluate before it answers a tap (docs/performance.md "What a member's page loads").
 * The staff and desk registries are the staff side's own (src/api/staff-client.ts, desk-client.ts).
 */
export const memberCalls = (() => {
  let loading: Promise<typeof Calls> | undefined
  return (): Promise<typeof Calls> => {
    if (!loading) {
      loading = import('../../contract/calls').then((m) => m.calls)
      // A failed chunk load (offline) is tried again by the next call.
      loading.catch(() => (loading = undefined))
    }
    return loading
  }
})()

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let client: RegistryClient<typeof Calls> | undefined
  return {
    async call(name, request, options) {
      client ??= createRegistryClient(await memberCalls(), deps)
      return client.call(name, request, options)
    },
  }
}
