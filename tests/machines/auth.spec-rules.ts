// Spec rules of the auth chart (product.md §2 /login and the authentication rule, §4 Auth and Login,
// §5 Login, §8 login failure; header logout with confirmation): what is called with what, where the
// member goes, what the header and the login form show, when the page must wait (tag `busy`).
import { authMachine } from '../../machines/auth/auth-machine'
import { ApiError } from '../../src/api/api-error'
import { boundaryWith, textsAround } from './boundaries'
import { actions, expectGoes, expectSent, type ChartSpec, type Observation, type SpecRules } from './observe'

type Phase = 'unknown' | 'restoring' | 'out' | 'calling' | 'signing' | 'loading' | 'discarding' | 'in' | 'confirming' | 'signingOut' | 'ending'
const BUSY: Phase[] = ['unknown', 'restoring', 'calling', 'signing', 'loading', 'discarding', 'signingOut', 'ending']

/** The session by the spec, replayed from the trail's events and answers. */
function session(trail: Observation[]) {
  let phase: Phase = 'unknown'
  let email = ''
  let password = ''
  let redirectTo = '/'
  let failed = false
  let member: unknown = null
  let user: unknown = null
  for (const o of trail) {
    const e = o.event
    const r = o.reply
    if (e.type === 'form.change' && (phase === 'unknown' || phase === 'out')) { if (e.field === 'email') email = e.value; else password = e.value }
    else if (e.type === 'identity.changed') {
      if (phase === 'unknown') { phase = e.user ? 'restoring' : 'out'; if (e.user) user = e.user }
      else if (phase === 'out' && e.user) { phase = 'restoring'; user = e.user }
      else if ((phase === 'in' || phase === 'confirming') && !e.user) { phase = 'out'; member = null; user = null; email = ''; password = ''; failed = false; redirectTo = '/' }
    } else if (e.type === 'form.submit' && phase === 'out' && email.trim() !== '' && password !== '') { phase = 'calling'; email = email.trim(); failed = false; redirectTo = e.redirectTo || '/' }
    else if (e.type === 'logout.request' && phase === 'in') phase = 'confirming'
    else if (e.type === 'logout.cancel' && phase === 'confirming') phase = 'in'
    else if (e.type === 'logout.confirm' && phase === 'confirming') phase = 'signingOut'
    else if (e.type === 'session.end' && (phase === 'in' || phase === 'confirming')) phase = 'ending'
    else if (e.type === 'member.updated' && (phase === 'in' || phase === 'confirming')) member = e.member
    else if (r?.call === 'callLogin') { if (r.ok) phase = 'signing'; else { phase = 'out'; failed = true } }
    else if (r?.call === 'signIn') { if (r.ok) { phase = 'loading'; user = r.output } else { phase = 'out'; failed = true } }
    else if (r?.call === 'loadMember') {
      if (r.ok) { member = r.output; if (phase === 'loading') password = ''; phase = 'in' }
      else { if (phase === 'loading') failed = true; phase = 'discarding' }
    } else if (r?.call === 'signOut') {
      user = null
      if (phase === 'discarding') phase = 'out'
      else { phase = 'out'; member = null; email = ''; password = ''; failed = false; redirectTo = '/' }
    }
  }
  return { phase, email, password, redirectTo, failed, member, user }
}

