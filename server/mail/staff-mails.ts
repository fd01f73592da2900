import type { Mail, MailAttachment } from '../adapters/mailer'
import { calendarNote, footer, jstText } from './format'

// Mails of the consultation loop and the staff accounts (Japanese), with the one footer of
// format.ts, to members and staff alike. Links point to the SPA's routes under APP_ORIGIN.

export const staffMails = {
  /** A COMPLETED consultation: the rating and tip page (/rating?ticketNumber=…). */
  ratingRequest: (to: string, p: { ticketNumber: string; productName: string; link: string }) =>
    ({
      to,
      subject: '【ITサポート】サポートのご利用ありがとうございました',
      text: `本日はサポートをご利用いただきありがとうございました。\n\n商品: ${p.productName}\nチケット番号: ${p.ticketNumber}\n\nよろしければ、担当相談員の評価にご協力ください（チップもこちらから送れます）。\n${p.link}${footer}`,
    }),
  /** The consultant offers an extension on the spot: /buy with the ADD product and this consultation. */
  extensionLink: (to: string, p: { ticketNumber: string; productName: string; price: number; link: string }) =>
    ({
      to,
      subject: '【ITサポート】サポート延長のご案内',
      text: `ご相談中のサポートの延長をご希望の場合は、以下のリンクから延長チケットをご購入ください。\n\n対象のチケット番号: ${p.ticketNumber}\n商品: ${p.productName}\n料金: ${p.price.toLocaleString('ja-JP')}円（税込）\n\n${p.link}${footer}`,
    }),
  /**
   * A staff role newly granted (docs/server.md "Staff roles"): which role, where to sign in, and a
   * one-time link of the identity provider to set one's own password (kept out of the outbox's
   * copy: `secrets`). Without a link, the operator who granted it tells the password.
   */
  invitation: (
    to: string,
    p: { role: 'consultant' | 'operator'; staffNickname: string | null; loginUrl: string; passwordLink: string | null; initialPassword: boolean },
  ) =>
    ({
      to,
      subject: '【ITサポート】スタッフページへのご招待',
      secrets: p.passwordLink ? [p.passwordLink] : [],
      text: [
        `ITサポート マイページのスタッフページに、${p.role === 'consultant' ? '相談員' : '運営担当者'}として登録されました。`,
        ...(p.role === 'consultant' && p.staffNickname ? [`担当する相談員: ${p.staffNickname}`] : []),
        p.role === 'consultant' ? 'ご自身の担当する相談、勤務予定、相談結果の記録をスタッフページで行えます。' : '割り当て、勤務予定、休業日、お知らせ、クーポン、返金、スタッフ権限などをスタッフページで行えます。',
        '',
        `ログインページ: ${p.loginUrl}`,
        `ログイン用メールアドレス: ${to}`,
        '',
        ...(p.passwordLink
          ? [
              '次のリンクからご自身のパスワードを設定してから、ログインしてください（リンクの有効期限は1時間です）。',
              p.passwordLink,
              ...(p.initialPassword ? ['運営担当者から初期パスワードを伝えられている場合も、ご自身だけが知るパスワードに変更してください。'] : []),
              '期限が切れた場合は、運営担当者にお問い合わせください。',
            ]
          : ['パスワードは、権限を付与した運営担当者にお問い合わせください。']),
        '',
        'お心当たりのない場合は、このメールを破棄してください。',
      ].join('\n') + footer,
    }),
  /** An operator gave the consultation to another consultant: the member. */
  reassignedMember: (to: string, p: { ticketNumber: string; reservationAt: Date; staffNickname: string }, attachments?: readonly MailAttachment[]) =>
    ({
      to,
      subject: '【ITサポート】担当相談員変更のお知らせ',
      attachments,
      text:
        [
          'ご予約の担当相談員が変更になりました。ご予約日時とチケット番号は変わりません。',
          '',
          `チケット番号: ${p.ticketNumber}`,
          `ご予約日時: ${jstText(p.reservationAt)}`,
          `新しい担当相談員: ${p.staffNickname}`,
          '',
          'ご不便をおかけし申し訳ございません。',
          ...calendarNote(attachments),
        ].join('\n') + footer,
    }),
} satisfies Record<string, (...args: never[]) => Mail>
