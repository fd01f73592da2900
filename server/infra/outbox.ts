import { createHash } from 'node:crypto'
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Mail, Mailer, OutgoingMail } from '../adapters/mailer'
import type { Db, Tx } from '../db/client'
import { mailOutbox, members } from '../db/schema'
import type { Clock } from '../domain/time'
import { log as logger } from '../observability/log'
import { metrics } from '../observability/metrics'

/**
 * The outbox (docs/server.md "Outbox", docs/decisions.md 115): every message the server sends —
 * mail now, LINE later (`channel`) — leaves from here, never from a request.
 *
 * 1. `notify(tx, deps, message)` writes the message in the transaction of the change that causes
 *    it: a rolled-back change sends nothing, a committed one cannot lose its message. Its
 *    idempotency key is unique per channel, so the same cause notified twice (a retried job, a
 *    sweeper and a request racing) is one message.
 * 2. The job `outbox-delivery` (server/jobs/outbox-delivery.ts) runs `deliverDue`: it claims due
 *    messages under `FOR UPDATE SKIP LOCKED` and a lease (`sending`, committed before the mail
 *    server is called), so replicas delivering at once share the work and one message goes to one
 *    delivery; then it hands each to the transport and marks it `sent`, or `pending` again with
 *    its next try by exponential back-off (the injectable clock's time, so tests move the clock),
 *    or `dead` once its give-up time has passed. An operator resends a dead one (`resend`).
 *
 * Exactly once: a message is marked sent in the same statement that ends its lease; one whose
 * delivery died (a replica killed) is `sending` with a lapsed lease and is claimed again. What
 * cannot be avoided is the window between the mail server's "250 accepted" and our commit of
 * `sent` (milliseconds): a crash there sends the message a second time, with the same
 * Message-ID (made from the idempotency key), which is how a reader's mail system can tell.
 * A crash before the mail server accepted the DATA sends it once (the server drops a cut
 * transaction).
 *
 * A mail carrying a secret (a signup or e-mail-change link: `Mail.secrets`) is shown blanked
 * (`body`); the text that must go waits in `pending_body` until it is delivered or given up,
 * then it is erased, and it is not resendable (the database keeps only hashes of those tokens).
 * A kind with a renderer (the reset code: services/member/password-reset.ts) is built again at
 * each delivery, so a late one or a resend carries a code that is live then.
 */

export const SECRET_MARK = '［非表示］'
const ERROR_MAX = 500

export type OutboxRow = typeof mailOutbox.$inferSelect

/** One message as a flow hands it to `notify`. */
export type OutboxMessage = {
  /** The only channel so far; LINE adds its name here and a transport in `deliverDue`. */
  channel?: 'mail'
  /** What it is (`purchase`, `reset-code`, `reminder-evening`…). */
  kind: string
  /** One message per cause: a second notify with the same key writes nothing. */
  key: string
  mail: Mail
  /** What the kind's renderer needs to build it again at delivery (reset-code: the member id). */
  ref?: string
}

/** When to try again and when to give up (server/config.ts `outbox`). */
export type OutboxPolicy = {
  /** The first retry's delay; each further one doubles… */
  retryBaseMs: number
  /** …up to this. */
  retryMaxMs: number
  /** A message still failing this long after it was written (or resent) is dead. */
  giveUpMs: number
  /** How long a claimed message belongs to its delivery. */
  leaseMs: number
}

/** The policy when nothing says otherwise (server/config.ts uses the same numbers; the staff command has no config of its own). */
export const OUTBOX_DEFAULTS: OutboxPolicy = { retryBaseMs: 30_000, retryMaxMs: 3_600_000, giveUpMs: 24 * 3_600_000, leaseMs: 120_000 }

/** A kind whose text is built at delivery time; null: nothing to send any more (the message is given up). */
export type Renderer = (tx: Tx, row: OutboxRow) => Promise<Mail | null>

export type Outbox = {
  db: Db
  clock: Clock
  transport: Mailer
  policy: OutboxPolicy
  renderers?: Readonly<Record<string, Renderer>>
}

/** An error of the mail server, without any address it may quote (it goes to the row and the log). */
export const scrubError = (e: unknown) =>
  String((e as Error)?.message ?? e)
    .replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]')
    .slice(0, ERROR_MAX)

