import * as v from 'valibot'

/**
 * One optional search param, kept as text. The router parses a query value that looks like a
 * number or a boolean (`?ticketNumber=123`, `?reserveNow=true`) into one; every page reads its
 * params as the strings the links wrote, so each is accepted as any of the three and kept as text.
 */
export const searchText = v.optional(v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String)))

/** `searchText` cut to `max` characters (a value the page copies into a request of that cap). */
export const searchTextClipped = (max: number) => v.optional(v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform((x) => String(x).slice(0, max))))

/**
 * One optional search param kept as the router parsed it, a number or a string, for a page whose
 * value reads as a number (`/error?code=404`, `/purchase-list?year=2025`): the router writes the
 * validated search back into the address, and a number turned into text would come back quoted
 * (`?code=%22404%22`). The page reads both shapes.
 */
export const searchTextOrNumber = v.optional(v.union([v.string(), v.number()]))
