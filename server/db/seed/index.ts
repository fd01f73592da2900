import { sql } from 'drizzle-orm'
import type { Db } from '../client'
import { members } from '../schema'
import { seedCatalog } from './catalog'
import { demoMember, otherMember, seedMember, type MemberSeed } from './members'

/** Members with a known password: main.ts makes sure each exists in the identity provider. */
export const seededIdentities: MemberSeed[] = [demoMember, otherMember]

/** Seeds the demo data when the database is empty (first start). Returns whether it seeded. */
export async function seedIfEmpty(db: Db, now: Date): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(members)
  if (count > 0) return false
  await db.transaction(async (tx) => {
    await seedCatalog(tx, now)
    await seedMember(tx, demoMember, 'demo', now)
    await seedMember(tx, otherMember, 'other', now)
  })
  return true
}
