/**
 * Rows of every table of a database — ours and drizzle's bookkeeping — for the tests that compare
 * two databases (a backup and its source; a raced start and one seed). Works on a pg client and
 * on PGlite alike: both answer `query(sql)` with `{ rows }`.
 */
export type Query = (sql: string) => Promise<{ rows: unknown[] }>

export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = (await query(
    `SELECT CASE WHEN schemaname = 'public' THEN tablename ELSE schemaname || '.' || tablename END AS name
     FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`,
  )).rows as { name: string }[]
  const counts: Record<string, number> = {}
  for (const { name } of tables) {
    const quoted = name.split('.').map((part) => `"${part}"`).join('.')
    counts[name] = Number(((await query(`SELECT count(*) AS n FROM ${quoted}`)).rows[0] as { n: number | string }).n)
  }
  return counts
}

/** The same on a PostgreSQL URL, with a connection of its own. */
export async function rowCountsAt(url: string): Promise<Record<string, number>> {
  const { default: pg } = await import('pg')
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    return await rowCounts((sql) => db.query(sql))
  } finally {
    await db.end()
  }
}
