import type { SnapshotFrom } from 'xstate'
import type { couponClaimMachine } from './coupon-claim-machine'

type Snapshot = SnapshotFrom<typeof couponClaimMachine>

/**
 * What /get-coupon shows, asked of the coupon-claim chart (docs/decisions.md 45): tags, never
 * state names.
 */
export const couponClaimView = {
  /** The member held the coupon already: the page says so, with a way home. */
  isAlreadyHeld: (s: Snapshot) => s.hasTag('page:alreadyHeld'),
}
