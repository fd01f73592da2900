import '@js-joda/timezone/dist/js-joda-timezone-empty.esm.js'
import { ZoneRulesProvider } from '@js-joda/core'

/**
 * The browser's time-zone data: Asia/Tokyo only (product.md §1, all business time is JST). The full
 * `@js-joda/timezone` package carries every zone of the tz database, about 76 KB gzip, and would
 * load before /login renders; vite.config.ts aliases `@js-joda/timezone` here for the SPA only
 * (the server and the tests keep the full package). The entry is the tz database's own packed line
 * for Asia/Tokyo (LMT, then JST with the 1948–1951 JDT summers).
 */
const provider = ZoneRulesProvider as typeof ZoneRulesProvider & { loadTzdbData: (data: { version: string; zones: string[]; links: string[] }) => void }
provider.loadTzdbData({
  version: '2025b',
  zones: ['Asia/Tokyo|LMT JST JDT|-9i.X -90 -a0|0121212121|-3jE90 2qSo0 Rc0 1lc0 14o0 1zc0 Oo0 1zc0 Oo0|38e6'],
  links: ['Asia/Tokyo|Japan'],
})
