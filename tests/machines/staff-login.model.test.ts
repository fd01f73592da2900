// Generated-path tests of the staff login chart: every transition, replayed live; a member
// account (no staff role) is signed out again and told so.
import type { AnyMachineSnapshot } from 'xstate'
import { describeModel } from './model'
import { staffLoginMachine } from '../../machines/staff-login/staff-login-machine'

describeModel({
  machine: staffLoginMachine,
  events: {
    'form.change': [
      { field: 'email', value: 'operator@example.com' },
      { field: 'password', value: 'operator1234' },
      { field: 'email', value: '' },
    ],
    'form.submit': [{}],
  },
  outcomes: {
    signIn: { done: [undefined], error: [Object.assign(new Error('bad'), { code: 'auth/invalid-credential' })] },
    readRoles: { done: [1, 0], error: [new Error('offline')] },
    signOut: { done: [undefined], error: [new Error('offline')] },
  },
  serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.email !== '', s.context.password !== '', s.context.failure]),
})
