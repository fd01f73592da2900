import type { RoomBus } from '../infra/room-bus'
import type { JobDefinition } from './engine'
import { followUpReminderJob } from './follow-up-reminder'
import { numbersSummariesJob } from './numbers-summaries'
import { outboxDeliveryJob } from './outbox-delivery'
import { outcomeReminderJob } from './outcome-reminder'
import { purchaseSweepJob } from './purchase-sweep'
import { eveningReminderJob, soonReminderJob } from './reminders'
import { roomLogPruneJob } from './room-log-prune'
import { shiftExtensionJob } from './shift-extension'

/**
 * Every job of the server, in one list (docs/server.md "Jobs" says how to add one): the engine
 * (server/jobs/engine.ts) creates their queues, schedules and workers from it. The room log's
 * clean-up needs this process's room bus. The outbox's delivery is last: a run of `runDue`
 * delivers what the jobs before it wrote.
 */
export const jobsOf = (parts: { roomLog: Pick<RoomBus, 'prune'> }): readonly JobDefinition[] => [
  purchaseSweepJob,
  shiftExtensionJob,
  eveningReminderJob,
  soonReminderJob,
  outcomeReminderJob,
  followUpReminderJob,
  numbersSummariesJob,
  roomLogPruneJob(parts.roomLog),
  outboxDeliveryJob,
]
