import { staffCalls } from '../../contract/staff-calls'
import { createRegistryClient, type ApiClientDeps, type RegistryClient } from './registry-client'

/**
 * The typed client of the staff calls (contract/staff-calls.ts, mounted at `/api/staff/<name>`):
 *   const day = await staffApi.call('consultant-day', { days: 7 })
 * The same bearer token and error mapping as the member client. Only staff pages import it, so
 * the staff registry stays out of the member pages' chunks.
 */
export type StaffApiClient = RegistryClient<typeof staffCalls>

export function createStaffApiClient(deps: Omit<ApiClientDeps, 'baseUrl'> & { apiBase: string }): StaffApiClient {
  return createRegistryClient(staffCalls, { ...deps, baseUrl: `${deps.apiBase}/staff` })
}
