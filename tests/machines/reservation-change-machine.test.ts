// Focused tests of the reservation-change chart's effects and the grid rules (product.md §8, §9).
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { reservationChangeMachine } from '../../machines/reservation-change/reservation-change-machine'
import type { PurchaseState } from '../../machines/reservation-change/saved-slot'
import { isNewStaff, isSlotOpen, nobodyAvailable, staffRatio, type ScheduleView } from '../../machines/reservation-change/schedule-slots'
import { ApiError } from '../../src/api/api-error'
import { fullScheduleFixture, scheduleFixture, ticketFixture } from './reservation-fixtures'

function start(input: { ticketNumber?: string; productId?: string }, fakes: { ticket?: () => Promise<unknown>; schedule?: (dt: string) => Promise<unknown>; update?: () => Promise<unknown> } = {}) {
  const effects = { goToError: vi.fn(), goToMenu: vi.fn(), goToComplete: vi.fn(), goToBuy: vi.fn(), savePurchaseState: vi.fn(), trackDateChange: vi.fn() }
  const update = vi.fn<(input: unknown) => Promise<unknown>>(fakes.update ?? (async () => ({})))
  const loadSchedule = vi.fn(async ({ input }: { input: { dt: string } }) => (fakes.schedule ? fakes.schedule(input.dt) : scheduleFixture('20250602')))
  const machine = reservationChangeMachine.provide({
    actors: {
      loadTicket: fromPromise(async () => (fakes.ticket ? fakes.ticket() : ticketFixture)) as never,
      loadProduct: fromPromise(async () => ({ minutesToSupport: 90 })) as never,
      loadSchedule: fromPromise(loadSchedule) as never,
      updateReservation: fromPromise(async ({ input }) => update(input)),
    },
    actions: {
      goToError: (_, p) => effects.goToError(p.code),
      goToMenu: () => effects.goToMenu(),
      goToComplete: () => effects.goToComplete(),
      goToBuy: (_, p) => effects.goToBuy(p),
      savePurchaseState: (_, p) => effects.savePurchaseState(p),
      trackDateChange: (_, p) => effects.trackDateChange(p),
    },
  })
  const actor = createActor(machine, { input: { ...input, today: '20250602' } }).start()
  return { actor, effects, update, loadSchedule }
}

describe('reservation change: errors of product.md §8', () => {
  it.each([
    [new ApiError(400, 'RESERVATION_TIMEOUT'), 'RESERVATION_TIMEOUT'],
    [new ApiError(404, 'Ticket Not Found.'), '400'],
    [new ApiError(503, 'down'), '503'],
  ])('ticket-data failure %s → /error?code=%s', async (error, code) => {
    const { actor, effects } = start({ ticketNumber: 'S1' }, { ticket: () => Promise.reject(error) })
    await waitFor(actor, (s) => s.status === 'done')
    expect(effects.goToError).toHaveBeenCalledWith(code)
  })
  it('schedule `minutesToSupport None` → /support/menu, other failures → their status', async () => {
    const a = start({ productId: 'P' }, { schedule: () => Promise.reject(new ApiError(400, 'minutesToSupport None')) })
    await waitFor(a.actor, (s) => s.status === 'done')
    expect(a.effects.goToMenu).toHaveBeenCalled()
    const b = start({ productId: 'P' }, { schedule: () => Promise.reject(new ApiError(500, 'x')) })
    await waitFor(b.actor, (s) => s.status === 'done')
    expect(b.effects.goToError).toHaveBeenCalledWith('500')
  })
  it('neither ticketNumber nor productId → /support/menu', () => {
    const { actor, effects } = start({})
    expect(actor.getSnapshot().status).toBe('done')
    expect(effects.goToMenu).toHaveBeenCalled()
  })
})

