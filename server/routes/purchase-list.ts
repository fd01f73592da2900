import type { PartialHandlers } from '../http/handler'
import { purchasePage } from '../services/member/purchase-list'

// The purchase-list flow (machines/purchase-list): the member's payments, newest first.

export const purchaseListHandlers: PartialHandlers<'purchase-list'> = {
  async 'purchase-list'({ input, deps, me }) {
    return purchasePage(deps, me(), input)
  },
}
