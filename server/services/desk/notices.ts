import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import type { DeskNotice } from '../../../contract/desk/notices'
import { deskMessages as dm } from '../../../contract/desk-messages'
import { notices } from '../../db/schema'
import { conflict, notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import type { AuditActor } from '../../infra/audit'
import { audited, checkVersion, fromUnix, offsetOf, pageOf, unix, unixOrNull, type Page } from './common'

type NoticeRow = typeof notices.$inferSelect
type State = DeskNotice['state']

// Notices and campaigns (お知らせ / キャンペーン, docs/product.md §2 home): an operator writes one,
// gives it a publish window and withdraws it. Members read them from the database on every
// user-data INFORMATION request (no cache), so the next request — on any replica — shows the change.

/** What members see now: not withdrawn, inside its window. */
export const publishedAt = (now: Date): SQL =>
  and(isNull(notices.withdrawnAt), or(isNull(notices.publishFrom), lte(notices.publishFrom, now)), or(isNull(notices.publishUntil), gt(notices.publishUntil, now)))!

const stateWhere = (state: State, now: Date): SQL => {
  switch (state) {
    case 'WITHDRAWN':
      return isNotNull(notices.withdrawnAt)
    case 'SCHEDULED':
      return and(isNull(notices.withdrawnAt), gt(notices.publishFrom, now))!
    case 'ENDED':
      return and(isNull(notices.withdrawnAt), lte(notices.publishUntil, now))!
    case 'PUBLISHED':
      return publishedAt(now)
  }
}

export function noticeState(n: NoticeRow, now: Date): State {
  if (n.withdrawnAt) return 'WITHDRAWN'
  if (n.publishFrom && n.publishFrom > now) return 'SCHEDULED'
  if (n.publishUntil && n.publishUntil <= now) return 'ENDED'
  return 'PUBLISHED'
}

export const toDeskNotice = (n: NoticeRow, now: Date): DeskNotice => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  content: n.content,
  updateTime: unix(n.updateTime),
  publishFrom: unixOrNull(n.publishFrom),
  publishUntil: unixOrNull(n.publishUntil),
  withdrawnAt: unixOrNull(n.withdrawnAt),
  state: noticeState(n, now),
  version: n.version,
})

/** The audit trail's view of a notice: its fields as stored. */
const snapshot = (n: NoticeRow) => ({ kind: n.kind, title: n.title, content: n.content, updateTime: n.updateTime, publishFrom: n.publishFrom, publishUntil: n.publishUntil, withdrawnAt: n.withdrawnAt, version: n.version })

export async function listNotices(deps: Deps, input: { kind?: NoticeRow['kind']; state?: State } & Page) {
  const now = deps.clock.now()
  const where = and(input.kind ? eq(notices.kind, input.kind) : undefined, input.state ? stateWhere(input.state, now) : undefined)
  const [{ total }] = await deps.db.select({ total: count() }).from(notices).where(where)
  const rows = await deps.db.select().from(notices).where(where).orderBy(desc(notices.updateTime), desc(notices.id)).limit(input.pageSize).offset(offsetOf(input))
  return pageOf(rows.map((n) => toDeskNotice(n, now)), total, input)
}

export async function saveNotice(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-notice-save'>) {
  const now = deps.clock.now()
  const publishFrom = fromUnix(input.publishFrom)
  const publishUntil = fromUnix(input.publishUntil)
  // What members see as the notice's date: the start of its window, else the moment it was written.
  const fields = { kind: input.kind, title: input.title, content: input.content, publishFrom, publishUntil, updateTime: publishFrom ?? now }
  const row = await audited(deps, actor, async (tx, audit) => {
    if (input.id === undefined) {
      const [created] = await tx.insert(notices).values(fields).returning()
      await audit({ action: 'notice-create', targetType: 'notice', targetId: String(created.id), after: snapshot(created) })
      return created
    }
    const [before] = await tx.select().from(notices).where(eq(notices.id, input.id)).for('update')
    if (!before) throw notFound(dm.noticeNotFound)
    checkVersion(before.version, input.version!)
    if (before.withdrawnAt) throw conflict(dm.noticeWithdrawn)
    const [after] = await tx.update(notices).set({ ...fields, version: sql`${notices.version} + 1` }).where(eq(notices.id, input.id)).returning()
    await audit({ action: 'notice-update', targetType: 'notice', targetId: String(after.id), before: snapshot(before), after: snapshot(after) })
    return after
  })
  return { notice: toDeskNotice(row, now) }
}

export async function withdrawNotice(deps: Deps, actor: AuditActor, input: { id: number; version: number }) {
  const now = deps.clock.now()
  const row = await audited(deps, actor, async (tx, audit) => {
    const [before] = await tx.select().from(notices).where(eq(notices.id, input.id)).for('update')
    if (!before) throw notFound(dm.noticeNotFound)
    checkVersion(before.version, input.version)
    if (before.withdrawnAt) return before
    const [after] = await tx.update(notices).set({ withdrawnAt: now, version: sql`${notices.version} + 1` }).where(eq(notices.id, input.id)).returning()
    await audit({ action: 'notice-withdraw', targetType: 'notice', targetId: String(after.id), before: snapshot(before), after: snapshot(after) })
    return after
  })
  return { notice: toDeskNotice(row, now) }
}
