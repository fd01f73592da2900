import { deskCalls } from '../../contract/desk-calls'
import { createRegistryClient, type ApiClientDeps, type RegistryClient } from './registry-client'

/**
 * The typed client of the operator's desk (contract/desk-calls.ts, mounted at `/api/staff/<name>`):
 *   const page = await deskApi.call('desk-coupons', { page: 1, pageSize: 20 })
 * Only the desk's pages import it, so its registry stays out of every other chunk.
 */
export type DeskApiClient = RegistryClient<typeof deskCalls>

export function createDeskApiClient(deps: Omit<ApiClientDeps, 'baseUrl'> & { apiBase: string }): DeskApiClient {
  return createRegistryClient(deskCalls, { ...deps, baseUrl: `${deps.apiBase}/staff` })
}
