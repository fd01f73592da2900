import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { reassignmentMachine } from '../../../../../machines/reassignment/reassignment-machine'
import { flowInspect } from '../../../../adapters/flow-recorder'
import type { StaffApiClient } from '../../../../api/staff-client'

/** The reassignment chart with the staff calls; `onReassigned` reloads the assignments list. */
export function useReassignmentActor(staffApi: StaffApiClient, onReassigned: () => void) {
  return useActorRef(
    reassignmentMachine.provide({
      actors: {
        loadCandidates: fromPromise(({ input }) => staffApi.call('reassign-candidates', { ticketNumber: input.ticketNumber })),
        reassign: fromPromise(({ input }) => staffApi.call('reassign', input)),
      },
      actions: { reassigned: onReassigned },
    }),
    { inspect: flowInspect },
  )
}
