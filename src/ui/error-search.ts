/**
 * The search of an `/error?code=` link (product.md §2). Charts name codes as text ('400', 'rating'); the
 * router writes a string that reads as a number with quotes (`?code=%22400%22`), so numeric codes
 * go as numbers and the address reads `/error?code=400`. The error route accepts both shapes.
 */
export const errorSearch = (code: string | number): { code: string | number } =>
  ({ code: typeof code === 'number' || /^\d+$/.test(code) ? Number(code) : code })
