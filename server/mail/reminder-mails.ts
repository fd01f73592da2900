import type { Mail, MailAttachment } from '../adapters/mailer'
import { calendarNote, footer, jstText, supportTypeText } from './format'

// Reminders (docs/server.md "Reminders"): the member's, the evening before and shortly before a
// consultation, and a consultant's list of their next day. Built from the booking as it is when
// they are sent (server/jobs/reminders.ts).

export type MemberReminder = {
  name: string
  productName: string
  ticketNumber: string
  reservationAt: Date
  staffNickname: string
  supportType: 'TEL' | 'ONLINE'
  /** TEL: the number the consultant calls from (services/support-tel.ts). */
  supportTel: string
  /** ONLINE: how to join (the room's page and when it opens, format.ts onlineRoomLines). */
  roomLines: string[]
  phoneNumber: string
  /** The change page while a change is still allowed (the 30-minute cut-off), else null. */
  changeLink: string | null
}

const howReached = (p: MemberReminder): string[] =>
  p.supportType === 'TEL'
    ? [`ご予約の時間に、担当相談員が ${p.supportTel} からご登録の電話番号（${p.phoneNumber}）へお電話します。`]
    : p.roomLines

const memberReminder = (lead: string, p: MemberReminder, attachments?: readonly MailAttachment[]) =>
  [
    ...(p.name ? [`${p.name} 様`, ''] : []),
    lead,
    '',
    `商品: ${p.productName}`,
    `チケット番号: ${p.ticketNumber}`,
    `ご予約日時: ${jstText(p.reservationAt)}`,
    `担当相談員: ${p.staffNickname}`,
    `サポート方法: ${supportTypeText[p.supportType]}`,
    '',
    ...howReached(p),
    ...(p.changeLink ? ['', 'ご予約日時の変更は、開始の30分前まで次のページからできます。', p.changeLink] : []),
    '',
    `ご不明な点はサポート窓口（${p.supportTel}）までお電話ください。`,
    ...calendarNote(attachments),
  ].join('\n') + footer

export type ConsultantDayItem = { reservationAt: Date; minutes: number; memberName: string; supportType: 'TEL' | 'ONLINE' | null; ticketNumber: string; productName: string }

export const reminderMails = {
  /** The evening before the consultation. */
  // Both carry the booking's calendar invite as it now stands (docs/decisions.md 84): a calendar
  // that missed an update, or never got the booking mail, is brought up to date by the reminder.
  evening: (to: string, p: MemberReminder, attachments?: readonly MailAttachment[]) =>
    ({ to, subject: '【ITサポート】明日のご予約のお知らせ', attachments, text: memberReminder('明日、次のとおりサポートのご予約をいただいています。', p, attachments) }),
  /** Shortly before it. */
  soon: (to: string, p: MemberReminder, attachments?: readonly MailAttachment[]) =>
    ({ to, subject: '【ITサポート】まもなくご予約の時間です', attachments, text: memberReminder('まもなく、次のとおりサポートのご予約の時間です。', p, attachments) }),
  /** A consultant's consultations of the next day, by time. */
  consultantDay: (to: string, p: { staffNickname: string; day: Date; items: ConsultantDayItem[]; link: string }) =>
    ({
      to,
      subject: `【ITサポート】明日の担当（${p.items.length}件）`,
      text: [
        `${p.staffNickname} さん`,
        '',
        `明日（${jstText(p.day).split(' ')[0]}）あなたが担当する相談は次の${p.items.length}件です。`,
        '',
        ...p.items.map((i) => `・${jstText(i.reservationAt).split(' ')[1]}（${i.minutes}分）${i.memberName} 様 ${i.supportType ? supportTypeText[i.supportType] : ''} ${i.productName} ${i.ticketNumber}`.replace(/\s+$/, '')),
        '',
        `当日の詳細はスタッフページでご確認ください: ${p.link}`,
      ].join('\n') + footer,
    }),
} satisfies Record<string, (...args: never[]) => Mail>
