import { readFileSync } from 'node:fs'
import { and, eq, getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/db/client'
import * as schema from '../../server/db/schema'
import { businessHolidays, memberCoupons, members, mailOutbox, notices, staff, tickets } from '../../server/db/schema'
import { seedIfEmpty } from '../../server/db/seed/index'
import type { ApiCaches } from '../../server/infra/cache'
import { withCacheInvalidation } from '../../server/infra/cache-writes'
import { CACHED_TABLES } from '../../server/infra/cached-tables'
import { NOW } from './harness'

// The database handle the services get (server/infra/cache-writes.ts, docs/decisions.md 90): a
// committed write invalidates what its table's declaration (server/infra/cached-tables.ts) says,
// with the member ids read back from the write; nothing before the commit, nothing on rollback.

/** The caches' three invalidations, recorded. */
const recorder = () => {
  const calls: string[] = []
  const caches = {
    memberChanged: (id: string) => calls.push(`member:${id}`),
    scheduleChanged: () => calls.push('schedule'),
    readsChanged: () => calls.push('reads'),
  } as unknown as ApiCaches
  return { calls, caches }
}

let database: Database
let ids: string[]
beforeAll(async () => {
  database = await openDatabase({})
  await seedIfEmpty(database.db, NOW)
  ids = (await database.db.select({ id: members.memberId }).from(members).orderBy(members.memberId)).map((r) => r.id)
}, 60_000)
afterAll(async () => database?.close())

describe('every table is declared', () => {
  const tables = Object.entries(schema).filter(([, v]) => is(v, PgTable)) as [keyof typeof CACHED_TABLES, PgTable][]

  it('each table of the schema says what a write to it invalidates, or why nothing', () => {
    expect(tables.length).toBeGreaterThan(20)
    for (const [name] of tables) {
      expect(CACHED_TABLES[name], name).toBeDefined()
      expect(CACHED_TABLES[name].why.length, name).toBeGreaterThan(10)
    }
    expect(Object.keys(CACHED_TABLES).sort()).toEqual(tables.map(([name]) => name).sort())
  })

  it("a member-owned table has the member's id on every row", () => {
    for (const [name, table] of tables) {
      if (!CACHED_TABLES[name].member) continue
      const column = (table as unknown as Record<string, { name: string; notNull: boolean }>).memberId
      expect(column?.name, name).toBe('member_id')
      expect(column.notNull, name).toBe(true)
    }
  })

  // The modules that compute a cached answer (the member row, the schedule, the member reads):
  // every table they read must invalidate something when written.
  it('every table a cached answer reads is declared with an invalidation', () => {
    const readers = [
      'server/app.ts',
      'server/services/member/member-data.ts',
      'server/services/booking/tickets.ts',
      'server/services/booking/schedule.ts',
      'server/services/member/purchase-list.ts',
      'server/services/purchase/charge-data.ts',
    ]
    const read = new Set<string>()
    for (const file of readers) {
      const text = readFileSync(file, 'utf8')
      for (const [name, table] of tables) {
        const imported = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '[./]*db/schema'`).test(text)
        const rawSql = new RegExp(`\\b(from|join)\\s+${getTableName(table)}\\b`, 'i').test(text)
        if (imported || rawSql) read.add(name)
      }
    }
    expect(read).toContain('staffShifts')
    for (const name of read) {
      const e = CACHED_TABLES[name as keyof typeof CACHED_TABLES]
      expect(Boolean(e.member || e.schedule || e.reads), name).toBe(true)
    }
  })
})

describe('a write invalidates after its commit', () => {
  it('outside a transaction: at once, with the ids of the rows it changed, whatever its condition', async () => {
    const { calls, caches } = recorder()
    const db = withCacheInvalidation(database.db, caches)
    const [a, b] = ids
    const [rowA] = await database.db.select().from(members).where(eq(members.memberId, a))
    // By e-mail, not by id: the id comes back from the write.
    const result = await db.update(members).set({ phoneNumber: '0311112222' }).where(eq(members.email, rowA.email))
    expect(calls).toEqual([`member:${a}`])
    // The caller's result is the driver's, as without the hidden RETURNING.
    expect(result).not.toBeInstanceOf(Array)
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([])
    calls.length = 0
    const rows = await db.update(members).set({ phoneNumber: '0311113333' }).where(sql`${members.memberId} in (${a}, ${b})`).returning({ phone: members.phoneNumber })
    // Only the fields the caller asked for.
    expect(rows).toEqual([{ phone: '0311113333' }, { phone: '0311113333' }])
    expect(calls.sort()).toEqual([`member:${a}`, `member:${b}`].sort())
  })

  it('a write that changed no row invalidates nothing', async () => {
    const { calls, caches } = recorder()
    const db = withCacheInvalidation(database.db, caches)
    await db.update(members).set({ phoneNumber: '0300000000' }).where(eq(members.memberId, 'NO-SUCH-MEMBER'))
    expect(calls).toEqual([])
    await database.db.delete(memberCoupons).where(and(eq(memberCoupons.memberId, ids[0]), eq(memberCoupons.couponCode, 'LONG-2000')))
    await db.insert(memberCoupons).values({ memberId: ids[0], couponCode: 'LONG-2000', claimedAt: NOW }).onConflictDoNothing()
    const again = await db.insert(memberCoupons).values({ memberId: ids[0], couponCode: 'LONG-2000', claimedAt: NOW }).onConflictDoNothing().returning()
    expect(again).toEqual([])
    expect(calls).toEqual([`member:${ids[0]}`])
  })

  it('schedule and everyone tables fire theirs; an uncached table nothing', async () => {
    const { calls, caches } = recorder()
    const db = withCacheInvalidation(database.db, caches)
    await db.update(staff).set({ staffAge: 40 }).where(eq(staff.staffId, 'STAFF-01'))
    expect(calls).toEqual(['schedule', 'reads'])
    calls.length = 0
    await db.insert(notices).values({ kind: 'INFORMATION', content: 'テスト', updateTime: NOW })
    expect(calls).toEqual(['reads'])
    calls.length = 0
    await db.delete(mailOutbox).where(eq(mailOutbox.id, -1))
    expect(calls).toEqual([])
  })

  it('inside a transaction: once, after the commit; never after a rollback', async () => {
    const { calls, caches } = recorder()
    const db = withCacheInvalidation(database.db, caches)
    const [a] = ids
    await db.transaction(async (tx) => {
      await tx.update(members).set({ phoneNumber: '0322223333' }).where(eq(members.memberId, a))
      await tx.update(tickets).set({ caseNote: 'x' }).where(eq(tickets.memberId, a))
      await tx.insert(businessHolidays).values({ ymd: '20301231' })
      expect(calls).toEqual([])
    })
    expect(calls.sort()).toEqual([`member:${a}`, 'reads', 'schedule'].sort())
    calls.length = 0
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(businessHolidays).where(eq(businessHolidays.ymd, '20301231'))
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(calls).toEqual([])
  })

  it("a savepoint that rolled back drops its writes' invalidations, the rest fire", async () => {
    const { calls, caches } = recorder()
    const db = withCacheInvalidation(database.db, caches)
    const [a, b] = ids
    await db.transaction(async (tx) => {
      await tx.update(members).set({ phoneNumber: '0344445555' }).where(eq(members.memberId, a))
      await tx.transaction(async (sp) => {
        await sp.update(members).set({ phoneNumber: '0355556666' }).where(eq(members.memberId, b))
        sp.rollback()
      }).catch(() => {})
      await tx.transaction(async (sp) => {
        await sp.delete(businessHolidays).where(eq(businessHolidays.ymd, '20301231'))
      })
    })
    expect(calls.sort()).toEqual([`member:${a}`, 'reads', 'schedule'].sort())
  })

  it('raw SQL: a schedule table fires; a member-owned table is refused', async () => {
    const { calls, caches } = recorder()
    const db = withCacheInvalidation(database.db, caches)
    await db.execute(sql`delete from business_holidays where ymd = '20301230'`)
    expect(calls).toEqual(['schedule', 'reads'])
    calls.length = 0
    await expect(db.execute(sql`update members set phone_number = '0' where member_id = 'NO-SUCH-MEMBER'`)).rejects.toThrow(/query builder/)
    // Reads and locks are no writes.
    await db.execute(sql`select 1 from bookings for update`)
    expect(calls).toEqual([])
  })
})
