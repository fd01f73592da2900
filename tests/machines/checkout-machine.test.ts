import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { cardPaymentMachine } from '../../machines/checkout/card-payment-machine'
import { chargeMachine } from '../../machines/checkout/charge-machine'
import { checkoutMachine, type CheckoutLoaded } from '../../machines/checkout/checkout-machine'
import { couponCheckMachine, type CouponCheckInput } from '../../machines/checkout/coupon-check-machine'
import { buildChargeRequest, DRAFT_MS, draftFor, emptyForm, isHolderNameValid, previousAttempt, PREVIOUS_ATTEMPT_MS, type CheckoutParams, type PreviousAttempt, type StoredAttempt } from '../../machines/checkout/checkout-rules'
import type { ChargeAttemptResponse } from '../../contract/calls'
import { ApiError } from '../../src/api/api-error'
import { attempt, loaded, loadedSaved, params, response } from './checkout-fixtures'

// Focused checks of the checkout chart , with fake effects.

type Fakes = {
  stored?: StoredAttempt | null
  /** The stored attempt is the return from 3-D Secure (default) or a reload / Back. */
  returned?: boolean
  /** What the server says about the stored attempt's key (default: never seen). */
  outcome?: ChargeAttemptResponse
  load?: CheckoutLoaded
  charge?: Array<ApiError | 'ok'>
  finish?: 'ok' | ApiError
}

function start(f: Fakes = {}) {
  const answers = [...(f.charge ?? ['ok'])]
  const calls = {
    createToken: vi.fn(async () => 'tok_new'),
    startThreeDSecure: vi.fn(() => new Promise<void>(() => {})),
    finish: vi.fn(async () => { if (f.finish && f.finish !== 'ok') throw f.finish; return 'tok_1' }),
    charge: vi.fn(async (_input: { payload: unknown; idempotencyKey: string }) => {
      const a = answers.shift() ?? 'ok'
      if (a !== 'ok') throw a
      return response
    }),
    saveAttempt: vi.fn(),
    clearAttempt: vi.fn(),
    goToComplete: vi.fn(),
    goToStaffWithToast: vi.fn(),
    goToMenuWithToast: vi.fn(),
    goToError: vi.fn(),
  }
  const machine = checkoutMachine.provide({
    actors: {
      readStoredAttempt: fromPromise(async () => (f.stored ? { attempt: f.stored, returnedFrom3ds: f.returned ?? true } : null)),
      readAttemptOutcome: fromPromise(async () => f.outcome ?? { status: 'NONE' as const, result: null }),
      loadCheckout: fromPromise(async () => f.load ?? { ...loadedSaved, coupons: [] }),
      couponCheck: couponCheckMachine.provide({
        actors: { validateCoupon: fromPromise<{ couponAvailable: boolean; couponPrice: number }, CouponCheckInput>(async () => ({ couponAvailable: true, couponPrice: 5000 })) },
      }),
      cardPayment: cardPaymentMachine.provide({
        actors: { createToken: fromPromise(calls.createToken), startThreeDSecure: fromPromise(calls.startThreeDSecure), finishThreeDSecure: fromPromise(calls.finish) },
        actions: { saveAttempt: (_, p) => calls.saveAttempt(p), clearAttempt: calls.clearAttempt },
      }),
      charge: chargeMachine.provide({ actors: { charge: fromPromise(({ input }) => calls.charge(input)) } }),
    },
    actions: {
      saveAttempt: (_, p) => calls.saveAttempt(p),
      clearAttempt: calls.clearAttempt,
      goToComplete: (_, p) => calls.goToComplete(p),
      goToStaffWithToast: (_, p) => calls.goToStaffWithToast(p),
      goToMenuWithToast: calls.goToMenuWithToast,
      goToError: (_, p) => calls.goToError(p),
    },
  })
  const actor = createActor(machine, { input: { params, keySeed: 'seed' } }).start()
  return { actor, calls }
}

