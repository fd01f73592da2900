import type { PartialHandlers } from '../http/handler'
import { updateProfile } from '../services/member/profile'

// The profile flow (machines/profile): the member's names and phone number.

export const profileHandlers: PartialHandlers<'user-update'> = {
  async 'user-update'({ input, deps, me }) {
    return updateProfile(deps, me(), input)
  },
}
