import nodemailer from 'nodemailer'
import { log as logger } from '../observability/log'
import { metrics } from '../observability/metrics'

export type Mail = {
  to: string
  subject: string
  text: string
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

export function createSmtpMailer(opts: { smtpUrl: string; from: string; log?: (msg: string) => void }): Mailer {
  const transport = nodemailer.createTransport(opts.smtpUrl)
  const log = opts.log ?? ((m: string) => logger().error(m))
  const deliver = async (mail: Mail) => {
    try {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text })
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