describe('reservation change: happy paths', () => {
  it('reloads for the served day when it differs from the asked one', async () => {
    const { actor, loadSchedule } = start({ productId: 'P' }, { schedule: async () => scheduleFixture('20250603') })
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(loadSchedule.mock.calls.map((c) => c[0].input.dt)).toEqual(['20250602', '20250603'])
    expect(actor.getSnapshot().context.date).toBe('20250603')
  })
  it('updates with the chosen consultant and time, tracks it, then completes', async () => {
    const { actor, effects, update } = start({ ticketNumber: 'S0000001' })
    await waitFor(actor, (s) => s.matches('choosing'))
    actor.send({ type: 'slot.select', choice: { slotType: 'withStaff', time: '10-30', staffId: 'STAFF-01', staffNickname: 'さくら' } })
    expect(actor.getSnapshot().matches({ choosing: 'confirming' })).toBe(true)
    actor.send({ type: 'modal.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(update).toHaveBeenCalledWith({ ticketNumber: 'S0000001', staffId: 'STAFF-01', reservationTime: 'SUPPORT-20250602-10-30', minutesToSupport: 60 })
    expect(effects.trackDateChange).toHaveBeenCalledWith({ ticketNumber: 'S0000001' })
    expect(effects.goToComplete).toHaveBeenCalled()
  })
  it('a slot taken meanwhile (4xx) closes the modal, flags it and reloads the day', async () => {
    const { actor, loadSchedule } = start({ ticketNumber: 'S1' }, { schedule: async (dt) => scheduleFixture(dt), update: () => Promise.reject(new ApiError(400, 'STAFF_DENY')) })
    await waitFor(actor, (s) => s.matches('choosing'))
    actor.send({ type: 'slot.select', choice: { slotType: 'noAssign', time: '10-00', staffId: null, staffNickname: null } })
    actor.send({ type: 'modal.confirm' })
    await waitFor(actor, (s) => s.matches({ choosing: 'idle' }) && s.context.slotTaken)
    expect(loadSchedule).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.choice).toBeNull()
  })
  it('a new purchase saves the /buy handoff and goes to /buy', async () => {
    const { actor, effects } = start({ productId: 'SUPPORT-90' })
    await waitFor(actor, (s) => s.matches('choosing'))
    actor.send({ type: 'slot.select', choice: { slotType: 'noAssign', time: '10-00', staffId: null, staffNickname: null } })
    expect(effects.savePurchaseState).toHaveBeenCalledWith({
      productId: 'SUPPORT-90', slotType: 'noAssign', staffId: null, staffNickname: null, reservationTime: 'SUPPORT-20250602-10-00', minutesToSupport: 90,
    })
    expect(effects.goToBuy).toHaveBeenCalledWith({ productId: 'SUPPORT-90' })
  })
  it('ignores closed cells and days outside the window', async () => {
    const { actor, loadSchedule } = start({ productId: 'P' })
    await waitFor(actor, (s) => s.matches('choosing'))
    actor.send({ type: 'slot.select', choice: { slotType: 'withStaff', time: '09-00', staffId: 'STAFF-01', staffNickname: 'さくら' } })
    actor.send({ type: 'date.select', date: '20250617' })
    expect(actor.getSnapshot().matches({ choosing: 'idle' })).toBe(true)
    expect(loadSchedule).toHaveBeenCalledTimes(1)
  })
})

describe('grid rules', () => {
  it('business holidays close every cell (product.md §4)', () => {
    const view = scheduleFixture('20250602', ['20250602'])
    expect(isSlotOpen(view, { slotType: 'noAssign', staffId: null, time: '10-00' })).toBe(false)
    expect(isSlotOpen(view, { slotType: 'withStaff', staffId: 'STAFF-01', time: '10-30' })).toBe(false)
    expect(nobodyAvailable(view)).toBe(true)
  })
  it("reads the original backend's `hh#mm` keys", () => {
    const view = scheduleFixture('20250602')
    view.schedule.noAssignSchedules = { '11#00': true }
    expect(isSlotOpen(view, { slotType: 'noAssign', staffId: null, time: '11-00' })).toBe(true)
  })
  it.each([
    [20, 2, 90],
    [3, 1, 66],
    [4, 4, 50], // 0 % becomes 50
    [0, 0, 0], // not a number becomes 0
  ])('staff ratio of %i completed, %i unsolved is %i (product.md §9)', (completed, unsolved, expected) => {
    expect(staffRatio(completed, unsolved)).toBe(expected)
  })
})

// Back from /buy (back button or STAFF_DENY): the slot saved in `mypage.purchaseState` reopens.
describe('reservation change: restoring the slot saved before /buy', () => {
  const saved = (over: Partial<PurchaseState> = {}): PurchaseState => ({
    productId: 'SUPPORT-60', slotType: 'withStaff', staffId: 'STAFF-01', staffNickname: 'さくら', reservationTime: 'SUPPORT-20250605-10-30', minutesToSupport: 60, ...over,
  })
  function restore(input: { productId?: string; ticketNumber?: string; saved: PurchaseState }, served: (dt: string) => ScheduleView = (dt) => scheduleFixture(dt)) {
    const notifySavedSlotGone = vi.fn()
    const forgetSavedSlot = vi.fn()
    const loadSchedule = vi.fn(async ({ input: i }: { input: { dt: string } }) => served(i.dt))
    const machine = reservationChangeMachine.provide({
      actors: {
        loadTicket: fromPromise(async () => ticketFixture) as never,
        loadProduct: fromPromise(async () => ({ minutesToSupport: 60 })) as never,
        loadSchedule: fromPromise(loadSchedule) as never,
      },
      actions: { notifySavedSlotGone, forgetSavedSlot },
    })
    const actor = createActor(machine, { input: { ...input, today: '20250602' } }).start()
    return { actor, notifySavedSlotGone, forgetSavedSlot, loadSchedule }
  }

  it('opens on the saved day and band with the saved cell selected', async () => {
    const { actor, notifySavedSlotGone, forgetSavedSlot, loadSchedule } = restore({ productId: 'SUPPORT-60', saved: saved() })
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(loadSchedule.mock.calls[0][0].input.dt).toBe('20250605')
    // Still open: kept for Back and forward again to /buy.
    expect(forgetSavedSlot).not.toHaveBeenCalled()
    const { date, band, choice } = actor.getSnapshot().context
    expect({ date, band, choice }).toEqual({
      date: '20250605', band: 'morning', choice: { slotType: 'withStaff', time: '10-30', staffId: 'STAFF-01', staffNickname: 'さくら' },
    })
    expect(notifySavedSlotGone).not.toHaveBeenCalled()
  })

  it('opens the band holding the saved time (evening)', async () => {
    const evening = (dt: string) => {
      const view = scheduleFixture(dt)
      view.schedule.noAssignSchedules['18-30'] = true
      return view
    }
    const { actor } = restore({ productId: 'SUPPORT-60', saved: saved({ slotType: 'noAssign', staffId: null, staffNickname: null, reservationTime: 'SUPPORT-20250605-18-30' }) }, evening)
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(actor.getSnapshot().context.band).toBe('evening')
    expect(actor.getSnapshot().context.choice).toEqual({ slotType: 'noAssign', time: '18-30', staffId: null, staffNickname: null })
  })

  it('a cell taken meanwhile (STAFF_DENY): nothing selected, the member is told once and the stored slot forgotten', async () => {
    const { actor, notifySavedSlotGone, forgetSavedSlot } = restore({ productId: 'SUPPORT-60', saved: saved({ reservationTime: 'SUPPORT-20250605-09-00' }) })
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(actor.getSnapshot().context.choice).toBeNull()
    expect(notifySavedSlotGone).toHaveBeenCalledTimes(1)
    // Forgotten after the toast: a later purchase from the menu opens neither the toast nor the old date.
    expect(forgetSavedSlot).toHaveBeenCalledTimes(1)
    expect(forgetSavedSlot.mock.invocationCallOrder[0]).toBeGreaterThan(notifySavedSlotGone.mock.invocationCallOrder[0])
  })

  it('a saved day the server no longer serves: the served day shows, the member is told', async () => {
    // e.g. the saved day became a holiday or slipped out of the window: the server answers 06-06.
    const { actor, notifySavedSlotGone } = restore({ productId: 'SUPPORT-60', saved: saved() }, () => scheduleFixture('20250606'))
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(actor.getSnapshot().context.date).toBe('20250606')
    expect(actor.getSnapshot().context.choice).toBeNull()
    expect(notifySavedSlotGone).toHaveBeenCalledTimes(1)
  })

  it('restores only once: a later day change does not select or warn again', async () => {
    const { actor, notifySavedSlotGone } = restore({ productId: 'SUPPORT-60', saved: saved() })
    await waitFor(actor, (s) => s.matches('choosing'))
    actor.send({ type: 'date.select', date: '20250604' })
    await waitFor(actor, (s) => s.matches('choosing') && s.context.date === '20250604')
    actor.send({ type: 'date.select', date: '20250605' })
    await waitFor(actor, (s) => s.matches('choosing') && s.context.date === '20250605')
    expect(actor.getSnapshot().context.choice).toBeNull()
    expect(notifySavedSlotGone).not.toHaveBeenCalled()
  })

  it.each([
    ['another product', { productId: 'SUPPORT-90', saved: saved() }],
    ['a reservation change', { ticketNumber: 'S0000001', saved: saved({ reservationTime: 'SUPPORT-20250603-10-30' }) }],
    ['an unreadable time', { productId: 'SUPPORT-60', saved: saved({ reservationTime: 'SUPPORT' }) }],
  ])('ignores the saved slot for %s', async (_case, input) => {
    const { actor, notifySavedSlotGone, loadSchedule } = restore(input)
    await waitFor(actor, (s) => s.matches('choosing'))
    // A change opens on its reservation's day (06-05), a purchase on today: never on the saved day.
    expect(loadSchedule.mock.calls[0][0].input.dt).toBe('ticketNumber' in input ? '20250605' : '20250602')
    expect(actor.getSnapshot().context.choice).toBeNull()
    expect(notifySavedSlotGone).not.toHaveBeenCalled()
  })
})

// Where the pickers open, and telling the member why the day shown is not the one asked.
describe('reservation change: landing day and moved dates', () => {
  const full = fullScheduleFixture
  const days = (loadSchedule: ReturnType<typeof start>['loadSchedule']) => loadSchedule.mock.calls.map((c) => c[0].input.dt)

  it("a change opens on the reservation's day and band, not on today", async () => {
    const evening = { ...ticketFixture, reservationTime: 'SUPPORT-20250605-18-00' }
    const { actor, loadSchedule } = start({ ticketNumber: 'S0000001' }, {
      ticket: async () => evening,
      schedule: async (dt) => {
        const view = scheduleFixture(dt)
        view.schedule.noAssignSchedules['18-00'] = true
        return view
      },
    })
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(days(loadSchedule)).toEqual(['20250605'])
    expect(actor.getSnapshot().context).toMatchObject({ date: '20250605', band: 'evening', moved: null })
  })

  it('a purchase opens on the first day with a free cell, skipping holidays, and says today was full', async () => {
    const { actor, loadSchedule } = start({ productId: 'P' }, { schedule: async (dt) => (dt === '20250604' ? scheduleFixture(dt, ['20250603']) : full(dt, ['20250603'])) })
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(days(loadSchedule)).toEqual(['20250602', '20250604'])
    expect(actor.getSnapshot().context).toMatchObject({ date: '20250604', moved: { from: '20250602', reason: 'full' } })
  })

  it('opens the first band with a free cell when the morning has none', async () => {
    const afternoon = (dt: string) => {
      const view = full(dt)
      view.schedule.noAssignSchedules['14-30'] = true
      return view
    }
    const { actor, loadSchedule } = start({ productId: 'P' }, { schedule: async (dt) => afternoon(dt) })
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(days(loadSchedule)).toEqual(['20250602'])
    expect(actor.getSnapshot().context.band).toBe('afternoon')
  })

  it('nothing free in the whole window: shows the first day with its empty state, once through', async () => {
    const { actor, loadSchedule } = start({ productId: 'P' }, { schedule: async (dt) => full(dt) })
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(days(loadSchedule)).toHaveLength(15) // 06-02 … 06-16
    expect(actor.getSnapshot().context).toMatchObject({ date: '20250602', moved: null })
    expect(actor.getSnapshot().context.view?.schedule.selectDate).toBe('20250602')
  })

  it('a holiday the member picks: the next day shows, and why', async () => {
    const served = (dt: string) => scheduleFixture(dt === '20250607' ? '20250608' : dt, ['20250607'])
    const { actor, loadSchedule } = start({ productId: 'P' }, { schedule: async (dt) => served(dt) })
    await waitFor(actor, (s) => s.matches('choosing'))
    actor.send({ type: 'date.select', date: '20250607' })
    await waitFor(actor, (s) => s.matches('choosing') && s.context.date === '20250608')
    expect(days(loadSchedule)).toEqual(['20250602', '20250607', '20250608'])
    expect(actor.getSnapshot().context.moved).toEqual({ from: '20250607', reason: 'holiday' })
    actor.send({ type: 'date.select', date: '20250609' })
    await waitFor(actor, (s) => s.matches('choosing') && s.context.date === '20250609')
    expect(actor.getSnapshot().context.moved).toBeNull()
  })

  it("a full day the member picks stays shown: only the landing looks further", async () => {
    const { actor, loadSchedule } = start({ productId: 'P' }, { schedule: async (dt) => (dt === '20250605' ? full(dt) : scheduleFixture(dt)) })
    await waitFor(actor, (s) => s.matches('choosing'))
    actor.send({ type: 'date.select', date: '20250605' })
    await waitFor(actor, (s) => s.matches('choosing') && s.context.view?.schedule.selectDate === '20250605')
    expect(days(loadSchedule)).toEqual(['20250602', '20250605'])
  })
})

describe('new consultants', () => {
  it('no completed support: ratio stays 0 by product.md §9, and the consultant counts as new', () => {
    expect(staffRatio(0, 0)).toBe(0)
    expect(isNewStaff({ supportCompleteCount: 0 })).toBe(true)
    expect(isNewStaff({ supportCompleteCount: 1 })).toBe(false)
  })
})
