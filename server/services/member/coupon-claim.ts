import { and, count, eq } from 'drizzle-orm'
import type { CouponCode } from '../../../contract/ids'
import type { CallResponse } from '../../../contract/calls'
import { coupons, memberCoupons } from '../../db/schema'
import { invalid, serverErrors } from '../../domain/errors'
import type { Deps } from '../deps'

/**
 * Once per member (primary key), before expiry, not after an operator stopped it, and within its
 * claim limit (docs/product.md §4 /get-coupon). A coupon with a limit is locked while its claims are
 * counted, so concurrent claims of the last place queue and only one gets it (PostgreSQL); a coupon
 * without a limit takes no lock.
 */
export async function claimCoupon(deps: Deps, memberId: string, couponCode: CouponCode): Promise<CallResponse<'get-coupon'>> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    let [coupon] = await tx.select().from(coupons).where(eq(coupons.couponCode, couponCode))
    // Limited: read it again under its row lock, so the count below sees every claim before ours.
    if (coupon?.maxClaims != null) [coupon] = await tx.select().from(coupons).where(eq(coupons.couponCode, couponCode)).for('update')
    if (!coupon) throw invalid(serverErrors.couponNotFound)
    // A stopped coupon reads as an expired one: the member's failure page is the same (§8 getCoupon).
    if (coupon.expire.getTime() <= now.getTime() || coupon.stoppedAt) throw invalid(serverErrors.couponExpired)
    if (coupon.maxClaims !== null) {
      const [own] = await tx.select().from(memberCoupons).where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.couponCode, couponCode)))
      if (own) return { alreadyCompleted: true }
      const [{ n }] = await tx.select({ n: count() }).from(memberCoupons).where(eq(memberCoupons.couponCode, couponCode))
      if (n >= coupon.maxClaims) throw invalid(serverErrors.couponClaimLimit)
    }
    const inserted = await tx
      .insert(memberCoupons)
      .values({ memberId, couponCode: coupon.couponCode, claimedAt: now })
      .onConflictDoNothing()
      .returning({ couponCode: memberCoupons.couponCode })
    // The primary key (member, coupon) refused the row: this member holds it already. A reopened or
    // reloaded link is not a failure; the failure page stays for unknown, expired, stopped and
    // fully claimed coupons (docs/product.md §8 getCoupon).
    if (inserted.length === 0) return { alreadyCompleted: true }
    return {}
  })
}
