import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { LoginForm } from '../../contract/calls'

/**
 * Staff login (docs/product.md §6 roles; docs/decisions.md 60).
 *
 * editing ─form.submit [isFormValid]─▶ signingIn ─▶ checkingRole ─[hasStaffRole]─▶ signedIn (goToStaffPage)
 *   signingIn fails ─▶ editing (ログインに失敗しました…)
 *   checkingRole: no staff role ─▶ signingOut ─▶ editing (このアカウントにはスタッフの権限がありません)
 *
 * A member account signed in here is signed out again: the staff pages are not theirs, and a
 * member session must not stay open on a staff desk. Pure: effects are provided at the edge
 * (src/features/staff/accounts/staff-login/use-staff-login-actor.ts) or by tests.
 */

export type StaffLoginFailure = 'credentials' | 'notStaff' | null

export type StaffLoginContext = {
  email: string
  password: string
  failure: StaffLoginFailure
}

export type StaffLoginEvent =
  | { type: 'form.change'; field: 'email' | 'password'; value: string }
  | { type: 'form.submit' }

export const staffLoginMachine = setup({
  types: {
    context: {} as StaffLoginContext,
    events: {} as StaffLoginEvent,
  },
  guards: {
    isFormValid: ({ context }) => v.is(LoginForm, { email: context.email, password: context.password }),
    hasStaffRole: ({ event }) => 'output' in event && typeof event.output === 'number' && event.output > 0,
  },
  actors: {
    signIn: fromPromise<void, { email: string; password: string }>(async () => {
      throw new Error('provide signIn')
    }),
    /** How many staff roles the signed-in account holds (fresh claims). */
    readRoles: fromPromise<number>(async () => {
      throw new Error('provide readRoles')
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('provide signOut')
    }),
  },
  actions: {
    assignField: assign(({ event }) => {
      assertEvent(event, 'form.change')
      return event.field === 'email' ? { email: event.value, failure: null } : { password: event.value, failure: null }
    }),
    /** To the staff page the visitor asked for (or the staff home). */
    goToStaffPage: () => {},
  },
}).createMachine({
  id: 'staffLogin',
  context: { email: '', password: '', failure: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: 'assignField' },
        'form.submit': { guard: 'isFormValid', target: 'signingIn', actions: assign({ email: ({ context }) => context.email.trim(), failure: null }) },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: { target: 'checkingRole' },
        onError: { target: 'editing', actions: assign({ failure: 'credentials', password: '' }) },
      },
    },
    // The roles are custom claims of a fresh ID token (a role granted a minute ago counts).
    checkingRole: {
      tags: ['busy'],
      invoke: {
        src: 'readRoles',
        onDone: [
          { guard: 'hasStaffRole', target: 'signedIn', actions: [assign({ password: '' }), 'goToStaffPage'] },
          { target: 'signingOut', actions: assign({ failure: 'notStaff' }) },
        ],
        onError: { target: 'signingOut', actions: assign({ failure: 'credentials' }) },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'editing', actions: assign({ password: '' }) },
        onError: { target: 'editing', actions: assign({ password: '' }) },
      },
    },
    signedIn: { type: 'final', tags: ['leaving'] },
  },
})

export type StaffLoginActorRef = ActorRefFrom<typeof staffLoginMachine>
