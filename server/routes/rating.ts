import type { PartialHandlers } from '../http/handler'
import { rateTicket } from '../services/member/rating'

// The rating flow (machines/rating): the score of a completed support, the tip paid through charge.

export const ratingHandlers: PartialHandlers<'rating'> = {
  async rating({ input, deps, me }) {
    await rateTicket(deps, me(), input)
    return {}
  },
}
