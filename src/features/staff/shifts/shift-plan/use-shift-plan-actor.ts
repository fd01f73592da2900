import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { shiftPlanMachine } from '../../../../../machines/shift-plan/shift-plan-machine'
import { flowInspect } from '../../../../adapters/flow-recorder'
import type { StaffApiClient } from '../../../../api/staff-client'

/** How many days of the resulting schedule the page shows under the editor. */
export const SHIFT_DAYS = 14

/** The shift-plan chart with the staff calls (`staffId` null: the signed-in consultant's own). */
export function useShiftPlanActor(staffApi: StaffApiClient, staffId: string | null) {
  return useActorRef(
    shiftPlanMachine.provide({
      actors: {
        loadPlan: fromPromise(({ input }) => staffApi.call('shift-plan', { ...(input.staffId ? { staffId: input.staffId } : {}), days: SHIFT_DAYS })),
        previewPlan: fromPromise(({ input }) => staffApi.call('shift-plan-preview', input)),
        savePlan: fromPromise(({ input }) => staffApi.call('shift-plan-update', input)),
      },
    }),
    { input: { staffId }, inspect: flowInspect },
  )
}
