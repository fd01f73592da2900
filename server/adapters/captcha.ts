/**
 * reCAPTCHA check (product.md §1: login and signup). With no secret configured the captcha is "off":
 * only the literal token `off`, which the browser's "off" adapter sends, is accepted.
 */
export async function verifyCaptcha(secret: string | undefined, token: string): Promise<boolean> {
  if (!secret) return token === 'off'
  if (!token || token === 'off') return false
  try {
    const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token }),
    })
    const body = (await res.json()) as { success?: boolean }
    return body.success === true
  } catch {
    return false
  }
}
