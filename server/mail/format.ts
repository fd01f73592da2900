import type { MailAttachment } from '../adapters/mailer'
import { toZoned } from '../domain/time'

// What every mail shares (docs/server.md "Mails"): the one footer, the one way to write a moment in
// Japan time, the words of the support types. The texts themselves: member-mails.ts (the member's
// account and purchases), staff-mails.ts (the consultation loop and staff accounts), and the
// consultants' notices (consultant-mails.ts); the outbox sends them all.

/** The end of every mail, member or staff. */
export const footer = '\n\n※このメールは送信専用アドレスから送信しています。ご返信いただいてもお答えできません。\n迷惑メールフォルダに振り分けられている場合があります。\n\nITサポート マイページ'

/** `2025年6月12日 10:00`: the one way every mail writes a moment (Japan time). */
export const jstText = (d: Date) => {
  const z = toZoned(d)
  return `${z.year()}年${z.monthValue()}月${z.dayOfMonth()}日 ${String(z.hour()).padStart(2, '0')}:${String(z.minute()).padStart(2, '0')}`
}

// product.md §9: support types TEL (電話), ONLINE (オンライン).
export const supportTypeText = { TEL: '電話', ONLINE: 'オンライン' } as const

/**
 * The line of a mail that carries a booking's calendar invite (services/booking/ticket-invite.ts):
 * opening it adds the booking to the member's calendar, or updates the event already there.
 */
export const calendarNote = (attachments: readonly MailAttachment[] | undefined): string[] =>
  attachments?.length ? ['', '添付のカレンダーファイル（invite.ics）を開くと、お使いのカレンダーにご予約が登録されます（登録済みの予定は新しい内容に更新されます）。'] : []

/**
 * How an online consultation starts (docs/decisions.md 93): the room's page in mypage, and when it
 * opens. The same lines in the booking mail, the reminders and the calendar invite.
 */
export const onlineRoomLines = (appOrigin: string, ticketNumber: string, opensMinutesBefore: number): string[] => [
  `ご予約の時間になりましたら、次のページからオンライン相談にお入りください（開始の${opensMinutesBefore}分前から入室できます）。`,
  `${appOrigin}/room/${encodeURIComponent(ticketNumber)}`,
]
