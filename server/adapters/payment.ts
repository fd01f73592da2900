import { randomBytes } from 'node:crypto'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { sandboxCharges, sandboxRateLimits, sandboxRefunds, sandboxTokens } from '../db/schema'
import { sandboxTestCards } from '../../contract/calls'
import type { Clock } from '../domain/time'

/**
 * What the provider knows of the charge made with an idempotency key (the sweeper asks it about
 * abandoned attempts, docs/decisions.md 51): `unknown` when it cannot tell yet (a charge still
 * processing, or a search index that may lag behind) — ask again later.
 */
export type ChargeLookup = { state: 'succeeded'; chargeId: string } | { state: 'none' } | { state: 'unknown' }

/** A refund the provider made (or had made for this key before), or why not. */
export type RefundResult = { ok: true; refundId: string } | { ok: false; status: 402 | 409 | 429; message: string }

export type ChargeResult =
  | { ok: true; chargeId: string }
  | { ok: false; status: 402 | 429; message: string }

/**
 * The server half of the payment port (docs/design.md "Payments and 3-D Secure"). `charge` must be
 * idempotent per key on the provider side too: a retried key answers the same charge.
 */
export type PaymentPort = {
  kind: 'sandbox' | 'stripe'
  /** Card facts and 3-D Secure state of a token (sandbox: tokenId; Stripe: PaymentMethod id). */
  inspectToken: (tokenId: string) => Promise<{ brand: string; last4: string; threeDSecure: 'succeeded' | 'pending' | 'failed' } | null>
  finishThreeDSecure: (tokenId: string) => Promise<{ ok: true; id: string } | { ok: false }>
  charge: (req: { source: string; amount: number; idempotencyKey: string }) => Promise<ChargeResult>
  refund: (chargeId: string) => Promise<void>
  /**
   * Refunds `amount` yen of a charge (the operator's desk), idempotent per key on the provider side
   * too: the same key answers the same refund, never a second one. The provider refuses more than
   * what is left of the charge.
   */
  refundCharge?: (req: { chargeId: string; amount: number; idempotencyKey: string }) => Promise<RefundResult>
  /**
   * The charge made with this idempotency key, if any. `since`: when the attempt started charging
   * (a provider whose lookup lags may answer `unknown` for a recent one instead of `none`).
   */
  findCharge: (idempotencyKey: string, since: Date) => Promise<ChargeLookup>
  /**
   * Who may use a new card token, as Stripe binds a PaymentMethod to one Customer: `ok` for the
   * member who made it (and, with `useKey`, when it is unused or already used by that same
   * purchase), else why not. Without `useKey` only the owner is checked (tdsFinish).
   */
  tokenUse: (tokenId: string, memberId: string, useKey?: string) => Promise<TokenUse>
  /**
   * Marks the token used by the purchase `useKey`, in the caller's transaction so it commits with
   * the purchase's hold: false when another purchase took it first. Released on failure.
   */
  claimToken: (tx: Tx, tokenId: string, memberId: string, useKey: string) => Promise<boolean>
  releaseToken: (tx: Tx, tokenId: string, useKey: string) => Promise<void>
}

export type TokenUse = 'ok' | 'missing' | 'foreign' | 'used'

export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string; name: string }

export type SandboxPayment = PaymentPort & {
  kind: 'sandbox'
  /** A token of `memberId` only (another member's token is useless). */
  createToken: (card: SandboxCard, memberId: string) => Promise<
    | { ok: true; tokenId: string; threeDSecure: 'required' | 'frictionless'; card: { brand: string; last4: string } }
    | { ok: false; message: string }
  >
  /** The 3-D Secure page's buttons. */
  decideThreeDSecure: (tokenId: string, approve: boolean) => Promise<boolean>
  tokenBehaviour: (tokenId: string) => Promise<string | null>
}

export function cardBrand(number: string): string | null {
  if (/^4/.test(number)) return 'Visa'
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'MasterCard'
  if (/^35(2[89]|[3-8])/.test(number)) return 'JCB'
  if (/^3[47]/.test(number)) return 'American Express'
  if (/^3(0[0-5]|[68])/.test(number)) return 'Diners Club'
  if (/^(6011|65|64[4-9])/.test(number)) return 'Discover'
  return null
}

