import { lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimitWindows } from '../db/schema'
import type { RateLimitStore } from './rate-limit'

/**
 * Rate-limit counters in the database: every replica on one PostgreSQL counts in the
 * same row, so a limit means the same with one process or ten. One statement per attempt — an
 * upsert that starts a new fixed window when the old one has ended and otherwise adds one — so
 * concurrent attempts on different replicas are counted exactly (the row lock of ON CONFLICT
 * serialises them), and the answer is the count after this attempt. Windows are in the server's
 * clock (`now`), not the database's, as the in-memory store's are.
 */
export function createDbRateLimitStore(db: Db, now: () => number = Date.now): RateLimitStore {
  let hits = 0
  return {
    async hit(key, rule) {
      const at = new Date(now())
      const until = new Date(at.getTime() + rule.windowMs)
      if (++hits % 1000 === 0) await db.delete(rateLimitWindows).where(lt(rateLimitWindows.expiresAt, at))
      const [row] = await db
        .insert(rateLimitWindows)
        .values({ key, windowStart: at, count: 1, expiresAt: until })
        .onConflictDoUpdate({
          target: rateLimitWindows.key,
          set: {
            count: sql`CASE WHEN ${rateLimitWindows.expiresAt} <= ${at} THEN 1 ELSE ${rateLimitWindows.count} + 1 END`,
            windowStart: sql`CASE WHEN ${rateLimitWindows.expiresAt} <= ${at} THEN ${at} ELSE ${rateLimitWindows.windowStart} END`,
            expiresAt: sql`CASE WHEN ${rateLimitWindows.expiresAt} <= ${at} THEN ${until} ELSE ${rateLimitWindows.expiresAt} END`,
          },
        })
        .returning({ count: rateLimitWindows.count })
      return row.count <= rule.max
    },
  }
}
