import type { Context } from 'hono'
import { eq } from 'drizzle-orm'
import { members } from '../db/schema'
import { unauthenticated } from '../domain/errors'
import type { Deps, MemberRow } from '../services/deps'

/** The member row of a verified uid; a uid without a row (cancelled, signup pending) is not kept. */
export const memberLoader = (deps: Deps) => async (_now: number, uid: string) => {
  const [row] = await deps.db.select().from(members).where(eq(members.memberId, uid))
  // A cancelled member's row is kept, anonymised, for the accounting records: no member any more.
  return row && !row.deletedAt ? { value: Object.freeze(row) } : { value: null, keep: false }
}

export type MemberLoader = ReturnType<typeof memberLoader>

/**
 * Who is calling: the bearer token verified by the identity provider (on every request), then
 * their member row — from the member cache, which every write to a member row invalidates
 * (docs/decisions.md 17). The member calls (server/app.ts) and the member's file answers
 * (server/http/files.ts) ask the same way.
 */
export async function authenticateMember(c: Context, deps: Deps, loadMember: MemberLoader): Promise<MemberRow> {
  const header = c.req.header('authorization') ?? ''
  const m = /^Bearer\s+(.+)$/i.exec(header)
  if (!m) throw unauthenticated()
  let uid: string
  try {
    uid = (await deps.identity.verifyIdToken(m[1].trim())).uid
  } catch {
    throw unauthenticated()
  }
  const member = await deps.caches.read(deps.caches.members, uid, loadMember)
  if (!member) throw unauthenticated()
  return member
}
