import { verifyCaptcha } from '../adapters/captcha'
import { invalid, serverErrors } from '../domain/errors'
import type { PartialHandlers } from '../http/handler'

// The auth flow (machines/auth): the password itself goes to the identity provider from the
// browser; the server checks the captcha and counts the tries. No service of its own.

export const authHandlers: PartialHandlers<'login'> = {
  /**
   * product.md §4 Login: the captcha is checked here; the password goes to the identity provider, whose
   * own password check (and lockout) protects the account. Counted per address and per (address,
   * e-mail), never per e-mail alone: junk captchas from one address cannot lock a victim out, and an
   * absent e-mail is just one more (address, "") key, not a way around the count.
   */
  async login({ input, deps, address, limit }) {
    await limit('perAddress', address)
    await limit('perAddressEmail', `${address}|${input.email ?? ''}`)
    if (!(await verifyCaptcha(deps.config.recaptchaSecret, input.recaptchaToken))) throw invalid(serverErrors.captchaFailed)
    return {}
  },
}
