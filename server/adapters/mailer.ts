import nodemailer from 'nodemailer'
import { log as logger } from '../observability/log'
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
   * Parts of the text that are secrets (a link's token, a reset code): the mail outbox keeps the
   * text with them blanked out and never sends it again (server/services/mail-outbox.ts).
   */
  secrets?: readonly string[]
}

/**
 * The mail port. Production and dev: SMTP (maildev locally); tests: in-memory capture. Every mail
 * goes through the outbox (server/services/mail-outbox.ts), which records it and its status.
 */
export type Mailer = {
  send: (mail: Mail) => Promise<void>
  /** Like send, but a failure throws (the outbox records it); adapters that cannot fail may omit it. */
  deliver?: (mail: Mail) => Promise<void>
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

export function createSmtpMailer(opts: { smtpUrl: string; from: string; log?: (msg: string) => void }): Mailer {
  const transport = nodemailer.createTransport(opts.smtpUrl)
  const log = opts.log ?? ((m: string) => logger().error(m))
  const deliver = async (mail: Mail) => {
    try {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, ...nodemailerParts(mail.attachments ?? []) })
      metrics.mails.inc({ result: 'sent' })
    } catch (e) {
      metrics.mails.inc({ result: 'failed' })
      throw e
    }
  }
  return {
    deliver,
    async send(mail) {
      try {
        await deliver(mail)
      } catch (e) {
        // A mail failure must not undo the member's action (the data is already committed);
        // it is logged for the operator, without the address (the log scrub would hide it anyway).
        log(`mail "${mail.subject}" failed: ${(e as Error).message}`)
      }
    },
  }
}

export type MemoryMailer = Mailer & { sent: Mail[]; last: (to: string) => Mail | undefined }

export function createMemoryMailer(): MemoryMailer {
  const sent: Mail[] = []
  return {
    sent,
    async send(mail) {
      sent.push(mail)
    },
    last: (to) => [...sent].reverse().find((m) => m.to === to),
  }
}
