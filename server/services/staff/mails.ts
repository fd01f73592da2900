import type { Mailer } from '../../adapters/mailer'
import { toZoned } from '../../domain/time'

// Mails of the consultation loop (Japanese). Links point to the SPA's routes under APP_ORIGIN.

const footer = '\n\n※このメールは送信専用アドレスから送信しています。ご返信いただいてもお答えできません。\n\nITサポート マイページ'

const jstText = (d: Date) => {
  const z = toZoned(d)
  return `${z.year()}年${z.monthValue()}月${z.dayOfMonth()}日 ${String(z.hour()).padStart(2, '0')}:${String(z.minute()).padStart(2, '0')}`
}

export const staffMails = {
  /** A COMPLETED consultation: the rating and tip page (/rating?ticketNumber=…). */
  ratingRequest: (m: Mailer, to: string, p: { ticketNumber: string; productName: string; link: string }) =>
    m.send({
      to,
      subject: '【ITサポート】サポートのご利用ありがとうございました',
      text: `本日はサポートをご利用いただきありがとうございました。\n\n商品: ${p.productName}\nチケット番号: ${p.ticketNumber}\n\nよろしければ、担当相談員の評価にご協力ください（チップもこちらから送れます）。\n${p.link}${footer}`,
    }),
  /** The consultant offers an extension on the spot: /buy with the ADD product and this consultation. */
  extensionLink: (m: Mailer, to: string, p: { ticketNumber: string; productName: string; price: number; link: string }) =>
    m.send({
      to,
      subject: '【ITサポート】サポート延長のご案内',
      text: `ご相談中のサポートの延長をご希望の場合は、以下のリンクから延長チケットをご購入ください。\n\n対象のチケット番号: ${p.ticketNumber}\n商品: ${p.productName}\n料金: ${p.price.toLocaleString('ja-JP')}円（税込）\n\n${p.link}${footer}`,
    }),
  /** An operator gave the consultation to another consultant: the member. */
  reassignedMember: (m: Mailer, to: string, p: { ticketNumber: string; reservationAt: Date; staffNickname: string }) =>
    m.send({
      to,
      subject: '【ITサポート】担当相談員変更のお知らせ',
      text: `ご予約の担当相談員が変更になりました。ご予約日時とチケット番号は変わりません。\n\nチケット番号: ${p.ticketNumber}\nご予約日時: ${jstText(p.reservationAt)}\n新しい担当相談員: ${p.staffNickname}\n\nご不便をおかけし申し訳ございません。${footer}`,
    }),
  /** …and each consultant: the one who gave it up and the one who takes it. */
  reassignedStaff: (m: Mailer, to: string, p: { ticketNumber: string; reservationAt: Date; taken: boolean; reason: string }) =>
    m.send({
      to,
      subject: p.taken ? '【ITサポート】担当する相談が追加されました' : '【ITサポート】担当する相談が変更されました',
      text: `${p.taken ? '次の相談の担当になりました。' : '次の相談は別の相談員の担当に変更されました。'}\n\nチケット番号: ${p.ticketNumber}\n日時: ${jstText(p.reservationAt)}\n理由: ${p.reason}${footer}`,
    }),
}
