import { and, eq, inArray } from 'drizzle-orm'
import type { ChargeRequest, ChargeResponse } from '../../../contract/calls'
import type { Tx } from '../../db/client'
import { coupons, products, purchaseAttempts } from '../../db/schema'

// The purchase attempt row and what is stored on it: the vocabulary every step of a purchase
// shares (services/purchase/purchase.ts describes the steps).

export type ProductRow = typeof products.$inferSelect
export type CouponRow = typeof coupons.$inferSelect
export type AttemptRow = typeof purchaseAttempts.$inferSelect

/** How the purchase pays: a saved card (its provider reference) or a new card's token. */
export type PaymentSource = { kind: 'saved'; ref: string } | { kind: 'token'; token: string; brand: string; last4: string } | null

/**
 * The priced facts of an attempt, as stored on it (`plan`): what `record` needs besides the request
 * body, so a process that never saw the request can record it (jobs/purchase-sweep.ts).
 * Card numbers never: a new card is its provider token, a saved card its provider reference.
 */
export type Plan = {
  product: Pick<ProductRow, 'productId' | 'productType' | 'productName' | 'price' | 'minutesToSupport'>
  /** The reservation start (ISO instant) of a SUPPORT ticket. */
  start: string | null
  /** The consultant asked for (null: no preference) and the one whose cells are held. */
  staffId: string | null
  heldStaff: string | null
  parent: string | null
  source: PaymentSource
  menu: ChargeRequest['reservationMenuList']
  /** docs/product.md §9: the interview's phone number by the landing page the member signed up from. */
  interviewTel: string | null
}

/** An attempt being worked: its row, its plan, its request and the lease owner working it. */
export type Work = { attempt: AttemptRow; plan: Plan; input: ChargeRequest; owner: string }

export type Claimed = { kind: 'replay'; response: ChargeResponse } | { kind: 'wait' } | ({ kind: 'run' } & Work)

export const planOf = (a: AttemptRow): Plan | null => (a.plan as Plan | null) ?? null

const unresolved = ['held', 'charging'] as const

export const whereKey = (memberId: string, key: string) => and(eq(purchaseAttempts.memberId, memberId), eq(purchaseAttempts.idempotencyKey, key))

/** The attempt, while it is unresolved and `owner` still holds its lease. */
export const owned = (a: { memberId: string; idempotencyKey: string }, owner: string) =>
  and(whereKey(a.memberId, a.idempotencyKey), eq(purchaseAttempts.leaseOwner, owner), inArray(purchaseAttempts.status, [...unresolved]))

/**
 * Attempts of this member not yet succeeded or failed: their tips and interviews count as taken,
 * and cancel-account waits for them. An abandoned one too — it may still be recorded (the sweeper
 * resolves it within its interval).
 */
export const liveAttempts = (tx: Tx, memberId: string) =>
  tx.select().from(purchaseAttempts).where(and(eq(purchaseAttempts.memberId, memberId), inArray(purchaseAttempts.status, [...unresolved])))

/** Someone is working the attempt right now: its lease has not lapsed. */
export const inFlight = (a: AttemptRow, now: Date) => (a.status === 'held' || a.status === 'charging') && a.leaseUntil !== null && a.leaseUntil.getTime() > now.getTime()

/** Is a purchase of this member still between its hold and its record? (cancel-account waits.) */
export async function hasLivePurchase(tx: Tx, memberId: string): Promise<boolean> {
  return (await liveAttempts(tx, memberId)).length > 0
}
