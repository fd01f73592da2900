import nodemailer from 'nodemailer'
import { log as logger } from '../observability/log'
import { metrics } from '../observability/metrics'

export type Mail = { to: string; subject: string; text: string }

/** The mail port. Production and dev: SMTP (maildev locally); tests: in-memory capture. */
export type Mailer = { send: (mail: Mail) => Promise<void> }

export function createSmtpMailer(opts: { smtpUrl: string; from: string; log?: (msg: string) => void }): Mailer {
  const transport = nodemailer.createTransport(opts.smtpUrl)
  const log = opts.log ?? ((m: string) => logger().error(m))
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: opts.from, ...mail })
        metrics.mails.inc({ result: 'sent' })
      } catch (e) {
        metrics.mails.inc({ result: 'failed' })
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
