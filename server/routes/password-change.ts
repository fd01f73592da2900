import type { PartialHandlers } from '../http/handler'

// The password-change flow (machines/password-change): the signed-in member's new password goes
// to the identity provider. No service of its own.

export const passwordChangeHandlers: PartialHandlers<'password-change'> = {
  async 'password-change'({ input, deps, me }) {
    await deps.identity.updateUser(me().memberId, { password: input.newPassword })
    return {}
  },
}
