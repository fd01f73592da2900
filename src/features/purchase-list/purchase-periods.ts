import { DEFAULT_PERIOD, type Period } from '../../../machines/purchase-list/purchase-list-machine'
import { thisYearJst } from '../../../contract/jst'

/** product.md §9: the year filter runs from 2023 to the current year (JST). */
export const FIRST_YEAR = 2023

export function periodOptions(now: Date = new Date()): Period[] {
  const years: Period[] = []
  for (let y = thisYearJst(now); y >= FIRST_YEAR; y--) years.push(String(y))
  return [DEFAULT_PERIOD, ...years]
}

/** A `?year=` from the address, if it is a year the filter offers; else the default period. */
export function periodFromSearch(year: unknown, now: Date = new Date()): Period {
  const y = String(year ?? '')
  return /^\d{4}$/.test(y) && periodOptions(now).includes(y) ? y : DEFAULT_PERIOD
}
