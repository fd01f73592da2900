import { forbidden, serverErrors, unauthenticated } from '../domain/errors'
import type { PartialHandlers } from '../http/handler'
import { notifyPasswordChanged } from '../services/member/password-change'

// The password-change flow (machines/password-change): the signed-in member re-enters the current
// password in the browser (the identity provider's reauthenticateWithCredential), then the new
// password goes to the identity provider from here; its notice is services/member/password-change.ts.

/**
 * How recent the token's sign-in must be (the identity provider's own rule for sensitive changes
 * is about five minutes): a session left open, or a stolen token, cannot change the password
 * without the current one.
 */
export const RECENT_SIGN_IN_SECONDS = 5 * 60

export const passwordChangeHandlers: PartialHandlers<'password-change'> = {
  async 'password-change'({ input, deps, me, header }) {
    const m = me()
    const token = /^Bearer\s+(.+)$/i.exec(header('authorization') ?? '')?.[1]?.trim()
    if (!token) throw unauthenticated()
    const { authTime } = await deps.identity.verifyIdToken(token)
    // The provider's clock, like the token's own expiry: not the business clock.
    if (authTime === undefined || Date.now() / 1000 - authTime > RECENT_SIGN_IN_SECONDS) throw forbidden(serverErrors.reauthenticationRequired)
    await deps.identity.updateUser(m.memberId, { password: input.newPassword })
    await notifyPasswordChanged(deps, m)
    return {}
  },
}
