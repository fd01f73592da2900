import * as v from 'valibot'

/**
 * One optional search param, kept as text. The router parses a query value that looks like a
 * number or a boolean (`?ticketNumber=123`, `?reserveNow=true`) into one; every page reads its
 * params as the strings the links wrote, so each is accepted as any of the three and kept as text.
 */
export const searchText = v.optional(v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String)))

/** `searchText` cut to `max` characters (a value the page copies into a request of that cap). */
export const searchTextClipped = (max: number) => v.optional(v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform((x) => String(x).slice(0, max))))
