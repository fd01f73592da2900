import type { Mail } from '../adapters/mailer'
import { addMinutes } from '../domain/time'
import { footer, jstText, supportTypeText } from './format'

// Mails to consultants (docs/server.md "Mails to consultants"): a consultation of theirs was
// booked, moved, given to them or taken from them, or ended by a refund or the member's
// cancellation. Each says which consultation (ticket number, Japan time, TEL/ONLINE, length), what
// changed, and links to their day (`APP_ORIGIN/staff`). Only the consultant who holds the
// consultation afterwards reads the member's name, as their day shows it; the one who lost it, or
// whose consultation ended, reads no personal data at all. The address is the consultant row's
// own (`staff.email`, set on the desk) or else their staff account's: a consultant without a staff
// login is mailed too, and one with neither is not mailed (the reassignment dialog says so). Who
// and where are read by services/booking/consultant-notices.ts; this module only writes the text.

/** The consultation as a consultant's mail names it. */
export type MailedConsultation = {
  ticketNumber: string
  productName: string
  minutes: number
  supportType: 'TEL' | 'ONLINE' | null
  reservationAt: Date
  memberId: string
}

/** What happened, from the consultant's side. `holds`: they hold the consultation afterwards. */
export type ConsultantEvent =
  | { kind: 'booked' }
  | { kind: 'moved'; from: Date }
  | { kind: 'movedAway' }
  | { kind: 'movedTo' }
  | { kind: 'reassignedAway' }
  | { kind: 'reassignedTo' }
  | { kind: 'refunded' }
  | { kind: 'accountCancelled' }

const wording: Record<ConsultantEvent['kind'], { subject: string; lead: string; holds: boolean }> = {
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

/** Whether the consultant holds the consultation afterwards (then their mail names the member). */
export const holdsAfter = (event: ConsultantEvent) => wording[event.kind].holds

/** The mail to consultant `to` about consultation `c`; `memberName` only where they hold it afterwards. */
export function consultantMail(to: { nickname: string; email: string }, c: MailedConsultation, event: ConsultantEvent, memberName: string | null, appOrigin: string): Mail {
  const w = wording[event.kind]
  const name = w.holds ? memberName : null
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
    `${appOrigin}/staff`,
  ]
  return { to: to.email, subject: `【ITサポート】${w.subject}`, text: lines.join('\n') + footer }
}
