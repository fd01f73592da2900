import { calls, type CallName, type CallRequest, type CallResponse } from '../../contract/calls'
import { createRegistryClient, type ApiClientDeps, type CallOptions } from './registry-client'

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

export function createApiClient(deps: ApiClientDeps): ApiClient {
  return createRegistryClient(calls, deps)
}
