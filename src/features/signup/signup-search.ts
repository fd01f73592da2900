import * as v from 'valibot'
import { ID_MAX, LP_SOURCE_MAX, URL_MAX } from '../../../contract/fields'

/** A query value the router may have parsed as a number: kept as a string. */
const text = v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String)))
/**
 * The same, cut to the signup request's cap (contract/fields.ts): a marketing value from a
 * landing page's link must never make the signup request invalid and block the member.
 */
const clipped = (max: number) => v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((x) => String(x).slice(0, max))))

/**
 * The signup pages' query (product.md §2): `display=lp` is the landing-page variant and `lpSource`
 * passes along. Unknown keys are kept, so /registeration-temp keeps the whole query.
 */
export const SignupSearch = v.looseObject({
  display: text,
  lpSource: clipped(LP_SOURCE_MAX),
  chatbotSourceUrl: clipped(URL_MAX),
  /** The coupon link the visitor came from (the login page's signup link): claimed at the first login. */
  couponCode: clipped(ID_MAX),
})
export type SignupSearch = v.InferOutput<typeof SignupSearch>
