import type { PartialHandlers } from '../http/handler'
import { mailResetCode, resetPassword } from '../services/member/password-reset'

// The password-reset flow (machines/password-reset): a mailed code, then the new password.

export const passwordResetHandlers: PartialHandlers<'password-reset-request' | 'password-reset'> = {
  /**
   * product.md §8 keeps `Member Not Found.` for an unknown address (an answer that tells whether an
   * address is a member's): both counts are taken first, so probing is as limited as mailing.
   */
  async 'password-reset-request'({ input, deps, address, limit }) {
    const email = input.email.toLowerCase()
    await limit('perAddress', address)
    await limit('perEmail', email)
    await mailResetCode(deps, email)
    return {}
  },

  async 'password-reset'({ input, deps, address, limit }) {
    const email = input.email.toLowerCase()
    await limit('perAddress', address)
    await limit('perEmail', email)
    await resetPassword(deps, email, input.authCode, input.newPassword)
    return {}
  },
}
