import { eq, sql } from 'drizzle-orm'
import { STARTUP_LOCK_KEY, type Db } from '../client'
import { members, products } from '../schema'
import { seedCatalog } from './catalog'
import { demoMember, otherMember, seedMember, type MemberSeed } from './members'

/** Members with a known password: main.ts makes sure each exists in the identity provider. */
export const seededIdentities: MemberSeed[] = [demoMember, otherMember]

/**
 * First start: the catalogue (products, consultants and their shifts, menus, holidays, notices,
 * coupons) when the database has none, and — only with `demo` (SEED_DEMO=1: the local start, the
 * test stacks; refused in production by server/config.ts) — the demo members with their published
 * password. Returns whether anything was seeded.
 */
export async function seedIfEmpty(db: Db, now: Date, opts: { demo?: boolean } = {}): Promise<boolean> {
  const demo = opts.demo ?? true
  return db.transaction(async (tx) => {
    // Replicas starting together on an empty database: one seeds, the others wait here and then
    // find the rows (server/db/client.ts STARTUP_LOCK_KEY; released at commit).
    // Waiting for another replica's seed is no statement to cancel (server/db/client.ts statementTimeoutMs).
    await tx.execute(sql`SET LOCAL statement_timeout = 0`)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`)
    let seeded = false
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products)
    if (count === 0) {
      await seedCatalog(tx, now)
      seeded = true
    }
    if (demo) {
      const [known] = await tx.select({ id: members.memberId }).from(members).where(eq(members.memberId, demoMember.memberId))
      if (!known) {
        await seedMember(tx, demoMember, 'demo', now)
        await seedMember(tx, otherMember, 'other', now)
        seeded = true
      }
    }
    return seeded
  })
}
