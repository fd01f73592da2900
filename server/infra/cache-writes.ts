import { getTableName, is, SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgDialect, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { effectOfTable, type TableEffect } from './cached-tables'
import type { ApiCaches } from './cache'

/*
 * Cache invalidation that follows from the writes themselves (docs/decisions.md 90). The services
 * get a database handle (`deps.db`) that notes every insert, update and delete it runs, by table,
 * and applies what the table's declaration says (server/infra/cached-tables.ts) once the write is
 * committed: at once for a write outside a transaction, after the outermost transaction commits
 * otherwise, never for a transaction or savepoint that rolled back. It fires the caches' own
 * invalidations (`memberChanged`, `scheduleChanged`, `readsChanged`), so the cross-replica bus and
 * the writer's wait for its acknowledgements are the same as before.
 *
 * The member a member-owned row belongs to is read back from the write: its `member_id` is added
 * to the statement's RETURNING (and taken off the rows again before the caller sees them), so an
 * update or delete by any condition names every member whose rows it changed, and a write that
 * changed no row invalidates nothing.
 *
 * Raw SQL (`execute`) is looked at too: a statement writing a schedule or everyone's table fires
 * its declaration; one writing a member-owned table is refused, since nothing tells whose rows it
 * changed — such a write goes through the query builder.
 */

type Effects = { members: Set<string>; schedule: boolean; reads: boolean }
const noEffects = (): Effects => ({ members: new Set(), schedule: false, reads: false })
const merge = (into: Effects, from: Effects) => {
  for (const id of from.members) into.members.add(id)
  into.schedule ||= from.schedule
  into.reads ||= from.reads
}
const isEmpty = (e: Effects) => e.members.size === 0 && !e.schedule && !e.reads

/** Where a handle's writes go: straight to the caches, or into the enclosing transaction's list. */
type Sink = (e: Effects) => void

/** The parts of drizzle's insert/update/delete builders this module drives (drizzle-orm 0.45). */
type SelectedField = { path: string[]; field: unknown }
type WriteBuilder = {
  config: { table: PgTable; returning?: SelectedField[] }
  execute: (placeholders?: Record<string, unknown>) => Promise<unknown>
  prepare: () => never
  _prepare: () => { fields?: unknown; execute: (placeholders?: Record<string, unknown>) => Promise<{ rows: Record<string, unknown>[] }> }
}

/** The key the member id travels under in the rows of a caller's own RETURNING. */
const MEMBER_KEY = '\u0000cacheMemberId'

/** Makes a built insert/update/delete report what it changed to `sink` once it has run. */
function instrument<B>(built: B, sink: Sink): B {
  const b = built as unknown as WriteBuilder
  const effect = effectOfTable.get(b.config.table)
  if (!effect) throw new Error('write to a table missing from server/infra/cached-tables.ts')
  if (!effect.member && !effect.schedule && !effect.reads) return built
  const shared = (): Effects => ({ members: new Set(), schedule: !!effect.schedule, reads: !!effect.reads })
  const run = b.execute
  // A prepared statement would run outside the reporting below; nothing here prepares writes.
  b.prepare = () => {
    throw new Error('prepared writes are not reported to the caches (server/infra/cache-writes.ts)')
  }
  b.execute = async (placeholders) => {
    if (!effect.member) {
      const out = await run(placeholders)
      sink(shared())
      return out
    }
    const column = (b.config.table as unknown as Record<string, { name: string }>).memberId
    const theirs = b.config.returning
    const effects = shared()
    if (theirs) {
      // The caller reads rows back: one more field, taken off again.
      b.config.returning = [...theirs, { path: [MEMBER_KEY], field: column }]
      let rows: Record<string, unknown>[]
      try {
        rows = (await run(placeholders)) as Record<string, unknown>[]
      } finally {
        b.config.returning = theirs
      }
      for (const row of rows) {
        const id = row[MEMBER_KEY]
        delete row[MEMBER_KEY]
        if (typeof id === 'string') effects.members.add(id)
      }
      sink(effects)
      return rows
    }
    // The caller gets the driver's result as without RETURNING (its rows left empty).
    b.config.returning = [{ path: [MEMBER_KEY], field: column }]
    let prepared: ReturnType<WriteBuilder['_prepare']>
    try {
      prepared = b._prepare()
    } finally {
      b.config.returning = undefined
    }
    prepared.fields = undefined
    const result = await prepared.execute(placeholders)
    for (const row of result.rows) {
      const id = row[column.name]
      if (typeof id === 'string') effects.members.add(id)
    }
    result.rows = []
    sink(effects)
    return result
  }
  return built
}

/** The declaration of each table by its SQL name, as raw statements spell it. */
const byName = new Map<string, TableEffect>([...effectOfTable].map(([table, effect]) => [getTableName(table), effect]))

const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?((?:"?\w+"?\s*\.\s*)?"?\w+"?)/gi

/** What a raw statement writes, by its text; a member-owned table is refused (see above). */
function rawEffects(text: string): Effects {
  const e = noEffects()
  for (const m of text.matchAll(WRITE)) {
    const parts = m[1].replace(/[\s"]/g, '').split('.')
    if (parts.length === 2 && parts[0].toLowerCase() !== 'public') continue
    const effect = byName.get(parts[parts.length - 1].toLowerCase())
    if (!effect) continue
    if (effect.member) throw new Error(`raw SQL writes ${parts[parts.length - 1]}, a member-owned cached table: write it with the query builder (server/infra/cache-writes.ts)`)
    e.schedule ||= !!effect.schedule
    e.reads ||= !!effect.reads
  }
  return e
}

/** The builders a handle (or `db.with(…)`) offers, made to report their writes to `sink`. */
function writers(target: Record<string, unknown>, sink: Sink) {
  const insert = target.insert as (t: PgTable) => { values: (v: unknown) => unknown; select: (q: unknown) => unknown }
  const update = target.update as (t: PgTable) => { set: (v: unknown) => unknown }
  const del = target.delete as (t: PgTable) => unknown
  return {
    insert: (table: PgTable) => {
      const builder = insert.call(target, table)
      return {
        values: (v: unknown) => instrument(builder.values(v), sink),
        select: (q: unknown) => instrument(builder.select(q), sink),
      }
    },
    update: (table: PgTable) => {
      const builder = update.call(target, table)
      return { set: (v: unknown) => instrument(builder.set(v), sink) }
    },
    delete: (table: PgTable) => instrument(del.call(target, table), sink),
  }
}

const TRACKED = Symbol('cache-writes')
type Marker = { raw: Db; caches: ApiCaches }

/**
 * A handle (the database or a transaction) whose writes report to `sink`: the database's fires
 * them, a transaction's holds them for its own `transaction` call, which hands them on when it
 * committed (the outermost: to the caches; a savepoint: to the enclosing transaction).
 */
function tracked<T extends object>(target: T, sink: Sink, marker: Marker): T {
  const own = writers(target as Record<string, unknown>, sink)
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (prop === TRACKED) return marker
      if (prop === 'insert' || prop === 'update' || prop === 'delete') return own[prop]
      if (prop === 'with') {
        return (...queries: unknown[]) => {
          const scope = (t as unknown as { with: (...q: unknown[]) => Record<string, unknown> }).with(...queries)
          return { ...scope, ...writers(scope, sink) }
        }
      }
      if (prop === 'execute') {
        return async (query: SQLWrapper | string) => {
          const dialect = (t as unknown as { dialect: PgDialect }).dialect
          const text = typeof query === 'string' ? query : dialect.sqlToQuery(is(query, SQL) ? query : query.getSQL()).sql
          const effects = rawEffects(text)
          const out = await (t as unknown as { execute: (q: SQLWrapper | string) => Promise<unknown> }).execute(query)
          if (!isEmpty(effects)) sink(effects)
          return out
        }
      }
      if (prop === 'transaction') {
        return async (work: (tx: unknown) => Promise<unknown>, config?: unknown) => {
          // The writes of this transaction (or savepoint) wait here; dropped if it rolls back.
          const held = noEffects()
          const result = await (t as unknown as { transaction: (w: (tx: object) => Promise<unknown>, c?: unknown) => Promise<unknown> }).transaction(
            (tx) => work(tracked(tx, (e) => merge(held, e), marker)),
            config,
          )
          if (!isEmpty(held)) sink(held)
          return result
        }
      }
      const value = Reflect.get(t, prop, receiver) as unknown
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value
    },
  })
}

/**
 * `db` whose committed writes invalidate `caches` as the tables' declarations say. Given a handle
 * made by this function already, returns it (or re-wraps its database for other caches).
 */
export function withCacheInvalidation(db: Db, caches: ApiCaches): Db {
  const existing = (db as unknown as { [TRACKED]?: Marker })[TRACKED]
  if (existing?.caches === caches) return db
  const raw = existing?.raw ?? db
  const fire: Sink = (e) => {
    for (const id of e.members) caches.memberChanged(id)
    if (e.schedule) caches.scheduleChanged()
    if (e.reads) caches.readsChanged()
  }
  return tracked(raw, fire, { raw, caches })
}
