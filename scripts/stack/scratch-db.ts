import { randomBytes } from 'node:crypto'

/**
 * A database of its own on a PostgreSQL server, for one test run, test file or bench (parallel
 * runs never collide), dropped — connections and all — by `drop()`.
 */
export async function createScratchDatabase(baseUrl: string, prefix = 'mypage_test') {
  const { default: pg } = await import('pg')
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
      await c.end()
    },
  }
}
