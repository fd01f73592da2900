import * as v from 'valibot'
import { Member } from '../../../contract/session-calls'
import type { ApiClient } from '../../api/client'

/** The signed-in member's row, as the auth chart loads it (product.md §7 user-data MEMBER). */
export const readMember = async (api: ApiClient): Promise<Member> => v.parse(Member, await api.call('user-data', { data: 'MEMBER' }))

/**
 * The member row read with the kept session's token before the identity SDK had restored the
 * session (src/app/member-session-early.ts, docs/decisions.md 104). The home's own start draws
 * with it; the auth chart's first load of the member takes it instead of reading the row again,
 * when the SDK reports the same user within a few seconds.
 */
const FRESH_MS = 10_000

let early: { uid: string; at: number; member: Promise<Member> } | null = null
let decided: Promise<void> = Promise.resolve()

/** The kept session is being read: `earlyMember()` answers once it has been. */
export function readingKeptSession(read: Promise<void>): void {
  decided = read.catch(() => {})
}

export function keepEarlyMember(uid: string, member: Promise<Member>, now = Date.now()): void {
  member.catch(() => {}) // the chart reads again and reports
  early = { uid, at: now, member }
}

/** The row read early and whose it is, without taking it; null when the kept session gave none. */
export async function earlyMember(): Promise<{ uid: string; member: Promise<Member> } | null> {
  await decided
  return early
}

/** The row read early for `uid`, once, while fresh; otherwise null (the chart reads it). */
export function takeEarlyMember(uid: string | null, now = Date.now()): Promise<Member> | null {
  const taken = early
  if (!taken || taken.uid !== uid || now - taken.at > FRESH_MS) return null
  early = null
  return taken.member
}
