import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { failureMessage } from '../shared/api-failure'
import { noticeErrors, type NoticeErrors, type NoticeField, type NoticeValues } from './notice-rules'

/**
 * An operator writes a notice or campaign, schedules its window and publishes it, or withdraws one
 * (the desk's notice pages; members see it on home on their next visit).
 *
 * start ─[isNew]─▶ editing │ else ─▶ loading ─▶ editing (loadFailed ─load.retry─▶ loading)
 * editing ─form.submit [canPublish]─▶ confirming ─modal.confirm─▶ publishing ─done─▶ published
 *         ─notice.withdraw [canWithdraw]─▶ confirmingWithdraw ─modal.confirm─▶ withdrawing ─done─▶ withdrawn
 * a confirm's modal.cancel goes back to editing; a failed call goes back with the server's message.
 * A withdrawn notice takes no edit and no submit (isOpenForEdits): it is kept as it was.
 */

export type NoticeStatus = 'SCHEDULED' | 'PUBLISHED' | 'ENDED' | 'WITHDRAWN'
export type NoticeInput = { noticeId: number | null }
export type LoadedNotice = { values: NoticeValues; status: NoticeStatus; version: number }
export type NoticeSave = { noticeId: number | null; version: number | null; values: NoticeValues }

export type NoticePublishContext = {
  noticeId: number | null
  version: number | null
  values: NoticeValues
  errors: NoticeErrors
  submitted: boolean
  status: NoticeStatus | null
  failure: string | null
}

export type NoticePublishEvent =
  | { type: 'field.change'; field: NoticeField; value: string }
  | { type: 'form.submit' }
  | { type: 'notice.withdraw' }
  | { type: 'modal.confirm' }
  | { type: 'modal.cancel' }
  | { type: 'load.retry' }

const empty: NoticeValues = { kind: 'INFORMATION', title: '', content: '', publishFrom: '', publishUntil: '' }

export const noticePublishMachine = setup({
  types: {
    context: {} as NoticePublishContext,
    input: {} as NoticeInput,
    events: {} as NoticePublishEvent,
  },
  guards: {
    isNew: ({ context }) => context.noticeId === null,
    // A withdrawn notice is kept as it was (the server refuses its save): no edits, no submit.
    isOpenForEdits: ({ context }) => context.status !== 'WITHDRAWN',
    canPublish: ({ context }) => context.status !== 'WITHDRAWN' && Object.keys(noticeErrors(context.values)).length === 0,
    canWithdraw: ({ context }) => context.noticeId !== null && context.status !== 'WITHDRAWN',
  },
  actors: {
    loadNotice: fromPromise<LoadedNotice, { noticeId: number }>(async () => {
      throw new Error('provide loadNotice')
    }),
    saveNotice: fromPromise<{ noticeId: number }, NoticeSave>(async () => {
      throw new Error('provide saveNotice')
    }),
    withdrawNotice: fromPromise<unknown, { noticeId: number; version: number }>(async () => {
      throw new Error('provide withdrawNotice')
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      const values = { ...context.values, [event.field]: event.value }
      return { values, errors: noticeErrors(values) }
    }),
    markSubmitted: assign({ submitted: true, failure: null }),
    useLoaded: assign((_, { notice }: { notice: LoadedNotice }) => ({ values: notice.values, status: notice.status, version: notice.version, errors: noticeErrors(notice.values) })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: failureMessage(error) })),
    clearFailure: assign({ failure: null }),
    /** Back to the list of notices, which shows the new state. */
    goToList: () => {},
  },
}).createMachine({
  id: 'noticePublish',
  context: ({ input }) => ({ noticeId: input.noticeId, version: null, values: empty, errors: noticeErrors(empty), submitted: false, status: null, failure: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadNotice',
        input: ({ context }) => ({ noticeId: context.noticeId ?? 0 }),
        onDone: { target: 'editing', actions: { type: 'useLoaded', params: ({ event }) => ({ notice: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { 'load.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    editing: {
      on: {
        'field.change': { guard: 'isOpenForEdits', actions: 'changeField' },
        'form.submit': [
          { guard: 'canPublish', target: 'confirming', actions: 'markSubmitted' },
          { guard: 'isOpenForEdits', actions: 'markSubmitted' },
        ],
        'notice.withdraw': { guard: 'canWithdraw', target: 'confirmingWithdraw', actions: 'clearFailure' },
      },
    },
    confirming: {
      tags: ['confirmOpen'],
      on: {
        'modal.confirm': { target: 'publishing' },
        'modal.cancel': { target: 'editing' },
      },
    },
    publishing: {
      tags: ['confirmOpen', 'publishing'],
      invoke: {
        src: 'saveNotice',
        input: ({ context }) => ({ noticeId: context.noticeId, version: context.version, values: context.values }),
        onDone: { target: 'published', actions: 'goToList' },
        onError: { target: 'editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingWithdraw: {
      tags: ['withdrawConfirmOpen'],
      on: {
        'modal.confirm': { target: 'withdrawing' },
        'modal.cancel': { target: 'editing' },
      },
    },
    withdrawing: {
      tags: ['withdrawConfirmOpen', 'withdrawing'],
      invoke: {
        src: 'withdrawNotice',
        input: ({ context }) => ({ noticeId: context.noticeId ?? 0, version: context.version ?? 0 }),
        onDone: { target: 'withdrawn', actions: 'goToList' },
        onError: { target: 'editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    published: { type: 'final' },
    withdrawn: { type: 'final' },
  },
})

export type NoticePublishActorRef = ActorRefFrom<typeof noticePublishMachine>
