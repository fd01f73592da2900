import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { log } from '../observability/log'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export type Database = {
  db: Db
  close: () => Promise<void>
  kind: 'pglite' | 'postgres'
  /** PostgreSQL: the pool's connections (the metrics' `mypage_db_pool_connections`). */
  poolStats?: () => { total: number; idle: number; waiting: number }
  /**
   * PGlite: a consistent copy of the whole data directory as a gzipped tar, taken between two
   * queries while the server runs (server/db/backup.ts, docs/operations.md "Backups").
   */
  dumpDataDir?: () => Promise<Blob>
  /**
   * PGlite: raw SQL for the job engine (server/jobs/engine.ts, pg-boss's bring-your-own `db`): a
   * statement with parameters, or a script of several statements without (pg-boss's schema).
   */
  executeSql?: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * The key of the PostgreSQL advisory lock that replicas starting together take around what only
 * one of them may do at a time: the migrations (drizzle's `CREATE SCHEMA/TABLE IF NOT EXISTS` of its
 * own bookkeeping is not safe against a concurrent twin: the loser fails on a duplicate key) and
 * the seed of an empty database (server/db/seed/index.ts). The others wait, then find the work done
 * (docs/decisions.md, "Replicas start together").
 */
export const STARTUP_LOCK_KEY = 7_231_946_021

/**
 * Runs `work` holding the session-level startup lock on a connection of its own, given to `work`.
 * That connection has no statement_timeout: waiting for another replica's migrations, and a
 * migration of a large table, may take longer than any request's statement should.
 */
async function withStartupLock<T>(pool: import('pg').Pool, work: (client: import('pg').PoolClient) => Promise<T>): Promise<T> {
  const lock = await pool.connect()
  try {
    await lock.query('SET statement_timeout = 0')
    await lock.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
    return await work(lock)
  } finally {
    // Back to the pool's own setting before the connection serves anything else.
    await lock.query('RESET statement_timeout').catch(() => {})
    // A failed unlock (connection lost) releases the lock anyway: it dies with the session.
    await lock.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {})
    lock.release()
  }
}

/**
 * Opens the database once per process and applies the migrations. PostgreSQL when `url` is given,
 * otherwise PGlite (`dataDir`; `memory://` or undefined for an in-memory database in tests).
 * `statementTimeoutMs` (PostgreSQL; 0 or absent: none): every connection of the pool has it as its
 * `statement_timeout`, so no one statement holds a connection longer (docs/operations.md "Deadlines
 * and the watchdog"). PGlite cannot keep one — its backend runs inside this process's event loop
 * and has no timer to interrupt itself — so there the event-loop watchdog is the bound.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; statementTimeoutMs?: number }): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}) })
    // An idle pooled connection can be closed by the server (a restart, a failover, a dropped
    // database). Without a listener pg re-throws that as an uncaught error and the process dies;
    // the pool replaces the connection on the next query, so a log line is all it needs.
    pool.on('error', (err) => log().warn({ err }, 'database: idle connection closed'))
    const db = drizzle(pool, { schema })
    await withStartupLock(pool, (client) => migrate(drizzle(client, { schema }), { migrationsFolder }))
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
    // Must stay: each driver's database carries its own result kind; the services see one Db.
    return { db: db as unknown as Db, close: () => pool.end(), kind: 'postgres', poolStats }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = opts.dataDir && opts.dataDir !== 'memory://' ? new PGlite(opts.dataDir) : new PGlite()
  const db = drizzle(client, { schema })
  await migrate(db, { migrationsFolder })
  const executeSql = async (text: string, values?: unknown[]) => {
    if (values && values.length > 0) return client.query(text, values)
    const results = await client.exec(text)
    return results[results.length - 1] ?? { rows: [] }
  }
  // Must stay: as above, PGlite's result kind is not node-postgres's; both answer as one Db.
  return { db: db as unknown as Db, close: () => client.close(), kind: 'pglite', dumpDataDir: () => client.dumpDataDir('gzip'), executeSql }
}
