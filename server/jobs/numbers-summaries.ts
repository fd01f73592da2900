import { summariseStaleDays } from '../services/desk/numbers-days'
import type { JobDefinition } from './engine'

/**
 * 数字's summaries of whole past days (services/desk/numbers-days.ts, docs/decisions.md 95): every
 * hour at 40 past, Japan time, the days that became two days past or changed since their summary
 * are summed again. Idempotent: a day is rebuilt whole from its rows under its lock. Until it runs
 * nothing is wrong, only slower: a stale day is read from the rows.
 */
export const numbersSummariesJob = {
  name: 'numbers-summaries',
  schedule: () => ({ cron: '40 * * * *' }),
  retryLimit: 3,
  run: async (deps) => ({ summarised: await summariseStaleDays(deps) }),
} satisfies JobDefinition
