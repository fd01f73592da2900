import { eq } from 'drizzle-orm'
import type { CallResponse } from '../../contract/calls'
import { coupons, memberCoupons } from '../db/schema'
import { badRequest, serverErrors } from '../http/errors'
import type { Deps } from '../http/handler'

/** Once per member (primary key), before expiry (product.md §4 /get-coupon). */
export async function claimCoupon(deps: Deps, memberId: string, couponCode: string): Promise<CallResponse<'get-coupon'>> {
  const now = deps.clock.now()
  const [coupon] = await deps.db.select().from(coupons).where(eq(coupons.couponCode, couponCode))
  if (!coupon) throw badRequest(serverErrors.couponNotFound)
  if (coupon.expire.getTime() <= now.getTime()) throw badRequest(serverErrors.couponExpired)
  const inserted = await deps.db
    .insert(memberCoupons)
    .values({ memberId, couponCode: coupon.couponCode, claimedAt: now })
    .onConflictDoNothing()
    .returning({ couponCode: memberCoupons.couponCode })
  // The primary key (member, coupon) refused the row: this member holds it already. A reopened or
  // reloaded link is not a failure; the failure page stays for unknown and
  // expired coupons (product.md §8 getCoupon).
  if (inserted.length === 0) return { alreadyCompleted: true }
  return {}
}
