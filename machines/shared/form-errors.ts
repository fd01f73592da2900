import * as v from 'valibot'

/**
 * The first message per field of a form schema (product.md §5), `{}` when the values pass. Shared by the
 * account charts: they keep values in context and ask this for the errors the view shows.
 */
export function formErrors<K extends string>(schema: v.GenericSchema, values: Record<K, unknown>): Partial<Record<K, string>> {
  const result = v.safeParse(schema, values)
  if (result.success) return {}
  const nested = v.flatten(result.issues).nested ?? {}
  const errors: Partial<Record<K, string>> = {}
  for (const [key, messages] of Object.entries(nested) as [K, string[] | undefined][]) {
    if (messages?.length) errors[key] = messages[0]
  }
  return errors
}

/** Only the errors of fields the member has already touched (a fresh form shows none). */
export function visibleErrors<K extends string>(errors: Partial<Record<K, string>>, touched: Partial<Record<K, boolean>>): Partial<Record<K, string>> {
  const shown: Partial<Record<K, string>> = {}
  for (const key of Object.keys(errors) as K[]) if (touched[key]) shown[key] = errors[key]
  return shown
}