const flush = async () => { for (let i = 0; i < 20; i++) await Promise.resolve() }

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('checkout chart', () => {
  it('pays with the saved card without token or 3-D Secure', async () => {
    const { actor, calls } = start()
    await flush()
    actor.send({ type: 'savedCard.toggle', use: true })
    actor.send({ type: 'pay.submit' })
    await flush()
    expect(calls.createToken).not.toHaveBeenCalled()
    expect(calls.charge).toHaveBeenCalledWith(expect.objectContaining({ idempotencyKey: 'seed-1', payload: expect.objectContaining({ cardId: 'card_1', cardToken: '' }) }))
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls.goToComplete).toHaveBeenCalledWith({ response })
  })

  it.each([
    [1, [new ApiError(429, 'RATE_LIMITED')], 1000],
    [2, [new ApiError(429, 'RATE_LIMITED'), new ApiError(429, 'RATE_LIMITED')], 3000],
    [3, [new ApiError(429, 'RATE_LIMITED'), new ApiError(429, 'RATE_LIMITED'), new ApiError(429, 'RATE_LIMITED')], 7000],
  ])('retries %i× HTTP 429 after 1 s, 2 s, 4 s and succeeds, same idempotency key', async (_n, errors, total) => {
    const { actor, calls } = start({ charge: [...errors, 'ok'] })
    await flush()
    actor.send({ type: 'savedCard.toggle', use: true })
    actor.send({ type: 'pay.submit' })
    await flush()
    expect(actor.getSnapshot().children.charge?.getSnapshot().value).toBe('backingOff')
    await vi.advanceTimersByTimeAsync(total - 1)
    expect(actor.getSnapshot().status).toBe('active')
    await vi.advanceTimersByTimeAsync(1)
    await flush()
    expect(actor.getSnapshot().status).toBe('done')
    expect(new Set(calls.charge.mock.calls.map(([i]) => i.idempotencyKey))).toEqual(new Set(['seed-1']))
  })

  it('fails after four 429 answers: the first try and 3 retries (product.md §9 "up to 3 times")', async () => {
    const { actor, calls } = start({ charge: [new ApiError(429, 'x'), new ApiError(429, 'x'), new ApiError(429, 'x'), new ApiError(429, 'x')] })
    await flush()
    actor.send({ type: 'savedCard.toggle', use: true })
    actor.send({ type: 'pay.submit' })
    await vi.advanceTimersByTimeAsync(7000)
    await flush()
    expect(calls.charge).toHaveBeenCalledTimes(4)
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true)
  })

  it('does not retry a non-429 error', async () => {
    const { actor, calls } = start({ charge: [new ApiError(402, 'CARD_DECLINED')] })
    await flush()
    actor.send({ type: 'savedCard.toggle', use: true })
    actor.send({ type: 'pay.submit' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls.charge).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true)
    // The form is usable again: a new attempt gets a new key.
    actor.send({ type: 'pay.submit' })
    await flush()
    expect(calls.charge.mock.calls[1][0].idempotencyKey).toBe('seed-2')
  })

  it('ignores a pay click while busy', async () => {
    const { actor, calls } = start({ charge: [new ApiError(429, 'x'), 'ok'] })
    await flush()
    actor.send({ type: 'savedCard.toggle', use: true })
    actor.send({ type: 'pay.submit' })
    actor.send({ type: 'pay.submit' })
    await flush()
    expect(actor.getSnapshot().can({ type: 'pay.submit' })).toBe(false)
    actor.send({ type: 'pay.submit' })
    await vi.advanceTimersByTimeAsync(1000)
    await flush()
    expect(calls.charge).toHaveBeenCalledTimes(2)
  })

  it('saves the attempt and redirects to 3-D Secure with a new card', async () => {
    const { actor, calls } = start({ load: { ...loaded, coupons: [] } })
    await flush()
    for (const element of ['number', 'expiry', 'cvc'] as const) actor.send({ type: 'card.change', element, complete: true })
    actor.send({ type: 'holderName.change', value: 'TARO YAMADA' })
    actor.send({ type: 'pay.submit' })
    await flush()
    expect(actor.getSnapshot().value).toBe('payingByCard')
    expect(actor.getSnapshot().children.cardPayment?.getSnapshot().value).toBe('threeDSecureRedirect')
    const saved = calls.saveAttempt.mock.calls[0][0].attempt as StoredAttempt
    expect(saved).toMatchObject({ token: 'tok_new', idempotencyKey: 'seed-1', handoff: { productId: 'SUPPORT-60' }, buyType: 'SUPPORT', payload: { cardToken: 'tok_new' } })
    expect(calls.startThreeDSecure).toHaveBeenCalled()
  })

  it('resumes from the stored attempt: finishing, then charging with the stored key and payload', async () => {
    const { actor, calls } = start({ stored: attempt, load: loaded })
    await flush()
    expect(calls.finish).toHaveBeenCalled()
    expect(calls.charge).toHaveBeenCalledWith({ payload: attempt.payload, idempotencyKey: 'seed-1' })
    expect(actor.getSnapshot().status).toBe('done')
    // Kept after the charge: a reload or Back finds this attempt paid.
    expect(calls.clearAttempt).not.toHaveBeenCalled()
  })

  it('saves the attempt before charging a saved card, so a reload can find it', async () => {
    const { actor, calls } = start()
    await flush()
    actor.send({ type: 'savedCard.toggle', use: true })
    actor.send({ type: 'pay.submit' })
    await flush()
    const saved = calls.saveAttempt.mock.calls[0][0].attempt as StoredAttempt
    expect(saved).toMatchObject({ token: null, idempotencyKey: 'seed-1', payload: { cardId: 'card_1' } })
    expect(calls.saveAttempt.mock.invocationCallOrder[0]).toBeLessThan(calls.charge.mock.invocationCallOrder[0])
  })

  it('a reload or Back to a paid attempt goes to /buy-complete without charging again', async () => {
    for (const returned of [false, true]) {
      const { actor, calls } = start({ stored: attempt, returned, outcome: { status: 'SUCCEEDED', result: response } })
      await flush()
      expect(calls.charge).not.toHaveBeenCalled()
      expect(calls.finish).not.toHaveBeenCalled()
      expect(actor.getSnapshot().value).toBe('toComplete')
      expect(calls.goToComplete).toHaveBeenCalledWith({ response })
    }
  })

  it('an attempt still being charged: the same key and payload again (the server answers the first result)', async () => {
    const { actor, calls } = start({ stored: attempt, returned: false, outcome: { status: 'PENDING', result: null } })
    await flush()
    expect(calls.finish).not.toHaveBeenCalled()
    expect(calls.charge).toHaveBeenCalledWith({ payload: attempt.payload, idempotencyKey: 'seed-1' })
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('a charge with no HTTP answer (page unloading, network gone) keeps the attempt and asks the server', async () => {
    const { actor, calls } = start({ charge: [new TypeError('Failed to fetch') as unknown as ApiError], outcome: { status: 'SUCCEEDED', result: response } })
    await flush()
    actor.send({ type: 'savedCard.toggle', use: true })
    actor.send({ type: 'pay.submit' })
    await flush()
    expect(calls.clearAttempt).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe('toComplete')
    expect(calls.goToComplete).toHaveBeenCalledWith({ response })
  })

  it('a load balancer answering 502/503/504 for a replica that died mid-charge is no answer either: the attempt kept, the server asked', async () => {
    for (const status of [502, 503, 504]) {
      const { actor, calls } = start({ charge: [new ApiError(status, 'Bad Gateway')], outcome: { status: 'SUCCEEDED', result: response } })
      await flush()
      actor.send({ type: 'savedCard.toggle', use: true })
      actor.send({ type: 'pay.submit' })
      await flush()
      expect(calls.clearAttempt, String(status)).not.toHaveBeenCalled()
      expect(actor.getSnapshot().value).toBe('toComplete')
      expect(calls.goToComplete).toHaveBeenCalledWith({ response })
    }
  })

  it('a reload of an attempt the server never saw, or one that failed: the form, the stored attempt dropped', async () => {
    for (const status of ['NONE', 'FAILED'] as const) {
      const { actor, calls } = start({ stored: attempt, returned: false, outcome: { status, result: null }, load: loaded })
      await flush()
      expect(calls.charge).not.toHaveBeenCalled()
      expect(calls.clearAttempt).toHaveBeenCalled()
      expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true)
    }
  })

  it('a 3-D Secure finish failure clears the attempt and shows the payment problem', async () => {
    const { actor, calls } = start({ stored: attempt, load: loaded, finish: new ApiError(400, 'THREE_D_SECURE_FAILED') })
    await flush()
    expect(calls.charge).not.toHaveBeenCalled()
    expect(calls.clearAttempt).toHaveBeenCalled()
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true)
  })

  it('the 3-D Secure failure message goes once the member types a new card, and paying with it is possible', async () => {
    const { actor } = start({ stored: attempt, load: { ...loaded, coupons: [] }, finish: new ApiError(400, 'THREE_D_SECURE_FAILED') })
    await flush()
    expect(actor.getSnapshot().hasTag('paymentProblem')).toBe(true)
    // Other fields leave it shown; the card does not.
    actor.send({ type: 'concern.change', value: 'PCが遅い' })
    expect(actor.getSnapshot().hasTag('paymentProblem')).toBe(true)
    actor.send({ type: 'card.change', element: 'number', complete: true })
    expect(actor.getSnapshot().hasTag('paymentProblem')).toBe(false)
    expect(actor.getSnapshot().context.form.card.number).toBe(true)
    for (const element of ['expiry', 'cvc'] as const) actor.send({ type: 'card.change', element, complete: true })
    actor.send({ type: 'holderName.change', value: 'TARO YAMADA' })
    expect(actor.getSnapshot().can({ type: 'pay.submit' })).toBe(true)
  })

  it('an expiry reported past (as the card fields do when it is whole) blocks paying until it is retyped', async () => {
    const { actor } = start({ load: { ...loaded, coupons: [] } })
    await flush()
    for (const element of ['number', 'cvc'] as const) actor.send({ type: 'card.change', element, complete: true })
    actor.send({ type: 'holderName.change', value: 'TARO YAMADA' })
    actor.send({ type: 'card.change', element: 'expiry', complete: false, error: 'カードの有効期限が切れています。' })
    expect(actor.getSnapshot().context.form.cardError).toBe('カードの有効期限が切れています。')
    expect(actor.getSnapshot().can({ type: 'pay.submit' })).toBe(false)
    actor.send({ type: 'card.change', element: 'expiry', complete: true, error: null })
    expect(actor.getSnapshot().can({ type: 'pay.submit' })).toBe(true)
  })

  it('STAFF_DENY goes back to /support/staff with a toast', async () => {
    const { actor, calls } = start({ charge: [new ApiError(400, 'STAFF_ASSING_DENY')] })
    await flush()
    actor.send({ type: 'savedCard.toggle', use: true })
    actor.send({ type: 'pay.submit' })
    await flush()
    expect(calls.goToStaffWithToast).toHaveBeenCalledWith({ productId: 'SUPPORT-60', message: 'STAFF_ASSING_DENY' })
  })

  it('DENY_COUPON drops the applied coupon and says so', async () => {
    const { actor } = start({ load: loadedSaved, charge: [new ApiError(400, 'DENY_COUPON')] })
    await flush()
    actor.send({ type: 'coupon.select', couponCode: 'WELCOME500' })
    await flush()
    expect(actor.getSnapshot().context.applied).toEqual({ couponCode: 'WELCOME500', couponPrice: 5000 })
    actor.send({ type: 'savedCard.toggle', use: true })
    actor.send({ type: 'pay.submit' })
    await flush()
    const s = actor.getSnapshot()
    expect(s.context).toMatchObject({ applied: null, coupons: [], couponNotice: 'denied' })
  })

  it('a charge after an applied coupon carries its code; a new card its token (product.md §3, §4)', async () => {
    const { actor, calls } = start({ load: loaded, stored: null })
    await flush()
    actor.send({ type: 'coupon.select', couponCode: 'WELCOME500' })
    await flush()
    for (const element of ['number', 'expiry', 'cvc'] as const) actor.send({ type: 'card.change', element, complete: true })
    actor.send({ type: 'holderName.change', value: 'TARO YAMADA' })
    calls.startThreeDSecure.mockImplementation(async () => {})
    actor.send({ type: 'pay.submit' })
    await flush()
    expect(calls.charge).toHaveBeenCalledTimes(1)
    expect(calls.charge.mock.calls[0][0].payload).toMatchObject({ couponCode: 'WELCOME500', cardToken: 'tok_new', cardId: '', productId: 'SUPPORT-60' })
  })

  it('an applied coupon taken off: full price, no notice, the coupon still held, the charge without it', async () => {
    const { actor, calls } = start({ load: loadedSaved, stored: null })
    await flush()
    expect(actor.getSnapshot().can({ type: 'coupon.clear' })).toBe(false)
    actor.send({ type: 'coupon.select', couponCode: 'WELCOME500' })
    await flush()
    actor.send({ type: 'coupon.clear' })
    expect(actor.getSnapshot().context).toMatchObject({ applied: null, couponNotice: null, coupons: [expect.objectContaining({ couponCode: 'WELCOME500' })] })
    actor.send({ type: 'coupon.select', couponCode: 'WELCOME500' })
    await flush()
    actor.send({ type: 'coupon.clear' })
    actor.send({ type: 'pay.submit' })
    actor.send({ type: 'prompt.skip' })
    await flush()
    expect(calls.charge).toHaveBeenCalledTimes(1)
    expect(calls.charge.mock.calls[0][0].payload).toMatchObject({ couponCode: null, cardId: 'card_1' })
  })

  it('a declined card never leads to the complete page; the form shows the payment problem', async () => {
    const { actor, calls } = start({ charge: [new ApiError(402, 'CARD_DECLINED')] })
    await flush()
    actor.send({ type: 'pay.submit' })
    await flush()
    expect(calls.goToComplete).not.toHaveBeenCalled()
    expect(actor.getSnapshot().hasTag('paymentProblem')).toBe(true)
  })

  it('charge-data errors: Staff Not Found → 404, other 4xx → menu with toast', async () => {
    for (const [error, expectation] of [
      [new ApiError(400, 'Staff Not Found.'), 'error404'],
      [new ApiError(400, 'PRODUCT_NOT_FOUND'), 'menu'],
    ] as const) {
      const goToError = vi.fn()
      const goToMenuWithToast = vi.fn()
      const actor = createActor(checkoutMachine.provide({
        actors: { readStoredAttempt: fromPromise<PreviousAttempt | null>(async () => null), loadCheckout: fromPromise<CheckoutLoaded, CheckoutParams>(async () => { throw error }) },
        actions: { goToError: (_, p) => goToError(p), goToMenuWithToast },
      }), { input: { params, keySeed: 's' } }).start()
      await flush()
      expect(actor.getSnapshot().value).toBe(expectation === 'error404' ? 'toError' : 'toMenu')
      if (expectation === 'error404') expect(goToError).toHaveBeenCalledWith({ code: 404 })
      else expect(goToMenuWithToast).toHaveBeenCalled()
    }
  })

  it('a SUPPORT product without the saved slot (not immediate) goes to the menu', async () => {
    const goToMenuWithToast = vi.fn()
    const actor = createActor(checkoutMachine.provide({
      actors: { readStoredAttempt: fromPromise<PreviousAttempt | null>(async () => null), loadCheckout: fromPromise<CheckoutLoaded, CheckoutParams>(async () => ({ ...loaded, hasSavedSlot: false })) },
      actions: { goToMenuWithToast },
    }), { input: { params, keySeed: 's' } }).start()
    await flush()
    expect(actor.getSnapshot().value).toBe('toMenu')
    expect(goToMenuWithToast).toHaveBeenCalled()
  })
})

