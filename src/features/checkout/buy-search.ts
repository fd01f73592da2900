import * as v from 'valibot'

// Kept apart from checkout-params.ts (which needs js-joda): the route's search schema is part of
// the entry bundle, the date rules are loaded with /buy only (docs/performance.md).

// The router parses numeric- or boolean-looking query values: accept them and keep strings.
const text = v.optional(v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String)))

/** /buy's query (spec §2 "/buy details"), plus what the 3-D Secure page appends on return. */
export const BuySearch = v.object({
  productId: text,
  reserveNow: text,
  staffId: text,
  parentTicketNumber: text,
  reservationTime: text,
  supportType: text,
  sandbox_token: text,
  tds_result: text,
  setup_intent: text,
  payment_method: text,
})
export type BuySearch = v.InferOutput<typeof BuySearch>
