// Spec rules of the staff login chart (docs/decisions.md 60): the account signs in with what was
// typed (e-mail trimmed), only when both fields are filled; only an account with a staff role goes
// on to the staff pages; any other signed-in account is signed out again and told why; the form is
// busy while anything is under way and keeps no password once it is done with it.
import type { AnyMachineSnapshot } from 'xstate'
import { staffLoginMachine } from '../../machines/staff-login/staff-login-machine'
import type { ModelConfig } from './model'
import { actions, expectCan, same, type ChartSpec, type Observation, type SpecRules } from './observe'

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

type Position = 'editing' | 'signingIn' | 'checkingRole' | 'signingOut' | 'signedIn'
/** What the form shows at each point (staff-login-view reads these tags): busy while anything is under way, leaving once in. */
const TAGS: Record<Position, string[]> = { editing: [], signingIn: ['busy'], checkingRole: ['busy'], signingOut: ['busy'], signedIn: ['leaving'] }

/** The form by the spec after the trail: where the visitor is, what the fields hold, what failed. */
function replay(trail: Observation[]) {
  let position: Position = 'editing'
  let email = ''
  let password = ''
  let failure: string | null = null
  for (const o of trail.slice(1)) {
    const e = o.event
    const r = o.reply
    if (r?.call === 'signIn') {
      position = r.ok ? 'checkingRole' : 'editing'
      if (!r.ok) {
        failure = 'credentials'
        password = ''
      }
    } else if (r?.call === 'readRoles') {
      const staff = r.ok && (r.output as number) > 0
      position = staff ? 'signedIn' : 'signingOut'
      // A signed-in account is not kept in the form; a member account is told it has no staff role.
      if (staff) password = ''
      else failure = r.ok ? 'notStaff' : 'credentials'
    } else if (r?.call === 'signOut') {
      position = 'editing'
      password = ''
    } else if (position === 'editing' && e.type === 'form.change') {
      if (e.field === 'email') email = e.value
      else password = e.value
      failure = null
    } else if (position === 'editing' && e.type === 'form.submit' && email.trim() !== '' && password !== '') {
      position = 'signingIn'
      email = email.trim()
      failure = null
    }
  }
  return { position, email, password, failure }
}

export const rules: SpecRules = {
  afterStep({ event, before, after, trail }) {
    const out: string[] = []
    const was = before ? replay(trail.slice(0, -1)) : null
    const now = replay(trail)
    const r = after.reply
    // Calls: sign in with what was typed (e-mail trimmed) on submit of a filled form; then read the
    // account's roles; an account without a staff role (or whose roles cannot be read) is signed out.
    const want = [
      ...(was?.position === 'editing' && now.position === 'signingIn' ? [{ call: 'signIn', input: { email: now.email, password: now.password } }] : []),
      ...(r?.call === 'signIn' && r.ok ? [{ call: 'readRoles', input: undefined }] : []),
      ...(r?.call === 'readRoles' && now.position === 'signingOut' ? [{ call: 'signOut', input: undefined }] : []),
    ]
    if (!same(after.sent, want)) out.push(`${event.type}: expected calls ${JSON.stringify(want)}, sent ${JSON.stringify(after.sent)}`)
    const goes = actions(after, 'goToStaffPage').length > 0
    const isStaff = r?.call === 'readRoles' && r.ok && (r.output as number) > 0
    if (goes !== isStaff) out.push(isStaff ? 'a staff account must go on to the staff pages' : 'only a staff account goes on')
    if (after.done !== (now.position === 'signedIn')) out.push(now.position === 'signedIn' ? 'signed in, but the form goes on' : 'the form ended without a staff sign-in')
    if (!after.done) out.push(...expectCan(after, now.position === 'editing' ? ['form.change', ...(now.email.trim() && now.password ? ['form.submit'] : [])] : [], ['form.change', 'form.submit'], `at ${now.position}`))
    if (!same(after.tags, TAGS[now.position])) out.push(`the form must show ${JSON.stringify(TAGS[now.position])}, shows ${JSON.stringify(after.tags)}`)
    const c = after.context as { email: string; password: string; failure: string | null }
    if (c.email !== now.email || c.password !== now.password) out.push(`the fields hold ${JSON.stringify([c.email, c.password])}, expected ${JSON.stringify([now.email, now.password])}`)
    if (c.failure !== now.failure) out.push(`the form says ${JSON.stringify(c.failure)}, expected ${JSON.stringify(now.failure)}`)
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
