import * as v from 'valibot'

/** A query value the router may have parsed as a number: kept as a string. */
const text = v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String)))

/**
 * The signup pages' query (spec §2): `display=lp` is the landing-page variant and `lpSource`
 * passes along. Unknown keys are kept, so /registeration-temp keeps the whole query.
 */
export const SignupSearch = v.looseObject({
  display: text,
  lpSource: text,
  chatbotSourceUrl: text,
})
export type SignupSearch = v.InferOutput<typeof SignupSearch>
