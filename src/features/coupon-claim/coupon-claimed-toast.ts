import { useEffect } from 'react'
import { couponText } from '../../text/coupon'
import { toaster } from '../../ui/toaster'

/**
 * Home after a coupon link was claimed (product.md §4 /get-coupon: "go home"): says so once. The
 * claim leaves `couponClaimed` in the history entry's state; it is taken out again once shown, so
 * a reload or coming back to this entry does not repeat it.
 */
export function useCouponClaimedToast(claimed: boolean) {
  useEffect(() => {
    if (!claimed) return
    // A fixed id: StrictMode's second effect run updates the toast instead of stacking a copy.
    toaster.create({ id: 'coupon-claimed', title: couponText.claimedToast, description: couponText.claimedBody, type: 'success' })
    const { couponClaimed: _shown, ...rest } = (window.history.state ?? {}) as Record<string, unknown>
    window.history.replaceState(rest, '')
  }, [claimed])
}
