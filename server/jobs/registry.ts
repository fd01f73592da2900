import type { JobDefinition } from './engine'
import { followUpReminderJob } from './follow-up-reminder'
import { numbersSummariesJob } from './numbers-summaries'
import { outcomeReminderJob } from './outcome-reminder'
import { purchaseSweepJob } from './purchase-sweep'
import { eveningReminderJob, soonReminderJob } from './reminders'
import { shiftExtensionJob } from './shift-extension'

/**
 * Every job of the server, in one list (docs/server.md "Jobs" says how to add one): the engine
 * (server/jobs/engine.ts) creates their queues, schedules and workers from it.
 */
export const jobs: readonly JobDefinition[] = [purchaseSweepJob, shiftExtensionJob, eveningReminderJob, soonReminderJob, outcomeReminderJob, followUpReminderJob, numbersSummariesJob]
