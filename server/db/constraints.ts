import { sql } from 'drizzle-orm'
import type { Tx } from './client'

/** A unique constraint refused the write (SQLSTATE 23505): a concurrent request got there first. */
export const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** Holds every other transaction locking the same key until this one ends (PostgreSQL and PGlite). */
export const lockKey = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
