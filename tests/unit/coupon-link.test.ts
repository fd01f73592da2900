import { describe, expect, it } from 'vitest'
import { couponCodeOf, couponLink } from '../../src/ui/coupon-link'

// The coupon link as the login's `redirect` carries it (login note, signup link, first login).
describe('coupon link', () => {
  it('round-trips a code, encoded', () => {
    expect(couponLink('CAMPAIGN2000')).toBe('/get-coupon?couponCode=CAMPAIGN2000')
    expect(couponCodeOf(couponLink('A&B C'))).toBe('A&B C')
  })
  it.each([undefined, '/', '/get-coupon', '/get-coupon?couponCode=', '/settings?couponCode=X', '//evil.example/get-coupon?couponCode=X', 'https://evil.example/get-coupon?couponCode=X'])(
    'no coupon in %s',
    (href) => expect(couponCodeOf(href)).toBeNull(),
  )
})
