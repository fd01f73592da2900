import { sql } from 'drizzle-orm'
import { deskMessages as dm } from '../../contract/desk-messages'
import type { DeskCallInput } from '../../contract/desk-calls'
import type { Tx } from '../db/client'
import { notFound } from '../domain/errors'
import type { Deps } from '../services/deps'
import type { AuditActor } from '../infra/audit'
import { audited, offsetOf, pageOf, unix } from '../services/desk/common'
import { JOB_SCHEMA } from './engine'

/**
 * The desk's list of jobs that failed after their retries, and the operator's retry
 * (docs/decisions.md 82). Both read pg-boss's own table (`pgboss.job`, state `failed`) through the
 * app's database handle, so a retry and its audit row commit together — pg-boss's `retry()` would
 * run on its own connection, outside the transaction. The statement is pg-boss's own retry (state
 * `retry`, one more run allowed); the pinned pg-boss version is what it was written against.
 */

type FailedRow = { id: string; name: string; retry_count: number; output: unknown; created_on: Date | string; completed_on: Date | string | null; total: number }

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const asDate = (d: Date | string | null) => (d === null ? new Date(0) : new Date(d))
const errorOf = (output: unknown): string => {
  const o = (typeof output === 'string' ? JSON.parse(output) : output) as { message?: unknown; value?: unknown } | null
  if (o && typeof o.message === 'string') return o.message
  return o ? JSON.stringify(o.value ?? o) : ''
}

/** No job engine has run on this database yet (a fresh test database): nothing failed. */
async function hasJobTables(tx: Tx): Promise<boolean> {
  const [row] = rowsOf<{ t: string | null }>(await tx.execute(sql`SELECT to_regclass(${`${JOB_SCHEMA}.job`})::text AS t`))
  return Boolean(row?.t)
}

const toDesk = (r: FailedRow) => ({
  id: r.id,
  name: r.name,
  error: errorOf(r.output),
  runs: Number(r.retry_count) + 1,
  createdAt: unix(asDate(r.created_on)),
  failedAt: unix(asDate(r.completed_on)),
})

export async function listFailedJobs(deps: Deps, input: DeskCallInput<'desk-jobs-failed'>) {
  if (!(await hasJobTables(deps.db))) return pageOf([], 0, input)
  const rows = rowsOf<FailedRow>(
    await deps.db.execute(sql`
      SELECT id::text AS id, name, retry_count, output, created_on, completed_on, count(*) OVER ()::int AS total
      FROM ${sql.raw(JOB_SCHEMA)}.job WHERE state = 'failed'
      ORDER BY completed_on DESC, id LIMIT ${input.pageSize} OFFSET ${offsetOf(input)}`),
  )
  return pageOf(rows.map(toDesk), rows[0] ? Number(rows[0].total) : 0, input)
}

/** Runs a failed job again (its next run is taken by a worker, or by the next `runDue`); audited. */
export async function retryFailedJob(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-job-retry'>) {
  if (!(await hasJobTables(deps.db))) throw notFound(dm.jobNotFound)
  return audited(deps, actor, async (tx, audit) => {
    const [before] = rowsOf<FailedRow>(
      await tx.execute(sql`
        SELECT id::text AS id, name, retry_count, output, created_on, completed_on, 1 AS total
        FROM ${sql.raw(JOB_SCHEMA)}.job WHERE id = ${input.id}::uuid AND state = 'failed' FOR UPDATE`),
    )
    if (!before) throw notFound(dm.jobNotFound)
    await tx.execute(sql`
      UPDATE ${sql.raw(JOB_SCHEMA)}.job SET state = 'retry', retry_limit = retry_limit + 1
      WHERE name = ${before.name} AND id = ${input.id}::uuid AND state = 'failed'`)
    const was = toDesk(before)
    await audit({ action: 'job-retry', targetType: 'job', targetId: input.id, before: { jobName: was.name, status: 'failed', runs: was.runs, error: was.error }, after: { jobName: was.name, status: 'retry' } })
    return { id: input.id, name: before.name }
  })
}