export const rules: SpecRules = {
  afterStep({ event, after, trail }) {
    const out: string[] = []
    const was = session(trail.slice(0, -1))
    const now = session(trail)
    const r = after.reply
    const did = after.did.map((d) => d.action)
    if (event.type === 'xstate.init') out.push(...expectSent(after, [{ call: 'watchIdentity', input: undefined }], 'the identity provider is watched from the start'))
    else if (event.type === 'identity.changed') {
      if (now.phase === 'restoring' && was.phase !== 'restoring') out.push(...expectSent(after, [{ call: 'loadMember', input: undefined }], 'a kept session loads its member'))
      else out.push(...expectSent(after, [], 'identity.changed'))
      const forced = (was.phase === 'in' || was.phase === 'confirming') && now.phase === 'out'
      if (forced && !(did.includes('clearSession') && did.includes('leaveMemberPage'))) out.push(`signed out elsewhere: the session is cleared and a member page left, did ${did}`)
      if (!forced && (did.includes('clearSession') || did.includes('leaveMemberPage'))) out.push(`nothing is left or cleared, did ${did}`)
    } else if (event.type === 'form.submit') out.push(...expectSent(after, now.phase === 'calling' && was.phase === 'out' ? [{ call: 'callLogin', input: { email: now.email } }] : [], 'login sends the trimmed address, only with both fields filled'))
    else if (event.type === 'logout.confirm') out.push(...expectSent(after, now.phase === 'signingOut' && was.phase === 'confirming' ? [{ call: 'signOut', input: undefined }] : [], 'logout confirmed'))
    else if (event.type === 'session.end') out.push(...expectSent(after, now.phase === 'ending' && was.phase !== 'ending' ? [{ call: 'signOut', input: undefined }] : [], 'signup=success ends the session'))
    else if (!r) out.push(...expectSent(after, [], event.type), ...expectGoes(after, [], event.type))
    if (r?.call === 'callLogin') out.push(...expectSent(after, r.ok ? [{ call: 'signIn', input: { email: now.email, password: now.password } }] : [], 'after the login call, sign in with the address and password entered'))
    if (r?.call === 'signIn') out.push(...expectSent(after, r.ok ? [{ call: 'loadMember', input: undefined }] : [], 'signed in: load the member'))
    if (r?.call === 'loadMember') {
      if (was.phase === 'loading') out.push(...expectGoes(after, r.ok ? [{ action: 'goToRedirect', params: { to: was.redirectTo } }] : [], 'logged in: back to the remembered location'))
      if (was.phase === 'restoring' && r.ok && !did.includes('leaveLoginPage')) out.push('a restored session leaves /login')
      if (was.phase === 'restoring' && !r.ok && !did.includes('leaveMemberPage')) out.push('an unreadable session leaves a member page')
      if (!r.ok) out.push(...expectSent(after, [{ call: 'signOut', input: undefined }], 'a session without a member is signed out'))
    }
    if (r?.call === 'signOut') {
      if (was.phase === 'signingOut') out.push(...expectGoes(after, [{ action: 'goToLogin', params: undefined }], 'logged out: /login'))
      else out.push(...expectGoes(after, [], 'a sign-out the member did not ask for stays'))
      if (was.phase !== 'discarding' && !did.includes('clearSession')) out.push('a sign-out clears the session')
    }
    // What the pages read: busy while waiting, the login form, the failure banner, the member.
    const busy = after.tags.includes('busy')
    if (busy !== BUSY.includes(now.phase)) out.push(`the page must ${BUSY.includes(now.phase) ? '' : 'not '}wait (busy) while ${now.phase}`)
    if (after.context.loginFailed !== now.failed) out.push(`ログインに失敗しました must ${now.failed ? '' : 'not '}show`)
    if ((now.phase === 'out' || now.phase === 'unknown') && (after.context.email !== now.email || after.context.password !== now.password)) out.push(`the login form must hold ${JSON.stringify([now.email, now.password])}`)
    if (JSON.stringify(after.context.member) !== JSON.stringify(now.member)) out.push(`the header must greet ${JSON.stringify(now.member)}`)
    if (JSON.stringify(after.context.user) !== JSON.stringify(now.user)) out.push(`the signed-in user must be ${JSON.stringify(now.user)}`)
    // The password is not kept once the member is logged in.
    if ((now.phase === 'in' || now.phase === 'confirming') && after.context.password !== now.password) out.push('the password is forgotten after a login')
    const can = (t: string) => after.can.includes(t)
    const validForm = now.phase === 'out' && now.email.trim() !== '' && now.password !== ''
    if (can('form.submit') !== validForm) out.push(`login must be ${validForm ? 'enabled' : 'disabled'} (${now.phase})`)
    if (can('logout.request') !== (now.phase === 'in')) out.push(`logout must ${now.phase === 'in' ? '' : 'not '}be offered (${now.phase})`)
    if (can('logout.confirm') !== (now.phase === 'confirming') || can('logout.cancel') !== (now.phase === 'confirming')) out.push(`the logout dialog must ${now.phase === 'confirming' ? '' : 'not '}be open (${now.phase})`)
    if (actions(after, 'goTo').length > 1) out.push('goes to two places at once')
    return out
  },
}

const user = { uid: 'u1', email: 'demo@example.com' }
const member = { memberId: 'u1', email: 'demo@example.com', memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '0312345678', useFreeInterviewTime: null }
export const spec: ChartSpec = {
  configs: [
    {
      machine: authMachine,
      events: {
        'identity.changed': [{ user }, { user: null }],
        'form.change': [
          { field: 'email', value: ' demo@example.com ' },
          { field: 'password', value: 'demo1234' },
          { field: 'email', value: '' },
          // Login needs both values present, nothing more (product.md §5 "Login"): boundary values
          // (boundaries.ts) at that edge, each with the other field filled — a password of 0, 1 and 2
          // characters; an address empty, of one space (empty once trimmed) and of one character.
          ...boundaryWith(() => [{ field: 'email', value: ' demo@example.com ' }], ...textsAround(1, 'a').map((value) => ({ field: 'password', value }))),
          ...boundaryWith(() => [{ field: 'password', value: 'demo1234' }], ...['', ' ', 'a', ' a '].map((value) => ({ field: 'email', value }))),
        ],
        'form.submit': [{}, { redirectTo: '/purchase-list?year=2025' }],
        'member.updated': [{ member: { ...member, memberLastname: '佐藤' } }],
        'logout.request': [{}], 'logout.confirm': [{}], 'logout.cancel': [{}], 'session.end': [{}],
      },
      outcomes: {
        signIn: { done: [user], error: [new Error('auth/wrong-password')] },
        loadMember: { done: [member], error: [new ApiError(500, 'down')] },
        callLogin: { done: [undefined], error: [new ApiError(400, 'captcha')] },
        signOut: { done: [undefined], error: [new Error('offline')] },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.loginFailed, s.context.email.trim() !== '', s.context.password !== '', s.context.redirectTo, s.context.member?.memberLastname ?? null]),
    },
  ],
  rules,
}
