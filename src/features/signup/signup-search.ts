import * as v from 'valibot'
import { ID_MAX, LP_SOURCE_MAX, URL_MAX } from '../../../contract/fields'
import { searchText, searchTextClipped } from '../../../contract/search-params'

/**
 * The signup pages' query (product.md §2): `display=lp` is the landing-page variant and `lpSource`
 * passes along. Unknown keys are kept, so /registeration-temp keeps the whole query. The marketing
 * values are cut to the signup request's caps (contract/fields.ts): a landing page's link must
 * never make the signup request invalid and block the member.
 */
export const SignupSearch = v.looseObject({
  display: searchText,
  lpSource: searchTextClipped(LP_SOURCE_MAX),
  chatbotSourceUrl: searchTextClipped(URL_MAX),
  /** The coupon link the visitor came from (the login page's signup link): claimed at the first login. */
  couponCode: searchTextClipped(ID_MAX),
})
export type SignupSearch = v.InferOutput<typeof SignupSearch>
