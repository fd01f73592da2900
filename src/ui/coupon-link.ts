// The coupon link as it travels while a visitor signs in or signs up first (product.md §2
// /get-coupon, §4): /get-coupon?couponCode=… is the login's `redirect`, the signup page's
// `couponCode` and signup-complete's answer, so the claim runs at the first login.

/** The in-app path that claims `couponCode`. */
export const couponLink = (couponCode: string) => `/get-coupon?couponCode=${encodeURIComponent(couponCode)}`

/** The coupon code a remembered location claims, or null when it is no coupon link. */
export function couponCodeOf(href: string | undefined): string | null {
  if (!href) return null
  let url: URL
  try {
    url = new URL(href, 'http://app.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://app.invalid' || url.pathname !== '/get-coupon') return null
  const code = url.searchParams.get('couponCode')
  return code ? code : null
}
