import { eq } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { members } from '../db/schema'
import { unauthenticated } from '../domain/errors'
import type { MemberRow } from './cache'

/**
 * Locks the member row until the transaction ends; a cancelled member is 401. Every money write of
 * one member (services/purchase/) and cancel-account serialise on it.
 */
export async function lockMember(tx: Tx, memberId: string): Promise<MemberRow> {
  const [row] = await tx.select().from(members).where(eq(members.memberId, memberId)).for('update')
  // A cancelled member's row is kept, anonymised (services/member/cancel-account.ts): still no member.
  if (!row || row.deletedAt) throw unauthenticated()
  return row
}