const blank = (text: string, secrets: readonly string[]) => {
  let out = text
  for (const s of secrets) if (s) out = out.split(s).join(SECRET_MARK)
  return out
}

/** The Message-ID a message goes with, the same at every try: made from its key. */
export const messageIdOf = (row: Pick<OutboxRow, 'id' | 'channel' | 'idempotencyKey'>) =>
  `<${createHash('sha256').update(`${row.channel}:${row.idempotencyKey ?? `row-${row.id}`}`).digest('hex').slice(0, 32)}@outbox.mypage>`

/**
 * Writes a message to the outbox in `tx` (the transaction of the change that causes it; a plain
 * handle where the cause is no write of ours). Answers its row's id, or null when a message with
 * the same key was already written.
 */
export async function notify(tx: Tx, deps: { clock: Clock; config: { outbox: Pick<OutboxPolicy, 'giveUpMs'> } }, message: OutboxMessage): Promise<number | null> {
  const { mail } = message
  const secrets = mail.secrets ?? []
  const body = blank(mail.text, secrets)
  const [member] = await tx.select({ memberId: members.memberId }).from(members).where(eq(members.email, mail.to))
  const now = deps.clock.now()
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      channel: message.channel ?? 'mail',
      kind: message.kind,
      idempotencyKey: message.key,
      memberId: member?.memberId ?? null,
      toAddress: mail.to,
      subject: mail.subject,
      body,
      pendingBody: body === mail.text ? null : mail.text,
      ref: message.ref ?? null,
      attachments: mail.attachments?.length ? [...mail.attachments] : null,
      // A secret cannot go again, unless its kind builds a new one at delivery (the reset code).
      resendable: secrets.length === 0 || message.ref !== undefined,
      status: 'pending',
      // Due at once, whatever clock the delivery reads (a test stack's request may live at a moved
      // time, decision 81); only a failure sets a time, by the delivering clock.
      nextAttemptAt: null,
      giveUpAt: new Date(now.getTime() + deps.config.outbox.giveUpMs),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id })
  return row?.id ?? null
}

/** The delay before try `n + 1` after `n` failed tries: base, doubling, capped. */
export const retryDelayMs = (policy: OutboxPolicy, failedTries: number) => Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, failedTries - 1))

/** Claims up to `limit` due messages (or the given ones, if due) for one delivery, under a lease. */
async function claim(o: Outbox, limit: number, ids?: readonly number[]): Promise<OutboxRow[]> {
  const now = o.clock.now()
  return o.db.transaction(async (tx) => {
    const due = or(
      and(eq(mailOutbox.status, 'pending'), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now))),
      // A delivery that died (its replica killed) left it leased: the lease lapsed, it is due again.
      and(eq(mailOutbox.status, 'sending'), isNotNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, now)),
    )
    const rows = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(ids ? and(due, inArray(mailOutbox.id, [...ids])) : due)
      .orderBy(sql`${mailOutbox.nextAttemptAt} nulls first`, mailOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true })
    if (rows.length === 0) return []
    return tx
      .update(mailOutbox)
      .set({ status: 'sending', leaseUntil: new Date(now.getTime() + o.policy.leaseMs), updatedAt: now })
      .where(inArray(mailOutbox.id, rows.map((r) => r.id)))
      .returning()
  })
}

/** What goes to the transport for a claimed row: its kind's renderer, else the kept text. */
async function outgoing(o: Outbox, row: OutboxRow): Promise<OutgoingMail | null> {
  const render = o.renderers?.[row.kind]
  if (render) {
    const mail = await o.db.transaction((tx) => render(tx, row))
    if (!mail) return null
    return { to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments, messageId: messageIdOf(row) }
  }
  return { to: row.toAddress, subject: row.subject, text: row.pendingBody ?? row.body, attachments: row.attachments ?? undefined, messageId: messageIdOf(row) }
}

export type DeliveryResult = { sent: number; retried: number; dead: number }

