import * as v from 'valibot'
import { STAFF_CALENDAR_PREFIX, type StaffCallRole } from './staff-calls'
import { TICKET_CALENDAR_PATH } from './ticket-calendar'
import { DESK_EXPORT_NAME } from './desk-exports'

/**
 * Calls whose answer is a file, not JSON: an uploaded image, the consultant's iCalendar feed, a
 * member's booking as a calendar file, the desk's CSV exports (and the receipts to come). Each entry declares its path, who may call it, how the one
 * path parameter is checked and what the answer is; server/http/files.ts mounts them all the same
 * way (docs/server.md "File answers"). A refused or unknown parameter is a 404 `{ message }`, like
 * any path that names nothing.
 */
export type FileCallSpec = {
  method: 'GET'
  /** Mounted at `<prefix><name>`; `name` is the path's last segment. */
  prefix: string
  /**
   * 'public': no credential (an <img> carries no token); 'url-token': the path itself is the
   * credential (a calendar app cannot send a header); 'member': a member's bearer token, as the
   * member calls check it (the app fetches the file); a staff role: the bearer token and the role,
   * as the staff calls check them.
   */
  access: 'public' | 'url-token' | 'member' | StaffCallRole
  /** The path's last segment; what it may look like. */
  name: v.GenericSchema<string, string>
  contentType: string
  cacheControl: string
  /** 'attachment': saved under the path's last segment. */
  contentDisposition?: 'inline' | 'attachment'
}
export type FileRegistry = Record<string, FileCallSpec>

/** `/api/images/<id>` (an upload of the operator's desk). */
export const IMAGE_PATH_PREFIX = '/api/images/'

export const DESK_EXPORT_PREFIX = '/api/desk-exports/'

export const fileCalls = {
  /** An uploaded image: re-encoded WebP, immutable (an id is never reused). */
  image: {
    method: 'GET',
    prefix: IMAGE_PATH_PREFIX,
    access: 'public',
    name: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)),
    contentType: 'image/webp',
    cacheControl: 'public, max-age=31536000, immutable',
    contentDisposition: 'inline',
  },
  /** A consultant's bookings as iCalendar: the 43-character token in the name is the credential. */
  'calendar-feed': {
    method: 'GET',
    prefix: STAFF_CALENDAR_PREFIX,
    access: 'url-token',
    name: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}\.ics$/)),
    contentType: 'text/calendar; charset=utf-8',
    cacheControl: 'private, no-store',
  },
  /**
   * The accountant's CSV of a range of JST days (both included, at most NUMBERS_RANGE_MAX_DAYS):
   * `/api/desk-exports/<kind>-<from>-<to>.csv`, a kind of contract/desk-exports.ts. UTF-8 with a BOM, CRLF, RFC 4180 quoting, every cell
   * safe from formula injection (docs/server.md "Numbers and exports", decision 89); streamed page by page.
   */
  'desk-export': {
    method: 'GET',
    prefix: DESK_EXPORT_PREFIX,
    access: 'operator',
    name: v.pipe(v.string(), v.regex(DESK_EXPORT_NAME)),
    contentType: 'text/csv; charset=utf-8',
    cacheControl: 'private, no-store',
    contentDisposition: 'attachment',
  },
  /**
   * The card's 「カレンダーに追加」: one booking of the caller (METHOD:PUBLISH, the same UID as the
   * mailed invites, so a calendar holding either keeps one event). Only the caller's own live
   * booking; anything else, another member's ticket included, is a 404.
   */
  'ticket-calendar': {
    method: 'GET',
    prefix: `/api${TICKET_CALENDAR_PATH}`,
    access: 'member',
    name: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}\.ics$/)),
    contentType: 'text/calendar; charset=utf-8',
    cacheControl: 'private, no-store',
    contentDisposition: 'attachment',
  },
} as const satisfies FileRegistry

export type FileCallName = keyof typeof fileCalls
