// Spec rules of the reservation-change chart (product.md §2 /support/reservation-date-change and
// /support/staff, §4 Reservation change, §5 date window, §8 ticket-data / schedule / update
// errors), judged on every generated path of its four entries. Written against
// event types, actor names, goTo*/save*/notify*/track* names and params only — no state names.
import type { AnyMachineSnapshot } from 'xstate'
import { reservationChangeMachine } from '../../machines/reservation-change/reservation-change-machine'
import { ApiError } from '../../src/api/api-error'
import { boundary } from './boundaries'
import type { ModelConfig } from './model'
import { actions, expectCan, expectGoes, expectSent, httpStatus, isClient, leavingEnds, same, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'
import { fullScheduleFixture, scheduleFixture, ticketFixture } from './reservation-fixtures'

type Choice = { slotType: 'noAssign' | 'withStaff'; time: string; staffId: string | null; staffNickname: string | null }
type View = {
  schedule: { selectDate: string; firstDate: string; lastDate: string; noAssignSchedules: Record<string, boolean>; staffSchedules: Array<{ staffId: string; schedules: Record<string, boolean> }> }
  holidays: string[]
}
type ScheduleInput = { dt: string; minutesToSupport: number | null; updateTargetTicketNumber: string | null }

/** The day `n` days after a `YYYYMMDD` (n may be negative). */
const dayFrom = (ymd: string, n: number) => {
  const d = new Date(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8)) + n))
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`
}
/** The date window's boundary values (product.md §5 Reservation days), from the schedule fixture's
 * own window: its first and last selectable day, the day before the first and the day after the
 * last, beside a day inside. A guard that moved either bound by one day is then taken by some path
 * and judged (the same entries are the reservation change and the staff selection of a purchase). */
const { firstDate, lastDate } = scheduleFixture('20250602').schedule
export const events: ModelConfig['events'] = {
  'date.select': [{ date: '20250604' }, ...boundary(...[dayFrom(firstDate, -1), firstDate, dayFrom(firstDate, 1), dayFrom(lastDate, -1), lastDate, dayFrom(lastDate, 1)].map((date) => ({ date })))],
  'band.select': [{ band: 'evening' }],
  'slot.select': [
    { choice: { slotType: 'noAssign', time: '10-00', staffId: null, staffNickname: null } },
    { choice: { slotType: 'withStaff', time: '10-30', staffId: 'STAFF-01', staffNickname: 'さくら' } },
    { choice: { slotType: 'withStaff', time: '09-00', staffId: 'STAFF-01', staffNickname: 'さくら' } },
  ],
  'modal.confirm': [{}],
  'modal.cancel': [{}],
}
export const outcomes: ModelConfig['outcomes'] = {
  loadTicket: {
    done: [ticketFixture],
    // A change link of a refunded booking, and of one that is over (a calendar invite's, a reminder's).
    error: [new ApiError(400, 'RESERVATION_TIMEOUT'), new ApiError(400, 'TICKET_REFUNDED'), new ApiError(400, 'TICKET_NOT_CHANGEABLE'), new ApiError(404, 'Ticket Not Found.'), new ApiError(500, 'boom')],
  },
  loadProduct: { done: [{ minutesToSupport: 60 }], error: [new ApiError(500, 'boom')] },
  loadSchedule: {
    done: [scheduleFixture('20250602'), scheduleFixture('20250603'), fullScheduleFixture('20250602'), fullScheduleFixture('20250616')],
    error: [new ApiError(400, 'minutesToSupport None'), new ApiError(503, 'down')],
  },
  updateReservation: { done: [{}], error: [new ApiError(400, 'STAFF_DENY'), new ApiError(500, 'boom')] },
}
// The landing search (seeking, why the day moved, the first day kept) is part of a state's identity,
// so paths take each landing branch and not only the first way to each state.
const serialize = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value, s.context.date, s.context.view?.schedule.selectDate ?? null, s.context.slotTaken, s.context.saved !== null, s.context.choice?.time ?? null,
    s.context.seeking, s.context.moved?.reason ?? null, s.context.firstView !== null,
  ])
const saved = {
  productId: 'SUPPORT-60', slotType: 'withStaff', staffId: 'STAFF-01', staffNickname: 'さくら', reservationTime: 'SUPPORT-20250603-10-30', minutesToSupport: 60,
} as const

const MEMBER = ['date.select', 'band.select', 'slot.select', 'modal.confirm', 'modal.cancel']

/** product.md §4: a holiday closes every cell; otherwise the cell of the choice (anybody, or that consultant) decides. */
function isOpen(view: View | null, choice: Choice): boolean {
  if (!view || view.holidays.includes(view.schedule.selectDate)) return false
  const slots = choice.slotType === 'noAssign' ? view.schedule.noAssignSchedules : view.schedule.staffSchedules.find((s) => s.staffId === choice.staffId)?.schedules
  return slots?.[choice.time] === true
}
const nobodyFree = (view: View) => view.holidays.includes(view.schedule.selectDate) || !Object.values(view.schedule.noAssignSchedules).some(Boolean)
const reservationTime = (view: View, time: string) => `SUPPORT-${view.schedule.selectDate}-${time}`
const dayOf = (reservation: string) => /^SUPPORT-(\d{8})-/.exec(reservation)?.[1]

type Phase = 'loading' | 'choosing' | 'confirm' | 'updating' | 'gone'
/** Where the member is by the spec, replayed from the events and answers of the trail. */
function replay(trail: Observation[]) {
  const start = trail[0].context
  const change = !!start.ticketNumber
  let phase: Phase = start.ticketNumber || start.productId ? 'loading' : 'gone'
  let view: View | null = null
  let choice: Choice | null = null
  let asked: ScheduleInput | null = null
  let minutes: number | null = null
  for (const o of trail) {
    const load = o.sent.find((s) => s.call === 'loadSchedule')
    if (load) asked = load.input as ScheduleInput
    const r = o.reply
    const e = o.event
    if (r?.call === 'loadTicket' || r?.call === 'loadProduct') {
      if (r.ok) minutes = (r.output as { minutesToSupport: number | null }).minutesToSupport
      else phase = 'gone'
    } else if (r?.call === 'loadSchedule') {
      if (!r.ok) phase = 'gone'
      else if (!load) {
        phase = 'choosing'
        view = o.context.view as View
      }
    } else if (r?.call === 'updateReservation') {
      phase = r.ok || !isClient(httpStatus(r.error)) ? 'gone' : 'loading'
      choice = null
    } else if (phase === 'choosing' && e.type === 'date.select' && view && e.date >= view.schedule.firstDate && e.date <= view.schedule.lastDate) {
      phase = 'loading'
      choice = null
    } else if (phase === 'choosing' && e.type === 'slot.select' && isOpen(view, e.choice)) {
      choice = e.choice
      phase = change ? 'confirm' : 'gone'
    } else if (phase === 'confirm' && e.type === 'modal.cancel') {
      phase = 'choosing'
      choice = null
    } else if (phase === 'confirm' && e.type === 'modal.confirm') phase = 'updating'
    if (actions(o, /^goTo/).length) phase = 'gone'
  }
  return { change, phase, view, choice, asked, minutes, ticketNumber: start.ticketNumber as string | null, productId: start.productId as string | null }
}

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o),
  afterStep({ event, after, trail }) {
    const v: string[] = []
    const was = replay(trail.slice(0, -1).length ? trail.slice(0, -1) : trail)
    const now = replay(trail)
    const r = after.reply
    if (event.type === 'xstate.init') {
      const { ticketNumber, productId } = now
      if (ticketNumber) v.push(...expectSent(after, [{ call: 'loadTicket', input: { ticketNumber } }], 'a change loads its ticket first'))
      else if (productId) v.push(...expectSent(after, [{ call: 'loadProduct', input: { productId } }], 'a new purchase loads its product first'))
      else v.push(...expectGoes(after, [{ action: 'goToMenu', params: undefined }], 'neither ticketNumber nor productId goes to the menu'), ...expectSent(after, [], 'nothing to load'))
      return v
    }
    if (['band.select', 'modal.cancel'].includes(event.type)) v.push(...expectSent(after, [], event.type), ...expectGoes(after, [], event.type))
    if (event.type === 'date.select') {
      v.push(...expectGoes(after, [], 'choosing a day'))
      const inWindow = was.phase === 'choosing' && !!was.view && event.date >= was.view.schedule.firstDate && event.date <= was.view.schedule.lastDate
      // §5: a day of the window (today … 2 weeks) loads that day's schedule; any other is refused.
      const expected = inWindow ? [{ call: 'loadSchedule', input: { ...was.asked, dt: event.date } }] : []
      v.push(...expectSent(after, expected, inWindow ? `the schedule of ${event.date}` : `a day outside the window (${event.date})`))
    }
    if (event.type === 'slot.select') {
      v.push(...expectSent(after, [], 'choosing a cell sends nothing'))
      const open = was.phase === 'choosing' && isOpen(was.view, event.choice)
      if (was.change || !open) v.push(...expectGoes(after, [], open ? 'a change asks for confirmation first' : 'a closed cell cannot be chosen'))
      else {
        // §4 new purchase: the chosen slot is handed to /buy with the product.
        const handoff = { productId: was.productId, slotType: event.choice.slotType, staffId: event.choice.staffId, staffNickname: event.choice.staffNickname, reservationTime: reservationTime(was.view!, event.choice.time), minutesToSupport: was.minutes ?? 0 }
        if (!same(actions(after, 'savePurchaseState').map((d) => d.params), [handoff])) v.push(`the slot must be saved for /buy: expected ${JSON.stringify(handoff)}, did ${JSON.stringify(after.did)}`)
        v.push(...expectGoes(after, [{ action: 'goToBuy', params: { productId: was.productId } }], 'a chosen slot of a new purchase goes to /buy'))
      }
    } else if (actions(after, 'savePurchaseState').length) v.push(`the slot is saved only when a cell is chosen, not on ${event.type}`)
    if (event.type === 'modal.confirm') {
      v.push(...expectGoes(after, [], 'confirming waits for the answer'))
      if (was.phase === 'confirm' && was.choice && was.view) {
        const input = { ticketNumber: was.ticketNumber, staffId: was.choice.staffId, reservationTime: reservationTime(was.view, was.choice.time), minutesToSupport: was.minutes ?? 0 }
        v.push(...expectSent(after, [{ call: 'updateReservation', input }], 'confirming updates the reservation to the chosen cell'))
      } else v.push(...expectSent(after, [], 'confirm with no open confirmation'))
    } else if (after.sent.some((s) => s.call === 'updateReservation')) v.push(`the reservation is updated only on modal.confirm, not on ${event.type}`)
    if (r) {
      const status = httpStatus(r.error)
      if (r.call === 'loadTicket') {
        if (r.ok) {
          const ticket = r.output as typeof ticketFixture
          // A change opens on the reservation's own day.
          const input = { dt: dayOf(ticket.reservationTime), minutesToSupport: ticket.minutesToSupport, updateTargetTicketNumber: now.ticketNumber }
          v.push(...expectSent(after, [{ call: 'loadSchedule', input }], 'the schedule of the reservation day'), ...expectGoes(after, [], 'ticket loaded'))
        } else {
          // A booking that cannot change any more says why: refunded, or over (docs/product.md "Changing a reservation").
          const message = String((r.error as Error).message)
          const ended: Record<string, string> = { TICKET_REFUNDED: 'reservationRefunded', TICKET_NOT_CHANGEABLE: 'reservationClosed' }
          const code = isClient(status) ? (message.includes('RESERVATION_TIMEOUT') ? 'RESERVATION_TIMEOUT' : (ended[message] ?? '400')) : String(status)
          v.push(...expectGoes(after, [{ action: 'goToError', params: { code } }], `a failed ticket load (${status}) goes to error ${code}`))
        }
      }
      if (r.call === 'loadProduct') {
        if (r.ok) {
          const sent = after.sent.map((s) => s.input as ScheduleInput)
          if (after.sent.length !== 1 || after.sent[0].call !== 'loadSchedule' || sent[0].minutesToSupport !== (r.output as { minutesToSupport: number }).minutesToSupport || sent[0].updateTargetTicketNumber !== null)
            v.push(`the product's schedule must be loaded with its minutes, sent ${JSON.stringify(after.sent)}`)
        } else v.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed product load goes to error ${statusCode(after)}`))
      }
      if (r.call === 'loadSchedule') {
        if (r.ok) {
          const view = r.output as View
          const asked = replay(trail.slice(0, -1)).asked
          v.push(...expectGoes(after, [], 'a schedule arrived'))
          const reload = after.sent.filter((s) => s.call === 'loadSchedule').map((s) => s.input as ScheduleInput)
          if (after.sent.length !== reload.length) v.push(`a schedule answer only ever loads another day, sent ${JSON.stringify(after.sent)}`)
          // The day asked for, with a free cell: shown as it is, no other day is looked at.
          if (asked && view.schedule.selectDate === asked.dt && !nobodyFree(view)) v.push(...expectSent(after, [], `the asked day ${asked.dt} has a free cell`))
          for (const next of reload) {
            if (asked && next.dt === asked.dt) v.push(`the reload asks again for the same day ${next.dt}`)
            if (next.dt > view.schedule.lastDate) v.push(`the reload leaves the window: ${next.dt} > ${view.schedule.lastDate}`)
            if (asked && (next.minutesToSupport !== asked.minutesToSupport || next.updateTargetTicketNumber !== asked.updateTargetTicketNumber)) v.push('the reload changes the product or ticket it asks for')
          }
        } else {
          const none = String((r.error as Error).message).includes('minutesToSupport None')
          v.push(...expectGoes(after, [none ? { action: 'goToMenu', params: undefined } : { action: 'goToError', params: { code: statusCode(after) } }], `a failed schedule load (${status})`))
        }
      }
      if (r.call === 'updateReservation') {
        const track = actions(after, 'trackDateChange')
        if (r.ok) {
          v.push(...expectGoes(after, [{ action: 'goToComplete', params: undefined }], 'an updated reservation goes to the completion page'))
          if (!same(track.map((d) => d.params), [{ ticketNumber: now.ticketNumber }])) v.push(`a change is tracked once (§7), did ${JSON.stringify(track)}`)
        } else {
          if (track.length) v.push('a failed change is not tracked')
          if (isClient(status)) {
            // §8: the slot was taken meanwhile: the member stays and the day is shown again.
            v.push(...expectGoes(after, [], 'a refused update (slot taken)'))
            v.push(...expectSent(after, [{ call: 'loadSchedule', input: replay(trail.slice(0, -1)).asked }], 'the same day is loaded again'))
          } else v.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed update (${status})`))
        }
      }
    }
    // Spec §4 on screen: the grid while choosing, only the dialog's two buttons while it is open.
    if (!after.done) {
      // A cell can be picked only while one of the cells tried here is open on the day shown.
      const someOpen = events['slot.select'].some((c) => isOpen(now.view, c.choice as Choice))
      const choosing = someOpen ? ['date.select', 'band.select', 'slot.select'] : ['date.select', 'band.select']
      const allowed = now.phase === 'choosing' ? choosing : now.phase === 'confirm' ? ['modal.confirm', 'modal.cancel'] : []
      v.push(...expectCan(after, allowed, MEMBER, `while ${now.phase}`))
    }
    // Back from /buy (a saved slot): the first day shown selects the saved cell if it is still
    // open there, else the member is told it is gone — once.
    const gone = actions(after, 'notifySavedSlotGone')
    const firstShown = r?.call === 'loadSchedule' && r.ok && now.phase === 'choosing' && replay(trail.slice(0, -1)).view === null
    const keep = trail[0].context.saved as (typeof saved & { slotType: Choice['slotType'] }) | null
    if (!firstShown || !keep) {
      if (gone.length) v.push(`the saved slot is told gone only when the first day is shown after /buy, not on ${event.type}`)
    } else {
      const at = /^SUPPORT-(\d{8})-(\d{2}-\d{2})$/.exec(keep.reservationTime)!
      const choice: Choice = keep.slotType === 'withStaff' ? { slotType: 'withStaff', time: at[2], staffId: keep.staffId, staffNickname: keep.staffNickname } : { slotType: 'noAssign', time: at[2], staffId: null, staffNickname: null }
      const stillOpen = now.view?.schedule.selectDate === at[1] && isOpen(now.view, choice)
      if (stillOpen && (gone.length || !same(after.context.choice, choice))) v.push(`the saved cell ${keep.reservationTime} is open: it must show selected, without a warning`)
      if (!stillOpen && gone.length !== 1) v.push(`the saved cell ${keep.reservationTime} is not open on the day shown: the member must be told once, did ${JSON.stringify(after.did)}`)
    }
    // Told once: the stored slot is forgotten as the member is told it is gone, never otherwise (a
    // later purchase from the menu neither repeats the notice nor reopens that day).
    if (actions(after, 'forgetSavedSlot').length !== gone.length) v.push(`the saved slot is forgotten exactly when it is told gone, did ${JSON.stringify(after.did)}`)
    // Closing the confirmation changes nothing: no cell stays shown as chosen (aria-pressed).
    if (event.type === 'modal.cancel' && was.phase === 'confirm' && after.context.choice !== null) v.push('the closed confirmation leaves its cell selected')
    // §8 update 4xx: the page says the slot was taken and nothing stays selected.
    if (r?.call === 'updateReservation' && !r.ok && isClient(httpStatus(r.error)) && (after.context.slotTaken !== true || after.context.choice !== null))
      v.push('a refused update must say the slot was taken and clear the choice')
    return v
  },
}

export const spec: ChartSpec = {
  configs: [
    { machine: reservationChangeMachine, input: { ticketNumber: 'S0000001', today: '20250602' }, events, outcomes, serialize },
    { machine: reservationChangeMachine, input: { productId: 'SUPPORT-60', today: '20250602' }, events, outcomes, serialize },
    { machine: reservationChangeMachine, input: { productId: 'SUPPORT-60', today: '20250602', saved }, events, outcomes, serialize },
    { machine: reservationChangeMachine, input: { today: '20250602' }, events, outcomes, serialize },
  ],
  rules,
}
