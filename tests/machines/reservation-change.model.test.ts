// Generated-path tests of the reservation-change chart: every transition, replayed live.
// The chart has four entries chosen by its input (ticketNumber / productId / productId with the
// slot saved before /buy / neither), so four configs share one coverage check: together their
// paths must take every transition.
import type { AnyMachineSnapshot } from 'xstate'
import { reservationChangeMachine } from '../../machines/reservation-change/reservation-change-machine'
import { describeModel, type ModelConfig } from './model'
import { events, outcomes } from './reservation-change.spec-rules'

// The events and call outcomes are the spec rules' own (tests/machines/reservation-change.spec-rules.ts).
// What changes what can happen next: the state, the day asked for and the day shown, and whether
// a saved slot still waits to be restored.
const serialize = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context.date, s.context.view?.schedule.selectDate ?? null, s.context.slotTaken, s.context.saved !== null])

// Back from /buy with さくら at 10:30 on 06-03: the 06-03 schedule (`otherDay`) still has it open
// (restored); a 06-02 answer for it is another day, so after the reload the saved cell is gone.
const saved = {
  productId: 'SUPPORT-60', slotType: 'withStaff', staffId: 'STAFF-01', staffNickname: 'さくら', reservationTime: 'SUPPORT-20250603-10-30', minutesToSupport: 60,
} as const

const configs: ModelConfig[] = [
  { machine: reservationChangeMachine, input: { ticketNumber: 'S0000001', today: '20250602' }, events, outcomes, serialize },
  { machine: reservationChangeMachine, input: { productId: 'SUPPORT-60', today: '20250602' }, events, outcomes, serialize },
  { machine: reservationChangeMachine, input: { productId: 'SUPPORT-60', today: '20250602', saved }, events, outcomes, serialize },
  { machine: reservationChangeMachine, input: { today: '20250602' }, events, outcomes, serialize },
]

// `starting`, `placingDay` and `choosing.slotChosen` are transient (eventless branches only): no snapshot ever rests in them.
describeModel(configs, undefined, { transientStates: ['reservationChange.starting', 'reservationChange.placingDay', 'reservationChange.choosing.slotChosen'] })
