import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { failureMessage, failureStatus } from '../shared/api-failure'
import type { DeskCouponSaveRequest } from '../../contract/desk/coupons'
import { deskMessages } from '../../contract/desk-messages'
import { couponErrors, couponSaveRequest, emptyCouponValues, isStepField, sameFit, stepHasErrors, type CouponErrors, type CouponField, type CouponFit, type CouponValues } from './coupon-rules'

/**
 * An operator creates or edits a coupon in three steps (the desk's coupon pages).
 *
 * start ─[isNew]─▶ editing.basics │ else ─▶ loading ─▶ editing.basics (loadFailed ─retry─▶ loading)
 * editing: basics ─step.next [isBasicsValid]─▶ fit ─step.next [isFitValid]─▶ review ─form.submit─▶ saving
 *          (step.back goes one step back; each step takes changes to its own fields only, the review none)
 * saving ─done─▶ saved │ 409 changed by another [isConflict] ─▶ conflict │ other error ─▶ editing.review (the server's message)
 * conflict ─conflict.reload─▶ reloading ─▶ editing.basics with the other operator's version
 *          ─conflict.back─▶ editing.review (the operator's own values; saving again is told again)
 *
 * Two operators on one coupon must not silently overwrite each other: every save carries the
 * version it was read at, and the server answers 409 when it moved on.
 */

export type CouponEditInput = { couponCode: string | null }
export type LoadedCoupon = { values: CouponValues; version: number }

export type CouponEditContext = {
  isNew: boolean
  values: CouponValues
  version: number | null
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

const loaded = (l: LoadedCoupon) => ({ values: l.values, version: l.version, errors: couponErrors(l.values) })

export const couponEditMachine = setup({
  types: {
    context: {} as CouponEditContext,
    input: {} as CouponEditInput,
    events: {} as CouponEditEvent,
  },
  guards: {
    isNew: ({ context }) => context.isNew,
    isBasicsValid: ({ context }) => !stepHasErrors(context.errors, 'basics'),
    isFitValid: ({ context }) => !stepHasErrors(context.errors, 'fit'),
    // A step takes changes to its own fields only; the review takes none (it shows, it does not edit).
    isBasicsField: ({ event }) => event.type === 'field.change' && isStepField('basics', event.field),
    isFitField: ({ event }) => event.type === 'field.change' && isStepField('fit', event.field),
    // Another operator saved first (the version moved on). A code already in use or a stopped
    // coupon is a 409 too, but reloading would not help: those stay on the review with the message.
    isConflict: ({ event }) => 'error' in event && failureStatus(event.error) === 409 && failureMessage(event.error) === deskMessages.changedByOther,
  },
  actors: {
    loadCoupon: fromPromise<LoadedCoupon, { couponCode: string }>(async () => {
      throw new Error('provide loadCoupon')
    }),
    saveCoupon: fromPromise<{ couponCode: string }, DeskCouponSaveRequest>(async () => {
      throw new Error('provide saveCoupon')
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      // The code is in every claim link already handed out: it is fixed once the coupon exists.
      if (event.field === 'couponCode' && !context.isNew) return {}
      const values = { ...context.values, [event.field]: event.value }
      return { values, errors: couponErrors(values) }
    }),
    toggleFit: assign(({ context, event }) => {
      assertEvent(event, 'fit.toggle')
      const has = context.values.fits.some((f) => sameFit(f, event.fit))
      const fits = has ? context.values.fits.filter((f) => !sameFit(f, event.fit)) : [...context.values.fits, event.fit]
      const values = { ...context.values, fits }
      return { values, errors: couponErrors(values) }
    }),
    showStep: assign(({ context }, { step }: { step: 'basics' | 'fit' }) => ({ shown: { ...context.shown, [step]: true } })),
    useLoaded: assign((_, { coupon }: { coupon: LoadedCoupon }) => loaded(coupon)),
    useReloaded: assign((_, { coupon }: { coupon: LoadedCoupon }) => ({ ...loaded(coupon), reloaded: true, failure: null })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: failureMessage(error) })),
    clearNotes: assign({ failure: null, reloaded: false }),
    /** Back to the coupon's page (its claims and uses). */
    goToCoupon: (_, _params: { couponCode: string }) => {},
  },
}).createMachine({
  id: 'couponEdit',
  context: ({ input }) => ({
    isNew: input.couponCode === null,
    values: { ...emptyCouponValues, couponCode: input.couponCode ?? '' },
    version: null,
    errors: couponErrors({ ...emptyCouponValues, couponCode: input.couponCode ?? '' }),
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
      tags: ['loading'],
      invoke: {
        src: 'loadCoupon',
        input: ({ context }) => ({ couponCode: context.values.couponCode }),
        onDone: { target: 'editing', actions: { type: 'useLoaded', params: ({ event }) => ({ coupon: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { 'load.retry': { target: 'loading' } },
    },
    editing: {
      initial: 'basics',
      states: {
        basics: {
          on: {
            'field.change': { guard: 'isBasicsField', actions: 'changeField' },
            'step.next': [
              { guard: 'isBasicsValid', target: 'fit', actions: [{ type: 'showStep', params: { step: 'basics' } }, 'clearNotes'] },
              { actions: { type: 'showStep', params: { step: 'basics' } } },
            ],
          },
        },
        fit: {
          tags: ['step:fit'],
          on: {
            'field.change': { guard: 'isFitField', actions: 'changeField' },
            'fit.toggle': { actions: 'toggleFit' },
            'step.next': [
              { guard: 'isFitValid', target: 'review', actions: { type: 'showStep', params: { step: 'fit' } } },
              { actions: { type: 'showStep', params: { step: 'fit' } } },
            ],
            'step.back': { target: 'basics' },
          },
        },
        review: {
          tags: ['step:review'],
          on: {
            'form.submit': { target: '#couponEdit.saving', actions: 'clearNotes' },
            'step.back': { target: 'fit' },
          },
        },
      },
    },
    saving: {
      tags: ['step:review', 'saving'],
      invoke: {
        src: 'saveCoupon',
        input: ({ context }) => couponSaveRequest(context.values, context.isNew ? null : context.version),
        onDone: { target: 'saved', actions: { type: 'goToCoupon', params: ({ event }) => ({ couponCode: event.output.couponCode }) } },
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'editing.review', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    conflict: {
      tags: ['conflict'],
      on: {
        'conflict.reload': { target: 'reloading' },
        'conflict.back': { target: 'editing.review' },
      },
    },
    reloading: {
      tags: ['conflict', 'reloading'],
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
