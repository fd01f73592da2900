import type { Mail } from '../adapters/mailer'
import { footer, jstText, supportTypeText } from './format'

// The consultation loop's reminders to a consultant (docs/server.md "The consultation loop",
// docs/decisions.md 85): an outcome not recorded after the consultation's end, and a 未解決's
// follow-up falling due. They name the consultation as the consultant's day does (time, member,
// TEL/ONLINE, product, ticket) and link to where it is recorded; sent by the jobs
// server/jobs/outcome-reminder.ts and server/jobs/follow-up-reminder.ts through the outbox.

export type RemindedConsultation = {
  staffNickname: string
  ticketNumber: string
  productName: string
  reservationAt: Date
  memberName: string
  supportType: 'TEL' | 'ONLINE' | null
}

const named = (p: RemindedConsultation) => [
  `チケット番号: ${p.ticketNumber}`,
  `商品: ${p.productName}`,
  `開始日時: ${jstText(p.reservationAt)}`,
  `会員: ${p.memberName} 様`,
  ...(p.supportType ? [`サポート方法: ${supportTypeText[p.supportType]}`] : []),
]

export const outcomeMails = {
  /** The consultation ended and no outcome is recorded; after `dueAt` the desk lists it as overdue and the member's card reads no contact. */
  outcomeOverdue: (to: string, p: RemindedConsultation & { endAt: Date; dueAt: Date; link: string }) =>
    ({
      to,
      subject: '【ITサポート】相談結果の記録をお願いします',
      text: [
        `${p.staffNickname} さん`,
        '',
        `次の相談は ${jstText(p.endAt)} に終了時刻を過ぎましたが、結果（完了・未解決・ご連絡なし）がまだ記録されていません。`,
        '',
        ...named(p),
        '',
        `${jstText(p.dueAt)} までに記録がない場合、会員のマイページには「ご連絡がありませんでした」と表示され、運営の「今日の状況」に結果未記録として載ります。`,
        `記録はスタッフページの「過去の相談」からできます: ${p.link}`,
      ].join('\n') + footer,
    }),
  /** A 未解決's follow-up falls due on `dueDay` (the next business day, or already). */
  followUpDue: (to: string, p: RemindedConsultation & { dueDay: Date; link: string }) =>
    ({
      to,
      subject: '【ITサポート】未解決の相談のフォロー期限が近づいています',
      text: [
        `${p.staffNickname} さん`,
        '',
        `未解決として記録した次の相談のフォロー期限は ${jstText(p.dueDay).split(' ')[0]} です。`,
        '',
        ...named(p),
        '',
        'フォローが済んだら、スタッフページの「過去の相談」で「未解決で完了」を記録してください。',
        p.link,
      ].join('\n') + footer,
    }),
} satisfies Record<string, (...args: never[]) => Mail>
