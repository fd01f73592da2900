// Generated-path tests of the reservation-change chart (issue 5): every transition, replayed live.
// The chart has four entries chosen by its input (ticketNumber / productId / productId with the
// slot saved before /buy / neither), so four configs share one coverage check: together their
// paths must take every transition.
import type { AnyMachineSnapshot } from 'xstate'
import { reservationChangeMachine } from '../../machines/reservation-change/reservation-change-machine'
import { ApiError } from '../../src/api/api-error'
import { describeModel, type ModelConfig } from './model'
import { fullScheduleFixture, scheduleFixture, ticketFixture } from './reservation-fixtures'

const sameDay = scheduleFixture('20250602')
const otherDay = scheduleFixture('20250603')
// Landing (issue 15): a full first day makes the chart look at the next one; a full last day of
// the window ends the search.
const fullToday = fullScheduleFixture('20250602')
const fullLastDay = fullScheduleFixture('20250616')

const events: ModelConfig['events'] = {
  'date.select': [{ date: '20250604' }, { date: '20250701' }],
  'band.select': [{ band: 'evening' }],
  'slot.select': [
    { choice: { slotType: 'noAssign', time: '10-00', staffId: null, staffNickname: null } },
    { choice: { slotType: 'withStaff', time: '10-30', staffId: 'STAFF-01', staffNickname: 'さくら' } },
    { choice: { slotType: 'withStaff', time: '09-00', staffId: 'STAFF-01', staffNickname: 'さくら' } },
  ],
  'modal.confirm': [{}],
  'modal.cancel': [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  loadTicket: { done: [ticketFixture], error: [new ApiError(400, 'RESERVATION_TIMEOUT'), new ApiError(404, 'Ticket Not Found.'), new ApiError(500, 'boom')] },
  loadProduct: { done: [{ minutesToSupport: 60 }], error: [new ApiError(500, 'boom')] },
  loadSchedule: { done: [sameDay, otherDay, fullToday, fullLastDay], error: [new ApiError(400, 'minutesToSupport None'), new ApiError(503, 'down')] },
  updateReservation: { done: [{}], error: [new ApiError(400, 'STAFF_DENY'), new ApiError(500, 'boom')] },
}
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