export function luhnValid(number: string): boolean {
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

const behaviourOf = (number: string) =>
  number === sandboxTestCards.challenge
    ? 'challenge'
    : number === sandboxTestCards.declined
      ? 'declined'
      : number === sandboxTestCards.rateLimitedTwice
        ? 'rate_limited'
        : 'approved'

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** The built-in provider: test cards after Stripe's public numbers, state in the database. */
export function createSandboxPayment(db: Db, clock: Clock, opts: { chargeDelayMs?: number } = {}): SandboxPayment {
  // Test stacks only (SANDBOX_CHARGE_DELAY_MS, refused in production by server/config.ts): the
  // money is taken and the answer comes this much later, so a test can kill a replica in between.
  const delay = opts.chargeDelayMs ?? 0
  return {
    kind: 'sandbox',
    async createToken(card, memberId) {
      const number = card.number.replace(/[\s-]/g, '')
      const brand = cardBrand(number)
      if (!brand || !luhnValid(number)) return { ok: false, message: 'カード番号が正しくありません。' }
      const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear
      const now = clock.now()
      if (year * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
        return { ok: false, message: 'カードの有効期限が切れています。' }
      }
      const cvcLength = brand === 'American Express' ? 4 : 3
      if (card.cvc.length !== cvcLength) return { ok: false, message: 'セキュリティコードが正しくありません。' }
      const behaviour = behaviourOf(number)
      const tokenId = id('tok')
      await db.insert(sandboxTokens).values({
        tokenId,
        brand,
        last4: number.slice(-4),
        behaviour,
        // Frictionless cards pass 3-D Secure without a challenge.
        tdsStatus: behaviour === 'challenge' ? 'pending' : 'succeeded',
        memberId,
        createdAt: now,
      })
      return { ok: true, tokenId, threeDSecure: behaviour === 'challenge' ? 'required' : 'frictionless', card: { brand, last4: number.slice(-4) } }
    },
    async decideThreeDSecure(tokenId, approve) {
      const rows = await db
        .update(sandboxTokens)
        .set({ tdsStatus: approve ? 'succeeded' : 'failed' })
        .where(eq(sandboxTokens.tokenId, tokenId))
        .returning({ tokenId: sandboxTokens.tokenId })
      return rows.length > 0
    },
    async tokenBehaviour(tokenId) {
      const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.tokenId, tokenId))
      return row?.behaviour ?? null
    },
    async inspectToken(tokenId) {
      const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.tokenId, tokenId))
      if (!row) return null
      return { brand: row.brand, last4: row.last4, threeDSecure: row.tdsStatus as 'succeeded' | 'pending' | 'failed' }
    },
    async finishThreeDSecure(tokenId) {
      const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.tokenId, tokenId))
      return row?.tdsStatus === 'succeeded' ? { ok: true, id: row.tokenId } : { ok: false }
    },
    async charge({ source, amount, idempotencyKey }) {
      const [token] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.tokenId, source))
      if (!token || token.tdsStatus !== 'succeeded') return { ok: false, status: 402, message: 'CARD_DECLINED' }
      if (token.behaviour === 'declined') return { ok: false, status: 402, message: 'CARD_DECLINED' }
      if (token.behaviour === 'rate_limited') {
        // Answers 429 twice per idempotency key, then succeeds: exercises the client's retry.
        const [row] = await db
          .insert(sandboxRateLimits)
          .values({ idempotencyKey, count: 1 })
          .onConflictDoUpdate({ target: sandboxRateLimits.idempotencyKey, set: { count: sql`${sandboxRateLimits.count} + 1` } })
          .returning()
        if (row.count <= 2) return { ok: false, status: 429, message: 'RATE_LIMITED' }
      }
      await db
        .insert(sandboxCharges)
        .values({ chargeId: id('ch'), tokenId: source, amount, idempotencyKey, createdAt: clock.now() })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey))
      if (delay > 0) await new Promise((r) => setTimeout(r, delay))
      return { ok: true, chargeId: charge.chargeId }
    },
    async findCharge(idempotencyKey) {
      // The sandbox's own table is the truth, read after write: found or not, never unknown.
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey))
      return charge ? { state: 'succeeded', chargeId: charge.chargeId } : { state: 'none' }
    },
    async refund(chargeId) {
      await db.delete(sandboxCharges).where(eq(sandboxCharges.chargeId, chargeId))
    },
    async refundCharge({ chargeId, amount, idempotencyKey }) {
      return db.transaction(async (tx) => {
        // The charge row's lock queues refunds of one charge, as the provider's own ledger would.
        const [charge] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.chargeId, chargeId)).for('update')
        const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey))
        if (earlier) {
          return earlier.chargeId === chargeId && earlier.amount === amount
            ? { ok: true as const, refundId: earlier.refundId }
            : { ok: false as const, status: 409 as const, message: 'IDEMPOTENCY_KEY_REUSED' }
        }
        if (!charge) return { ok: false as const, status: 402 as const, message: 'CHARGE_NOT_FOUND' }
        const [{ refunded }] = await tx
          .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amount}), 0)::int` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.chargeId, chargeId))
        if (Number(refunded) + amount > charge.amount) return { ok: false as const, status: 402 as const, message: 'AMOUNT_EXCEEDS_CHARGE' }
        const refundId = id('re')
        await tx.insert(sandboxRefunds).values({ refundId, chargeId, amount, idempotencyKey, createdAt: clock.now() })
        return { ok: true as const, refundId }
      })
    },
    async tokenUse(tokenId, memberId, useKey) {
      const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.tokenId, tokenId))
      if (!row) return 'missing'
      if (row.memberId !== memberId) return 'foreign'
      if (row.usedBy !== null && row.usedBy !== useKey) return 'used'
      return 'ok'
    },
    async claimToken(tx, tokenId, memberId, useKey) {
      const rows = await tx
        .update(sandboxTokens)
        .set({ usedBy: useKey })
        .where(and(eq(sandboxTokens.tokenId, tokenId), eq(sandboxTokens.memberId, memberId), or(isNull(sandboxTokens.usedBy), eq(sandboxTokens.usedBy, useKey))))
        .returning({ tokenId: sandboxTokens.tokenId })
      return rows.length > 0
    },
    async releaseToken(tx, tokenId, useKey) {
      await tx.update(sandboxTokens).set({ usedBy: null }).where(and(eq(sandboxTokens.tokenId, tokenId), eq(sandboxTokens.usedBy, useKey)))
    },
  }
}
