import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { consultationOutcomeMachine, type ConsultationOutcomeInput } from '../../../machines/consultation-outcome/consultation-outcome-machine'
import { flowInspect } from '../../adapters/flow-recorder'
import type { StaffApiClient } from '../../api/staff-client'

/** The outcome chart of one consultation, with the staff call and what to do once it is saved. */
export function useConsultationOutcomeActor(staffApi: StaffApiClient, input: ConsultationOutcomeInput, onSaved: () => void) {
  return useActorRef(
    consultationOutcomeMachine.provide({
      actors: { recordOutcome: fromPromise(({ input: request }) => staffApi.call('consultation-outcome', request)) },
      actions: { outcomeSaved: onSaved },
    }),
    { input, inspect: flowInspect },
  )
}
