import type { Mail, MailAttachment } from '../adapters/mailer'
import { calendarNote, footer, jstText, supportTypeText } from './format'

/** `15:00`: the time of day of a moment in Japan (the day is the booking's, named above it). */
const hhmm = (d: Date) => jstText(d).split(' ')[1]

// The member's mails in Japanese (product.md §2 /buy-complete, /reservationdate-change-complete), with
// the one footer and time format of format.ts. Links point to the SPA's routes under APP_ORIGIN.

/**
 * `taro@example.com` → `t***@example.com`: the old address learns where its account went without
 * the whole new address being read by whoever else holds the old mailbox.
 */
const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@')
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`
}

// A security notice (docs/server.md "Security mails"): what changed and when, and what to do when it
// was not the member: no link to click, the page to go to by hand.
const securityNotice = (what: string, at: Date, advice: string[], extra: string[] = []) =>
  [`マイページの${what}（${jstText(at)}）。`, ...extra, '', 'お心当たりがない場合は、第三者がログインしたおそれがあります。', ...advice].join('\n') + footer

const resetAdvice = (origin: string) => ['お手数ですが、以下のページからパスワードを再設定のうえ、お問い合わせください。', `${origin}/password-reset-request`]

export const mails = {
  /** After a password change by the signed-in member (the account's address). */
  passwordChanged: (to: string, at: Date, origin: string) =>
    ({ to, subject: '【ITサポート】パスワードが変更されました', text: securityNotice('パスワードが変更されました', at, resetAdvice(origin)) }),
  /** After a password reset with a mailed code. */
  passwordReset: (to: string, at: Date, origin: string) =>
    ({ to, subject: '【ITサポート】パスワードが再設定されました', text: securityNotice('パスワードが再設定されました', at, resetAdvice(origin)) }),
  /** To the OLD address once an e-mail change is applied: the mailbox that loses the account hears of it. */
  emailChanged: (to: string, newEmail: string, at: Date) =>
    ({
      to,
      subject: '【ITサポート】メールアドレスが変更されました',
      // This mailbox no longer signs in, so no reset page: the contact page is the way back.
      text: securityNotice('ログイン用メールアドレスが変更されました', at, ['お手数ですが、お問い合わせフォームからご連絡ください。'], [
        `新しいメールアドレス: ${maskEmail(newEmail)}`,
        '今後のお知らせは新しいメールアドレスにお送りします。',
      ]),
    }),

  // The name entered with this request is shown, and the mail says what to do with a request one
  // did not make: each request has its own link, so a mailbox owner can tell theirs.
  signup: (to: string, link: string, name: string) =>
    ({
      to,
      subject: '【ITサポート】会員登録のご確認',
      secrets: [link],
      text: `${name} 様\n\n会員登録のお申し込みありがとうございます。\n以下のリンクから24時間以内に登録を完了してください。\n\n${link}\n\nお心当たりのない場合や、お名前に覚えのない場合は、リンクを開かずにこのメールを破棄してください。リンクを開かない限り登録は行われません。${footer}`,
    }),
  signupDone: (to: string, name: string) =>
    ({ to, subject: '【ITサポート】会員登録が完了しました', text: `${name} 様\n\n会員登録が完了しました。マイページにログインしてご利用ください。${footer}` }),
  // The page where the code is entered, with the address filled in.
  resetCode: (to: string, code: string, link: string) =>
    ({
      to,
      subject: '【ITサポート】パスワード再設定の認証コード',
      secrets: [code, link],
      text: `パスワード再設定の認証コードは次のとおりです（30分間有効）。\n\n認証コード: ${code}\n\n以下のページで認証コードと新しいパスワードを入力してください。\n${link}\n\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。${footer}`,
    }),
  emailChange: (to: string, link: string) =>
    ({ to, subject: '【ITサポート】メールアドレス変更のご確認', secrets: [link], text: `メールアドレス変更のお申し込みを受け付けました。\n以下のリンクから24時間以内に変更を完了してください。\n\n${link}${footer}` }),
  // What was booked, in the member's words: no internal reservation code.
  purchase: (
    to: string,
    p: {
      productName: string
      amount: number
      ticketNumber: string
      reservationAt: Date | null
      staffNickname: string | null
      supportType?: 'TEL' | 'ONLINE' | null
      coupon?: { couponName: string; discountPrice: number } | null
      interviewTel?: string | null
      /** ONLINE: how to join (format.ts onlineRoomLines). */
      roomLines?: string[]
    },
    attachments?: readonly MailAttachment[],
  ) =>
    ({
      to,
      subject: '【ITサポート】ご購入ありがとうございます',
      attachments,
      text: [
        'ご購入ありがとうございます。ご利用内容は以下のとおりです。',
        '',
        `商品: ${p.productName}`,
        `チケット番号: ${p.ticketNumber}`,
        ...(p.reservationAt ? [`ご予約日時: ${jstText(p.reservationAt)}`] : []),
        ...(p.staffNickname ? [`担当相談員: ${p.staffNickname}`] : []),
        ...(p.supportType ? [`サポート方法: ${supportTypeText[p.supportType]}`] : []),
        ...(p.roomLines?.length ? ['', ...p.roomLines, ''] : []),
        ...(p.coupon ? [`クーポン: ${p.coupon.couponName}（${p.coupon.discountPrice.toLocaleString('ja-JP')}円引き）`] : []),
        `お支払い金額: ${p.amount.toLocaleString('ja-JP')}円（税込）`,
        ...(p.interviewTel ? [`問診専用電話番号: ${p.interviewTel}`] : []),
        '',
        'お支払い情報はマイページの「お支払い履歴」からご確認いただけます。',
        ...calendarNote(attachments),
      ].join('\n') + footer,
    }),
  reservationChanged: (to: string, p: { ticketNumber: string; reservationAt: Date; staffNickname: string }, attachments?: readonly MailAttachment[]) =>
    ({
      to,
      subject: '【ITサポート】ご予約日時の変更を承りました',
      attachments,
      text: ['ご予約日時を変更しました。', '', `チケット番号: ${p.ticketNumber}`, `ご予約日時: ${jstText(p.reservationAt)}`, `担当相談員: ${p.staffNickname}`, ...calendarNote(attachments)].join('\n') + footer,
    }),
  // A consultant recorded ご連絡なし (docs/server.md "The consultation loop"): what the card now
  // reads, and the two ways on: call the support line, or book again (product.md §9 terms: a
  // missed consultation ends at its planned time).
  noContact: (
    to: string,
    p: {
      name: string
      ticketNumber: string
      productName: string
      reservationAt: Date
      supportType: 'TEL' | 'ONLINE' | null
      staffNickname: string
      supportTel: string
      origin: string
      /**
       * An ONLINE booking whose room is still open as ご連絡なし is recorded (decision 120): the
       * booked time's end (null once it has passed), when the room closes, and the room's page. The
       * member may still come in; without it, today's text.
       */
      room?: { endAt: Date | null; closesAt: Date; link: string }
    },
  ) =>
    ({
      to,
      subject: '【ITサポート】ご予約のサポートでご連絡がとれませんでした',
      text: [
        ...(p.name ? [`${p.name} 様`, ''] : []),
        'ご予約の時間に担当相談員からご連絡いたしましたが、お客様とご連絡がとれませんでした。',
        '',
        `商品: ${p.productName}`,
        `チケット番号: ${p.ticketNumber}`,
        `ご予約日時: ${jstText(p.reservationAt)}`,
        ...(p.supportType ? [`サポート方法: ${supportTypeText[p.supportType]}`] : []),
        `担当相談員: ${p.staffNickname}`,
        '',
        ...(p.room
          ? [
              // The booked time still runs and the room still admits the member (docs/product.md §10: ご連絡なし may still become 完了).
              ...(p.room.endAt ? [`ご予約の時間は ${hhmm(p.room.endAt)} まで続いています。`] : []),
              `${hhmm(p.room.closesAt)} までは、今からでも次のページからオンライン相談にお入りいただけます。`,
              p.room.link,
              '',
              'お部屋が閉じた後もサポートをご希望の場合は、お手数ですが次のいずれかの方法でご連絡ください。',
            ]
          : ['このご予約はマイページで「ご連絡がありませんでした」と表示されます。', '引き続きサポートをご希望の場合は、お手数ですが次のいずれかの方法でご連絡ください。']),
        `・サポート窓口へのお電話: ${p.supportTel}`,
        `・マイページからチケットを購入してご予約: ${p.origin}/`,
      ].join('\n') + footer,
    }),
  // The operator's desk refunded (part of) a purchase: how much, why, and that the booking is gone.
  refund: (
    to: string,
    p: { productName: string; ticketNumber: string; amount: number; totalRefunded: number; paid: number; reason: string; bookingReleased: boolean },
    attachments?: readonly MailAttachment[],
  ) =>
    ({
      to,
      subject: '【ITサポート】ご返金のお知らせ',
      attachments,
      text: [
        'ご購入いただいた商品について、以下のとおり返金いたしました。',
        '',
        `商品: ${p.productName}`,
        `チケット番号: ${p.ticketNumber}`,
        `今回の返金額: ${p.amount.toLocaleString('ja-JP')}円`,
        `返金額の合計: ${p.totalRefunded.toLocaleString('ja-JP')}円（お支払い金額 ${p.paid.toLocaleString('ja-JP')}円）`,
        `返金理由: ${p.reason}`,
        ...(p.bookingReleased ? ['', 'このチケットのご予約は取り消しました。', ...(attachments?.length ? ['カレンダーに追加したご予約は、添付の取り消しのお知らせを開くと削除されます。'] : [])] : []),
        '',
        'カード会社での返金処理には数日から数週間かかる場合があります。返金の内容はマイページの「お支払い履歴」からご確認いただけます。',
      ].join('\n') + footer,
    }),
} satisfies Record<string, (...args: never[]) => Mail>
