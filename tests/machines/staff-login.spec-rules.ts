// Spec rules of the staff login chart (docs/decisions.md 60): the account signs in with what was
// typed (e-mail trimmed), only when both fields are filled; only an account with a staff role goes
// on to the staff pages; any other signed-in account is signed out again and told why.
import type { AnyMachineSnapshot } from 'xstate'
import { staffLoginMachine } from '../../machines/staff-login/staff-login-machine'
import type { ModelConfig } from './model'
import { actions, calls, type ChartSpec, type SpecRules } from './observe'

const events: ModelConfig['events'] = {
  'form.change': [
    { field: 'email', value: ' operator@example.com ' },
    { field: 'password', value: 'operator1234' },
    { field: 'email', value: '' },
  ],
  'form.submit': [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  signIn: { done: [undefined], error: [Object.assign(new Error('bad'), { code: 'auth/invalid-credential' })] },
  readRoles: { done: [1, 0], error: [new Error('offline')] },
  signOut: { done: [undefined], error: [new Error('offline')] },
}

export const rules: SpecRules = {
  afterStep({ event, after, trail }) {
    const out: string[] = []
    let email = ''
    let password = ''
    for (const { event: e } of trail) {
      if (e.type === 'form.change' && e.field === 'email') email = e.value
      if (e.type === 'form.change' && e.field === 'password') password = e.value
    }
    for (const s of calls(after, 'signIn')) {
      if (event.type !== 'form.submit') out.push(`signed in on ${event.type}`)
      if (JSON.stringify(s.input) !== JSON.stringify({ email: email.trim(), password })) out.push(`signed in with ${JSON.stringify(s.input)}`)
      if (!email.trim() || !password) out.push('signed in with an empty field')
    }
    const r = after.reply
    const goes = actions(after, 'goToStaffPage').length > 0
    const isStaff = r?.call === 'readRoles' && r.ok && (r.output as number) > 0
    if (goes !== isStaff) out.push(isStaff ? 'a staff account must go on to the staff pages' : 'only a staff account goes on')
    if (r?.call === 'readRoles' && !isStaff && !calls(after, 'signOut').length) out.push('an account without a staff role must be signed out again')
    if (r?.call === 'signOut' && after.context.failure === null) out.push('the refused account is told why')
    return out
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: staffLoginMachine,
      events,
      outcomes,
      serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.email, s.context.password !== '', s.context.failure]),
    },
  ],
  rules,
}