/** Hands one claimed message to the transport and records what happened; never throws. */
async function deliverOne(o: Outbox, row: OutboxRow, out: DeliveryResult): Promise<void> {
  let error: string | null = null
  let dropped = false
  try {
    const mail = await outgoing(o, row)
    if (mail) await o.transport.deliver(mail)
    else dropped = true
  } catch (e) {
    error = scrubError(e)
  }
  const now = o.clock.now()
  const attempts = row.attempts + (dropped ? 0 : 1)
  const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'))
  try {
    if (dropped) {
      // Its kind's renderer found nothing to send any more (the member left): given up, not sent.
      await o.db.update(mailOutbox).set({ status: 'dead', lastError: 'nothing to send: the recipient is gone', resendable: false, pendingBody: null, leaseUntil: null, nextAttemptAt: null, updatedAt: now }).where(mine)
      out.dead++
      return
    }
    if (error === null) {
      await o.db.update(mailOutbox).set({ status: 'sent', sentAt: now, attempts, lastError: null, pendingBody: null, leaseUntil: null, updatedAt: now }).where(mine)
      out.sent++
      metrics.outboxDeliveries.inc({ channel: row.channel, result: 'sent' })
      return
    }
    const dead = row.giveUpAt !== null && now.getTime() >= row.giveUpAt.getTime()
    if (dead) {
      await o.db.update(mailOutbox).set({ status: 'dead', attempts, lastError: error, pendingBody: null, leaseUntil: null, nextAttemptAt: null, updatedAt: now }).where(mine)
      out.dead++
      logger().error({ outbox: row.id, kind: row.kind, attempts }, `outbox: message given up: ${error}`)
    } else {
      const next = new Date(now.getTime() + retryDelayMs(o.policy, attempts))
      await o.db.update(mailOutbox).set({ status: 'pending', attempts, lastError: error, leaseUntil: null, nextAttemptAt: next, updatedAt: now }).where(mine)
      out.retried++
      logger().warn({ outbox: row.id, kind: row.kind, attempts, next }, `outbox: delivery failed, tried again later: ${error}`)
    }
    metrics.outboxDeliveries.inc({ channel: row.channel, result: dead ? 'dead' : 'retry' })
  } catch (e) {
    // The status could not be written (the database away): the lease lapses and the message is
    // claimed again — a second delivery of a mail that did go (the window the header describes).
    logger().error({ outbox: row.id, err: { message: scrubError(e) } }, 'outbox: status not kept')
  }
}

/**
 * Delivers every message due now (or the given ones), `concurrency` at a time, until none is
 * left: the body of the job `outbox-delivery`.
 */
export async function deliverDue(o: Outbox, opts: { ids?: readonly number[]; concurrency?: number; maxMessages?: number } = {}): Promise<DeliveryResult> {
  const out: DeliveryResult = { sent: 0, retried: 0, dead: 0 }
  const concurrency = opts.concurrency ?? 10
  let left = opts.maxMessages ?? Infinity
  while (left > 0) {
    const rows = await claim(o, Math.min(concurrency, left), opts.ids)
    if (rows.length === 0) break
    left -= rows.length
    await Promise.all(rows.map((row) => deliverOne(o, row, out)))
    // Given ids were each claimed at most once; a failed one waits for its back-off.
    if (opts.ids) break
  }
  return out
}

/**
 * Sends a message again now (an operator's resend): pending, due now, with a new give-up time, in
 * one transaction with `record` (the audit row); the delivery follows at once. Answers the row
 * as delivered (or as it stands, if another delivery has it).
 */
export async function resend(o: Outbox, id: number, record?: (tx: Tx, before: OutboxRow, after: OutboxRow) => Promise<void>): Promise<OutboxRow | null> {
  const now = o.clock.now()
  const queued = await o.db.transaction(async (tx) => {
    const [before] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update')
    if (!before) return null
    const [after] = await tx
      .update(mailOutbox)
      .set({ status: 'pending', nextAttemptAt: null, giveUpAt: new Date(now.getTime() + o.policy.giveUpMs), leaseUntil: null, updatedAt: now })
      .where(eq(mailOutbox.id, id))
      .returning()
    await record?.(tx, before, after)
    return after
  })
  if (!queued) return null
  await deliverDue(o, { ids: [id] })
  const [row] = await o.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  return row ?? null
}

/** How many messages wait, for the readiness and metrics (pending or sending, and dead). */
export async function outboxBacklog(db: Tx): Promise<{ waiting: number; dead: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${mailOutbox.status} in ('pending', 'sending'))::int`,
      dead: sql<number>`count(*) filter (where ${mailOutbox.status} = 'dead')::int`,
    })
    .from(mailOutbox)
  return { waiting: Number(row?.waiting ?? 0), dead: Number(row?.dead ?? 0) }
}
