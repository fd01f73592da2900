import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { UserUpdateRequest, type Member } from '../../contract/calls'
import { failureCodeParams, isClientFailure } from '../shared/api-failure'
import { formErrors } from '../shared/form-errors'

/**
 * Account info on /settings (product.md §2, §5 names and phone, §8 profile update).
 *
 * loading ─▶ editing ─form.submit [isFormValid]─▶ saving ─200─▶ editing (saved: お客様情報を変更いたしました)
 *   saving ─[isClientError]─▶ editing (rejected: the names' 25-character message)
 *   loading or saving ─other─▶ toError (goToError: /error?code=<status>)
 */

export type ProfileField = 'memberLastname' | 'memberFirstname' | 'phoneNumber'

export type ProfileContext = {
  member: Member | null
  values: Record<ProfileField, string>
  errors: Partial<Record<ProfileField, string>>
  saved: boolean
  rejected: boolean
}

export type ProfileEvent = { type: 'field.change'; field: ProfileField; value: string } | { type: 'form.submit' }

const fromMember = (m: Member) => ({ memberLastname: m.memberLastname, memberFirstname: m.memberFirstname, phoneNumber: m.phoneNumber })

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  guards: {
    isFormValid: ({ context }) => v.is(UserUpdateRequest, context.values),
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
  },
  actors: {
    loadMember: fromPromise<Member>(async () => {
      throw new Error('provide loadMember')
    }),
    saveProfile: fromPromise<Member, Record<ProfileField, string>>(async () => {
      throw new Error('provide saveProfile')
    }),
  },
  actions: {
    useMember: assign((_, { member }: { member: Member }) => ({ member, values: fromMember(member), errors: {} })),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      const values = { ...context.values, [event.field]: event.value }
      // Every field is prefilled: a change shows the errors of the whole form at once.
      return { values, errors: formErrors<ProfileField>(UserUpdateRequest, values), saved: false, rejected: false }
    }),
    // One message at a time (product.md §8): a later answer replaces the earlier one's message.
    markSaved: assign({ saved: true, rejected: false }),
    markRejected: assign({ rejected: true, saved: false }),
    goToError: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'profile',
  context: { member: null, values: { memberLastname: '', memberFirstname: '', phoneNumber: '' }, errors: {}, saved: false, rejected: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadMember',
        onDone: { target: 'editing', actions: { type: 'useMember', params: ({ event }) => ({ member: event.output }) } },
        onError: { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
      },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': { guard: 'isFormValid', target: 'saving' },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => v.parse(UserUpdateRequest, context.values),
        onDone: { target: 'editing', actions: [{ type: 'useMember', params: ({ event }) => ({ member: event.output }) }, 'markSaved'] },
        onError: [
          { guard: 'isClientError', target: 'editing', actions: 'markRejected' },
          { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
        ],
      },
    },
    // The member data could not be read or saved: to /error?code=<status>.
    toError: { type: 'final' },
  },
})

export type ProfileActorRef = ActorRefFrom<typeof profileMachine>
