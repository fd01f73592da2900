import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export type Database = { db: Db; close: () => Promise<void>; kind: 'pglite' | 'postgres' }

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Opens the database once per process and applies the migrations. PostgreSQL when `url` is given,
 * otherwise PGlite (`dataDir`; `memory://` or undefined for an in-memory database in tests).
 */
export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 })
    // An idle pooled connection can be closed by the server (a restart, a failover, a dropped
    // database). Without a listener pg re-throws that as an uncaught error and the process dies;
    // the pool replaces the connection on the next query, so a log line is all it needs.
    pool.on('error', (err) => console.error(`[db] idle connection closed: ${err.message}`))
    const db = drizzle(pool, { schema })
    await migrate(db, { migrationsFolder })
    return { db: db as unknown as Db, close: () => pool.end(), kind: 'postgres' }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = opts.dataDir && opts.dataDir !== 'memory://' ? new PGlite(opts.dataDir) : new PGlite()
  const db = drizzle(client, { schema })
  await migrate(db, { migrationsFolder })
  return { db: db as unknown as Db, close: () => client.close(), kind: 'pglite' }
}
