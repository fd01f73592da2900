import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { consultationOutcomeMachine, type ConsultationOutcomeInput } from '../../../../../machines/consultation-outcome/consultation-outcome-machine'
import { flowInspect } from '../../../../adapters/flow-recorder'
import type { StaffApiClient } from '../../../../api/staff-client'

/** How often the open form reads the clock again: the largest minutes grow, ご連絡なし opens. */
const TICK_MS = 15_000

/** The outcome chart of one consultation, with the staff call, the clock and what to do once it is saved. */
export function useConsultationOutcomeActor(staffApi: StaffApiClient, input: Omit<ConsultationOutcomeInput, 'nowMs'>, onSaved: () => void) {
  const actor = useActorRef(
    consultationOutcomeMachine.provide({
      actors: { recordOutcome: fromPromise(({ input: request }) => staffApi.call('consultation-outcome', request)) },
      actions: { outcomeSaved: onSaved },
    }),
    { input: { ...input, nowMs: Date.now() }, inspect: flowInspect },
  )
  useEffect(() => {
    const id = setInterval(() => actor.send({ type: 'clock.tick', nowMs: Date.now() }), TICK_MS)
    return () => clearInterval(id)
  }, [actor])
  return actor
}
