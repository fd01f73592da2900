import { asc, eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { members, staff, staffAccounts } from '../db/schema'
import { addMinutes } from '../domain/time'
import type { Deps } from '../services/deps'
import { footer, jstText, supportTypeText } from './format'

// Mails to consultants (docs/server.md "Mails to consultants"): a consultation of theirs was
// booked, moved, given to them or taken from them, or ended by a refund or the member's
// cancellation. Each says which consultation (ticket number, Japan time, TEL/ONLINE, length), what
// changed, and links to their day (`APP_ORIGIN/staff`). Only the consultant who holds the
// consultation afterwards reads the member's name, as their day shows it; the one who lost it, or
// whose consultation ended, reads no personal data at all. The address is the consultant row's
// own (`staff.email`, set on the desk) or else their staff account's: a consultant without a staff
// login is mailed too, and one with neither is not mailed (the reassignment dialog says so).

/** The consultation as a consultant's mail names it. */
type MailedConsultation = {
  ticketNumber: string
  productName: string
  minutes: number
  supportType: 'TEL' | 'ONLINE' | null
  reservationAt: Date
  memberId: string
}

/**
 * Where a consultant's mails go: the row's own address, else the one of the staff account linked
 * to it (a consultant's account names its staff row), else null.
 */
// Written with qualified names: drizzle renders a column of a one-table select unqualified, which
// inside the subquery would compare staff_accounts.staff_id with itself (more than one row).
// staff_accounts_staff_id_idx makes the linked account unique.
const addressSql = sql<string | null>`coalesce("staff"."email", (select "sa"."email" from ${staffAccounts} as "sa" where "sa"."staff_id" = "staff"."staff_id"))`

export async function consultantAddress(db: Tx, staffId: string): Promise<{ nickname: string; email: string | null } | null> {
  const [row] = await db.select({ nickname: staff.staffNickname, email: addressSql }).from(staff).where(eq(staff.staffId, staffId))
  return row ?? null
}

/** Every consultant's address (or null): the reassignment dialog tells who will be mailed. */
export async function consultantAddresses(db: Tx): Promise<Map<string, string | null>> {
  const rows = await db.select({ staffId: staff.staffId, email: addressSql }).from(staff).orderBy(asc(staff.staffId))
  return new Map(rows.map((r) => [r.staffId, r.email]))
}

/** What happened, from the consultant's side. `holds`: they hold the consultation afterwards. */
type Event =
  | { kind: 'booked' }
  | { kind: 'moved'; from: Date }
  | { kind: 'movedAway' }
  | { kind: 'movedTo' }
  | { kind: 'reassignedAway' }
  | { kind: 'reassignedTo' }
  | { kind: 'refunded' }
  | { kind: 'accountCancelled' }

const wording: Record<Event['kind'], { subject: string; lead: string; holds: boolean }> = {
  booked: { subject: '新しい相談の予約が入りました', lead: 'あなたが担当する相談の予約が入りました。', holds: true },
  moved: { subject: '担当する相談の日時が変更されました', lead: '会員のご都合により、あなたが担当する相談の日時が変更されました。', holds: true },
  movedAway: { subject: '担当する相談が変更されました', lead: '会員のご都合により次の相談の日時または担当が変更され、あなたの担当ではなくなりました。この時間は空きに戻りました。', holds: false },
  movedTo: { subject: '担当する相談が追加されました', lead: '会員が予約を変更し、次の相談をあなたが担当することになりました。', holds: true },
  reassignedAway: { subject: '担当する相談が変更されました', lead: '運営担当者により、次の相談は別の相談員の担当に変更されました。この時間は空きに戻りました。', holds: false },
  reassignedTo: { subject: '担当する相談が追加されました', lead: '運営担当者により、次の相談をあなたが担当することになりました。', holds: true },
  refunded: { subject: '担当する相談が取り消されました', lead: '返金により、次の相談の予約は取り消されました。この時間は空きに戻りました。', holds: false },
  accountCancelled: { subject: '担当する相談が取り消されました', lead: '会員の退会により、次の相談の予約は取り消されました。この時間は空きに戻りました。', holds: false },
}

const hhmm = (d: Date) => jstText(d).split(' ')[1]
const whenText = (c: Pick<MailedConsultation, 'reservationAt' | 'minutes'>) => `${jstText(c.reservationAt)}〜${hhmm(addMinutes(c.reservationAt, c.minutes))}（${c.minutes}分）`

async function memberName(db: Tx, memberId: string): Promise<string | null> {
  const [m] = await db.select({ last: members.memberLastname, first: members.memberFirstname, deletedAt: members.deletedAt }).from(members).where(eq(members.memberId, memberId))
  return m && !m.deletedAt ? `${m.last} ${m.first}`.trim() || null : null
}

/**
 * Mails consultant `staffId` about consultation `c` (after the change is committed: the outbox
 * never throws, so a mail server away never undoes it). Answers whether a mail went out: false
 * for a consultant with no address.
 */
export async function mailConsultant(deps: Pick<Deps, 'db' | 'mailer' | 'config'>, staffId: string, c: MailedConsultation, event: Event): Promise<boolean> {
  const to = await consultantAddress(deps.db, staffId)
  if (!to?.email) return false
  const w = wording[event.kind]
  const name = w.holds ? await memberName(deps.db, c.memberId) : null
  const lines = [
    `${to.nickname} さん`,
    '',
    w.lead,
    '',
    `チケット番号: ${c.ticketNumber}`,
    ...(event.kind === 'moved' ? [`変更前の日時: ${jstText(event.from)}`, `変更後の日時: ${whenText(c)}`] : [`日時: ${whenText(c)}`]),
    ...(c.supportType ? [`サポート方法: ${supportTypeText[c.supportType]}`] : []),
    `商品: ${c.productName}`,
    ...(name ? [`会員: ${name} 様`] : []),
    '',
    w.holds ? 'ご連絡先やご相談内容は、スタッフページの「今日の相談」でご確認ください。' : 'スタッフページで今後の担当予定をご確認ください。',
    `${deps.config.appOrigin}/staff`,
  ]
  await deps.mailer.send({ to: to.email, subject: `【ITサポート】${w.subject}`, text: lines.join('\n') + footer })
  return true
}
