import { extendPlannedShifts } from '../services/staff/shifts'
import type { JobDefinition } from './engine'

/**
 * Planned shifts reach into the booking window as the days pass (services/staff/shifts.ts): every
 * hour on the hour, Japan time, and once at start (server/main.ts). Idempotent: a day that already
 * has shifts is left alone, under the shifts' exclusive lock.
 */
export const shiftExtensionJob = {
  name: 'shift-extension',
  schedule: () => ({ cron: '0 * * * *' }),
  retryLimit: 3,
  run: async (deps) => ({ written: await extendPlannedShifts(deps) }),
} satisfies JobDefinition
