import type { RoomBus } from '../infra/room-bus'
import type { JobDefinition } from './engine'

/**
 * The online room's log clean-up (decision 97): the signalling and chat rows whose time is over
 * are deleted by one run a minute across the replicas — a job of the engine like every timed task
 * (docs/server.md "Jobs"), not a timer in each process. The bus's `prune` does the deleting
 * (server/infra/room-bus.ts): this process's own in-memory log on PGlite, the table on PostgreSQL.
 */
export const roomLogPruneJob = (roomLog: Pick<RoomBus, 'prune'>) =>
  ({
    name: 'room-log-prune',
    schedule: () => ({ cron: '* * * * *' }),
    retryLimit: 1,
    run: async (deps) => ({ deleted: await roomLog.prune(deps.clock.now()) }),
  }) satisfies JobDefinition