describe('checkout rules', () => {
  it('a stored attempt belongs to this page load: its 3-D Secure return, or a recent reload of the same purchase', () => {
    const now = 1_800_000_000_000
    const stored = { ...attempt, savedAt: now - 60_000 }
    expect(previousAttempt(stored, params, 'tok_1', now)).toEqual({ attempt: stored, returnedFrom3ds: true })
    expect(previousAttempt(stored, params, 'tok_other', now)).toBeNull()
    expect(previousAttempt(stored, params, null, now)).toEqual({ attempt: stored, returnedFrom3ds: false })
    // Back to /buy without the slot in the URL (the slot hand-off is gone after the charge).
    expect(previousAttempt(stored, { ...params, reservationTime: null, staffId: null }, null, now)?.returnedFrom3ds).toBe(false)
    expect(previousAttempt(stored, { ...params, productId: 'SUPPORT-30' }, null, now)).toBeNull()
    expect(previousAttempt(stored, { ...params, reservationTime: 'SUPPORT-20300101-11-00' }, null, now)).toBeNull()
    expect(previousAttempt({ ...stored, savedAt: now - PREVIOUS_ATTEMPT_MS }, params, null, now)).toBeNull()
    expect(previousAttempt({ ...attempt, savedAt: undefined }, params, null, now)).toBeNull()
    expect(previousAttempt(null, params, 'tok_1', now)).toBeNull()
  })

  it('a draft of the form is taken up for the same product and parent ticket, while recent', () => {
    const now = 1_900_000_000_000
    const state = { concernText: 'PCが遅い', device: null, os: null, remoteSupport: null, supportType: 'TEL' as const, saveCard: false }
    const draft = { productId: params.productId, parentTicketNumber: params.parentTicketNumber, state, savedAt: now - 1000 }
    expect(draftFor(draft, params, now)).toEqual(state)
    expect(draftFor(draft, { ...params, productId: 'SUPPORT-30' }, now)).toBeNull()
    expect(draftFor(draft, { ...params, parentTicketNumber: 'S1' }, now)).toBeNull()
    expect(draftFor({ ...draft, savedAt: now - DRAFT_MS }, params, now)).toBeNull()
    expect(draftFor(null, params, now)).toBeNull()
  })

  it('charge request: device, OS and remote support only for SUPPORT (a tip does not send them)', () => {
    const tip = { ...loaded.chargeData, product: { ...loaded.chargeData.product, productType: 'TIP' as const } }
    const form = { ...emptyForm(null), device: 'PC' as const, os: 'MAC' as const, remoteSupport: 'WISH' as const }
    expect(buildChargeRequest({ ...params, reservationTime: null, parentTicketNumber: 'S1' }, tip, form, null)).toMatchObject({ reservationTime: 'TIP', contactDevice: null, contactOs: null, remoteSupport: null })
    expect(buildChargeRequest(params, loaded.chargeData, form, null)).toMatchObject({ contactDevice: 'PC', contactOs: 'MAC', remoteSupport: 'WISH' })
  })

  it('holder name: half-width roman letters with one space, at most 45', () => {
    expect(isHolderNameValid('TARO YAMADA')).toBe(true)
    expect(isHolderNameValid('taro')).toBe(false)
    expect(isHolderNameValid('TARO  YAMADA')).toBe(false)
    expect(isHolderNameValid('ＴＡＲＯ ＹＡＭＡＤＡ')).toBe(false)
    expect(isHolderNameValid(`${'A'.repeat(22)} ${'B'.repeat(23)}`)).toBe(false)
  })

  it('charge request: reservationTime is the type alone for ADD, supportType only for SUPPORT', () => {
    const add = { ...loaded.chargeData, product: { ...loaded.chargeData.product, productType: 'ADD' as const } }
    const r = buildChargeRequest({ ...params, reservationTime: null }, add, emptyForm(null), null)
    expect(r).toMatchObject({ reservationTime: 'ADD', supportType: null, cardId: '', saveCard: false })
  })
})
