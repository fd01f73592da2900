import * as v from 'valibot'
import { searchText } from './search-params'

const param = searchText

/**
 * /buy's query (product.md §2 "/buy details"): the hand-off's fields, each optional (a missing one falls
 * back to the saved slot; the route decides what is missing), plus what the 3-D Secure page
 * appends on its return. Kept free of the date rules (js-joda) and of the call registry
 * (./calls.ts): /buy's route record, and so this module, is in the route tree every page loads at
 * its start (docs/performance.md).
 */
export const BuySearch = v.object({
  productId: param,
  reserveNow: param,
  staffId: param,
  parentTicketNumber: param,
  reservationTime: param,
  supportType: param,
  sandbox_token: param,
  tds_result: param,
  setup_intent: param,
  payment_method: param,
})
export type BuySearch = v.InferOutput<typeof BuySearch>
