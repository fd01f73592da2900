import { eq, sql } from 'drizzle-orm'
import type { Mail, Mailer } from '../adapters/mailer'
import type { Db, Tx } from '../db/client'
import { mailOutbox, members } from '../db/schema'
import type { Clock } from '../domain/time'
import { log as logger } from '../observability/log'

/**
 * The mail outbox (docs/server.md "Mail outbox"): every mail the server sends is a row with its
 * delivery status — `pending` while handed to SMTP, then `sent`, or `failed` with the error — so an
 * operator sees what a member was sent and sends a failed one again (operator's desk).
 *
 * A mail that carries a secret (a signup or e-mail-change link, a reset code: `Mail.secrets`) is
 * kept with the secret blanked out and is not resendable: the database keeps only hashes of those
 * tokens (services/link-secrets.ts), and the outbox must not become the copy that undoes it. The
 * member asks again and gets a new one.
 *
 * A mail's files (a booking's calendar invite) are kept with it and go again with a resend.
 *
 * The member's action is never undone by a mail: `send` never throws. Logs name the outbox row,
 * never the address or the text.
 */

export const SECRET_MARK = '［非表示］'
const ERROR_MAX = 500

/** The mail port as the outbox wraps it: `deliver` throws on failure (the SMTP adapter's), else `send`. */
export type MailTransport = Mailer & { deliver?: (mail: Mail) => Promise<void> }

export type OutboxMailer = Mailer & {
  readonly outbox: true
  /**
   * Hands a stored mail to SMTP again; the row's status, attempts and error follow, written in one
   * transaction with `record` (the desk's audit row).
   */
  resend: (id: number, record?: (tx: Tx, before: OutboxRow, after: OutboxRow) => Promise<void>) => Promise<OutboxRow>
}

export type OutboxRow = typeof mailOutbox.$inferSelect

const secretsOf = (mail: Mail): readonly string[] => (mail as Mail & { secrets?: readonly string[] }).secrets ?? []

/** An SMTP error, without any address it may quote (it goes to the row and the log). */
export const scrubError = (e: unknown) =>
  String((e as Error)?.message ?? e)
    .replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]')
    .slice(0, ERROR_MAX)

/** What goes to the transport: address, subject, text and files; never the list of secrets. */
const wire = (mail: Mail): Mail => ({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.attachments?.length ? { attachments: mail.attachments } : {}) })

export function isOutboxMailer(m: Mailer): m is OutboxMailer {
  return (m as Partial<OutboxMailer>).outbox === true
}

export function createOutboxMailer(db: Db, clock: Clock, transport: MailTransport, log: (msg: string) => void = (m) => logger().error(m)): OutboxMailer {
  const deliver = async (mail: Mail) => (transport.deliver ? transport.deliver(mail) : transport.send(mail))

  async function attempt(row: OutboxRow, record?: (tx: Tx, before: OutboxRow, after: OutboxRow) => Promise<void>): Promise<OutboxRow> {
    let error: string | null = null
    try {
      await deliver(wire({ to: row.toAddress, subject: row.subject, text: row.body, attachments: row.attachments ?? undefined }))
    } catch (e) {
      error = scrubError(e)
      log(`[mail] outbox #${row.id} failed: ${error}`)
    }
    const now = clock.now()
    return db.transaction(async (tx) => {
      const [after] = await tx
        .update(mailOutbox)
        .set(
          error === null
            ? { status: 'sent', sentAt: now, lastError: null, attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: now }
            : { status: 'failed', lastError: error, attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: now },
        )
        .where(eq(mailOutbox.id, row.id))
        .returning()
      await record?.(tx, row, after)
      return after
    })
  }

  return {
    outbox: true,
    async send(mail) {
      const secrets = secretsOf(mail)
      let row: OutboxRow | undefined
      try {
        let body = mail.text
        for (const s of secrets) if (s) body = body.split(s).join(SECRET_MARK)
        const [member] = await db.select({ memberId: members.memberId }).from(members).where(eq(members.email, mail.to))
        const now = clock.now()
        ;[row] = await db
          .insert(mailOutbox)
          .values({
            memberId: member?.memberId ?? null,
            toAddress: mail.to,
            subject: mail.subject,
            body,
            attachments: mail.attachments?.length ? [...mail.attachments] : null,
            resendable: secrets.length === 0,
            status: 'pending',
            createdAt: now,
            updatedAt: now,
          })
          .returning()
      } catch (e) {
        // The outbox itself failed (the database is away): the mail still goes out.
        log(`[mail] outbox record failed: ${scrubError(e)}`)
      }
      if (!row) {
        await deliver(wire(mail)).catch((e) => log(`[mail] send failed: ${scrubError(e)}`))
        return
      }
      // The real text (with its secret) goes to SMTP; the row keeps the blanked one.
      let error: string | null = null
      try {
        await deliver(wire(mail))
      } catch (e) {
        error = scrubError(e)
        log(`[mail] outbox #${row.id} failed: ${error}`)
      }
      const now = clock.now()
      await db
        .update(mailOutbox)
        .set(error === null ? { status: 'sent', sentAt: now, attempts: 1, updatedAt: now } : { status: 'failed', lastError: error, attempts: 1, updatedAt: now })
        .where(eq(mailOutbox.id, row.id))
        .catch((e: unknown) => log(`[mail] outbox #${row.id} status not kept: ${scrubError(e)}`))
    },
    async resend(id, record) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
      if (!row) throw new Error(`outbox #${id} not found`)
      return attempt(row, record)
    },
  }
}

/** The mailer of the deps wrapped by the outbox once (server/app.ts and server/main.ts both ask). */
export function withOutbox(db: Db, clock: Clock, mailer: Mailer): OutboxMailer {
  return isOutboxMailer(mailer) ? mailer : createOutboxMailer(db, clock, mailer)
}
