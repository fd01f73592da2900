import nodemailer from 'nodemailer'
import { metrics } from '../observability/metrics'

/**
 * A file sent with a mail: today a booking's calendar invite (services/booking/ticket-invite.ts),
 * `text/calendar; method=REQUEST; charset=UTF-8` (or `method=CANCEL`). Kept as text in the outbox.
 */
export type MailAttachment = { filename: string; contentType: string; content: string }

export type Mail = {
  to: string
  subject: string
  text: string
  attachments?: readonly MailAttachment[]
  /**
   * Parts of the text that are secrets (a link's token, a reset code): the outbox keeps the text
   * with them blanked out for the desk and never sends it again (server/infra/outbox.ts).
   */
  secrets?: readonly string[]
}

/** A mail as it goes to the transport: no list of secrets; the Message-ID made from the outbox's idempotency key. */
export type OutgoingMail = { to: string; subject: string; text: string; attachments?: readonly MailAttachment[]; messageId?: string }

/**
 * The mail port: hands one mail to SMTP (maildev locally) or, in tests, to memory; a failure
 * throws. Only the outbox's delivery calls it (server/infra/outbox.ts, docs/server.md "Outbox"):
 * a flow writes a message with `notify()` and never waits for a mail server.
 */
export type Mailer = {
  deliver: (mail: OutgoingMail) => Promise<void>
}

/**
 * A mail's files as nodemailer sends them. A calendar invite goes as nodemailer's `icalEvent`: a
 * `text/calendar; method=…` alternative of the text (what Gmail and Outlook read as an invitation,
 * with their accept and add buttons) and the same file as an `invite`-named attachment (what other
 * clients open). Any other file is a plain attachment.
 */
export function nodemailerParts(attachments: readonly MailAttachment[]) {
  const invite = attachments.find((a) => /^text\/calendar\b/i.test(a.contentType))
  const method = invite ? /method=([A-Za-z]+)/i.exec(invite.contentType)?.[1]?.toUpperCase() : undefined
  const others = attachments.filter((a) => a !== invite).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content }))
  return {
    ...(invite ? { icalEvent: { filename: invite.filename, method: method ?? 'PUBLISH', content: invite.content } } : {}),
    ...(others.length > 0 ? { attachments: others } : {}),
  }
}

/** How long the SMTP client waits for a mail server (docs/server.md "Outbox"): a silent one costs seconds, never a member's request. */
export type SmtpTimeouts = { connectionMs: number; greetingMs: number; socketMs: number }

export function createSmtpMailer(opts: { smtpUrl: string; from: string; timeouts: SmtpTimeouts }): Mailer & { close: () => void } {
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: opts.timeouts.connectionMs,
    greetingTimeout: opts.timeouts.greetingMs,
    socketTimeout: opts.timeouts.socketMs,
  })
  return {
    async deliver(mail) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
          ...nodemailerParts(mail.attachments ?? []),
        })
        metrics.mails.inc({ result: 'sent' })
      } catch (e) {
        metrics.mails.inc({ result: 'failed' })
        throw e
      }
    },
    close: () => transport.close(),
  }
}

export type MemoryMailer = Mailer & { sent: OutgoingMail[]; last: (to: string) => OutgoingMail | undefined }

export function createMemoryMailer(): MemoryMailer {
  const sent: OutgoingMail[] = []
  return {
    sent,
    async deliver(mail) {
      sent.push(mail)
    },
    last: (to) => [...sent].reverse().find((m) => m.to === to),
  }
}
