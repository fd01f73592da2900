import { apiErrors } from '../../contract/messages'
import { TICKET_CALENDAR_PATH, ticketCalendarName } from '../../contract/ticket-calendar'
import { ApiError, NotLoggedInError } from './api-error'
import type { ApiClientDeps } from './registry-client'
import { nextRequestId } from './request-id'

/** A file the app saves for the member: its name and bytes. */
export type SavedFile = { name: string; blob: Blob }

/**
 * The member's own booking as a calendar file (contract/file-calls.ts 'ticket-calendar'), fetched
 * with their bearer token as every member call is (src/api/registry-client.ts); a refusal is an
 * ApiError with its status, no signed-in member a NotLoggedInError.
 */
export function ticketCalendarFetcher({ baseUrl, getIdToken, fetch: fetchFn = globalThis.fetch.bind(globalThis) }: ApiClientDeps) {
  return async (ticketNumber: string): Promise<SavedFile> => {
    const token = await getIdToken()
    if (!token) throw new NotLoggedInError(apiErrors.notLoggedIn)
    const name = ticketCalendarName(ticketNumber)
    const response = await fetchFn(`${baseUrl}${TICKET_CALENDAR_PATH}${encodeURIComponent(name)}`, {
      headers: { Accept: 'text/calendar', Authorization: `Bearer ${token}`, 'X-Request-Id': nextRequestId() },
    })
    if (!response.ok) throw new ApiError(response.status, response.statusText)
    return { name, blob: await response.blob() }
  }
}
