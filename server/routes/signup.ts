import { verifyCaptcha } from '../adapters/captcha'
import { invalid, serverErrors } from '../domain/errors'
import type { PartialHandlers } from '../http/handler'
import { completeSignup, requestSignup } from '../services/member/signup'

// The signup flow (machines/signup): the request mails a link, the link completes the member.

export const signupHandlers: PartialHandlers<'signup-request' | 'signup-complete'> = {
  /**
   * Counted per address (and, for the landing page that has no captcha, a stricter per-address
   * count), then per e-mail after the captcha, so a failed captcha spends nothing of the address's
   * mails. The record itself: services/member/signup.ts.
   */
  async 'signup-request'({ input, deps, address, limit }) {
    await limit('perAddress', address)
    if (input.source === 'SIGNUP_FORM_LP') {
      // product.md §1: the landing-page variant has no captcha widget. The source is the caller's word,
      // so this stricter per-address count is what a script meets instead (docs/decisions.md).
      await limit('perAddressWithoutCaptcha', address)
    } else if (!(await verifyCaptcha(deps.config.recaptchaSecret, input.recaptchaToken))) {
      throw invalid(serverErrors.captchaFailed)
    }
    // Mails to one address, whoever asks; after the captcha, so a failed one spends nothing of it.
    await limit('perEmail', input.email.toLowerCase())
    await requestSignup(deps, input)
    return {}
  },

  async 'signup-complete'({ input, deps }) {
    return completeSignup(deps, input.token)
  },
}
