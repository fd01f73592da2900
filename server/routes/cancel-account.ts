import type { PartialHandlers } from '../http/handler'
import { closeAccount } from '../services/member/cancel-account'

// The cancel-account flow (machines/cancel-account).

export const cancelAccountHandlers: PartialHandlers<'cancel-account'> = {
  // Serialised with the member's purchases: services/member/cancel-account.ts.
  async 'cancel-account'({ deps, me }) {
    await closeAccount(deps, me())
    return {}
  },
}
