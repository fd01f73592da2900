import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { failureMessage, failureStatus } from '../shared/api-failure'
import { basicsErrors, emptyCouponValues, fitErrors, sameFit, type CouponErrors, type CouponField, type CouponFit, type CouponValues } from './coupon-rules'

/**
 * An operator creates or edits a coupon in three steps (the desk's coupon pages).
 *
 * start ─[isNew]─▶ editing.basics │ else ─▶ loading ─▶ editing.basics (loadFailed ─retry─▶ loading)
 * editing: basics ─step.next [isBasicsValid]─▶ fit ─step.next [isFitValid]─▶ review ─form.submit─▶ saving
 *          (step.back goes one step back)
 * saving ─done─▶ saved │ 409 [isConflict] ─▶ conflict │ other error ─▶ editing.review (the server's message)
 * conflict ─conflict.reload─▶ reloading ─▶ editing.basics with the other operator's version
 *          ─conflict.back─▶ editing.review (the operator's own values; saving again is told again)
 *
 * Two operators on one coupon must not silently overwrite each other: every save carries the
 * version it was read at, and the server answers 409 when it moved on.
 */

export type CouponEditInput = { couponCode: string | null; today: string }
export type LoadedCoupon = { values: CouponValues; version: string }
export type CouponSave = { isNew: boolean; values: CouponValues; version: string | null }

export type CouponEditContext = {
  isNew: boolean
  today: string
  values: CouponValues
  version: string | null
  errors: CouponErrors
  /** The steps the operator tried to leave: their errors are shown. */
  shown: { basics: boolean; fit: boolean }
  failure: string | null
  /** Set after a conflict's reload: the form now holds the other operator's version. */
  reloaded: boolean
}

export type CouponEditEvent =
  | { type: 'field.change'; field: Exclude<CouponField, 'fits'>; value: string }
  | { type: 'fit.toggle'; fit: CouponFit }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'form.submit' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.back' }
  | { type: 'load.retry' }

const allErrors = (values: CouponValues, today: string): CouponErrors => ({ ...basicsErrors(values), ...fitErrors(values, today) })
const loaded = (c: CouponEditContext, l: LoadedCoupon) => ({ values: l.values, version: l.version, errors: allErrors(l.values, c.today) })

export const couponEditMachine = setup({
  types: {
    context: {} as CouponEditContext,
    input: {} as CouponEditInput,
    events: {} as CouponEditEvent,
  },
  guards: {
    isNew: ({ context }) => context.isNew,
    isBasicsValid: ({ context }) => Object.keys(basicsErrors(context.values)).length === 0,
    isFitValid: ({ context }) => Object.keys(fitErrors(context.values, context.today)).length === 0,
    isConflict: ({ event }) => 'error' in event && failureStatus(event.error) === 409,
  },
  actors: {
    loadCoupon: fromPromise<LoadedCoupon, { couponCode: string }>(async () => {
      throw new Error('provide loadCoupon')
    }),
    saveCoupon: fromPromise<{ couponCode: string }, CouponSave>(async () => {
      throw new Error('provide saveCoupon')
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      // The code is in every claim link already handed out: it is fixed once the coupon exists.
      if (event.field === 'couponCode' && !context.isNew) return {}
      const values = { ...context.values, [event.field]: event.value }
      return { values, errors: allErrors(values, context.today) }
    }),
    toggleFit: assign(({ context, event }) => {
      assertEvent(event, 'fit.toggle')
      const has = context.values.fits.some((f) => sameFit(f, event.fit))
      const fits = has ? context.values.fits.filter((f) => !sameFit(f, event.fit)) : [...context.values.fits, event.fit]
      const values = { ...context.values, fits }
      return { values, errors: allErrors(values, context.today) }
    }),
    showStep: assign(({ context }, { step }: { step: 'basics' | 'fit' }) => ({ shown: { ...context.shown, [step]: true } })),
    useLoaded: assign(({ context }, { coupon }: { coupon: LoadedCoupon }) => loaded(context, coupon)),
    useReloaded: assign(({ context }, { coupon }: { coupon: LoadedCoupon }) => ({ ...loaded(context, coupon), reloaded: true, failure: null })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: failureMessage(error) })),
    clearNotes: assign({ failure: null, reloaded: false }),
    /** Back to the coupon's page (its claims and uses). */
    goToCoupon: (_, _params: { couponCode: string }) => {},
  },
}).createMachine({
  id: 'couponEdit',
  context: ({ input }) => ({
    isNew: input.couponCode === null,
    today: input.today,
    values: { ...emptyCouponValues, couponCode: input.couponCode ?? '' },
    version: null,
    errors: allErrors({ ...emptyCouponValues, couponCode: input.couponCode ?? '' }, input.today),
    shown: { basics: false, fit: false },
    failure: null,
    reloaded: false,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        src: 'loadCoupon',
        input: ({ context }) => ({ couponCode: context.values.couponCode }),
        onDone: { target: 'editing', actions: { type: 'useLoaded', params: ({ event }) => ({ coupon: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading' } },
    },
    editing: {
      initial: 'basics',
      on: {
        'field.change': { actions: 'changeField' },
        'fit.toggle': { actions: 'toggleFit' },
      },
      states: {
        basics: {
          on: {
            'step.next': [
              { guard: 'isBasicsValid', target: 'fit', actions: [{ type: 'showStep', params: { step: 'basics' } }, 'clearNotes'] },
              { actions: { type: 'showStep', params: { step: 'basics' } } },
            ],
          },
        },
        fit: {
          on: {
            'step.next': [
              { guard: 'isFitValid', target: 'review', actions: { type: 'showStep', params: { step: 'fit' } } },
              { actions: { type: 'showStep', params: { step: 'fit' } } },
            ],
            'step.back': { target: 'basics' },
          },
        },
        review: {
          on: {
            'form.submit': { target: '#couponEdit.saving', actions: 'clearNotes' },
            'step.back': { target: 'fit' },
          },
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveCoupon',
        input: ({ context }) => ({ isNew: context.isNew, values: context.values, version: context.version }),
        onDone: { target: 'saved', actions: { type: 'goToCoupon', params: ({ event }) => ({ couponCode: event.output.couponCode }) } },
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'editing.review', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    conflict: {
      on: {
        'conflict.reload': { target: 'reloading' },
        'conflict.back': { target: 'editing.review' },
      },
    },
    reloading: {
      invoke: {
        src: 'loadCoupon',
        input: ({ context }) => ({ couponCode: context.values.couponCode }),
        onDone: { target: 'editing', actions: { type: 'useReloaded', params: ({ event }) => ({ coupon: event.output }) } },
        onError: { target: 'conflict', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final' },
  },
})

export type CouponEditActorRef = ActorRefFrom<typeof couponEditMachine>
export type CouponEditSnapshot = SnapshotFrom<typeof couponEditMachine>
