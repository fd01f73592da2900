import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { authMachine, type AuthEvent, type SignedInUser } from '../../machines/auth/auth-machine'
import type { Member } from '../../contract/calls'

const user: SignedInUser = { uid: 'uid-1', email: 'demo@example.com' }
const member: Member = {
  memberId: 'M0001',
  email: 'demo@example.com',
  memberLastname: '山田',
  memberFirstname: '太郎',
  phoneNumber: '0312345678',
  useFreeInterviewTime: null,
}

type Fakes = {
  callLogin?: (input: { email: string }) => Promise<void>
  signIn?: (input: { email: string; password: string }) => Promise<SignedInUser>
  loadMember?: () => Promise<Member>
  signOut?: () => Promise<void>
}

/** Starts the chart with fake effects; `identity(user)` plays the identity provider's report. */
function start(fakes: Fakes = {}) {
  const calls = {
    callLogin: vi.fn(fakes.callLogin ?? (async () => {})),
    signIn: vi.fn(fakes.signIn ?? (async () => user)),
    loadMember: vi.fn(fakes.loadMember ?? (async () => member)),
    signOut: vi.fn(fakes.signOut ?? (async () => {})),
    goToRedirect: vi.fn(),
    goToLogin: vi.fn(),
    leaveMemberPage: vi.fn(),
    leaveLoginPage: vi.fn(),
    clearSession: vi.fn(),
  }
  let report: ((event: AuthEvent) => void) | undefined
  const actor = createActor(
    authMachine.provide({
      actors: {
        watchIdentity: fromCallback<AuthEvent>(({ sendBack }) => {
          report = sendBack
        }),
        callLogin: fromPromise(({ input }) => calls.callLogin(input)),
        signIn: fromPromise(({ input }) => calls.signIn(input)),
        loadMember: fromPromise(() => calls.loadMember()),
        signOut: fromPromise(() => calls.signOut()),
      },
      actions: {
        goToRedirect: (_, params) => calls.goToRedirect(params.to),
        goToLogin: () => calls.goToLogin(),
        leaveMemberPage: () => calls.leaveMemberPage(),
        leaveLoginPage: () => calls.leaveLoginPage(),
        clearSession: () => calls.clearSession(),
      },
    }),
  ).start()
  const identity = (u: SignedInUser | null) => report?.({ type: 'identity.changed', user: u })
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'))
  const fill = (email: string, password: string) => {
    actor.send({ type: 'form.change', field: 'email', value: email })
    actor.send({ type: 'form.change', field: 'password', value: password })
  }
  return { actor, calls, identity, settled, fill }
}

async function startSignedIn() {
  const t = start()
  t.identity(user)
  await t.settled()
  expect(t.actor.getSnapshot().matches('signedIn')).toBe(true)
  return t
}

describe('auth machine: identity reports', () => {
  it('stays unknown (busy) until the identity provider first reports', () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toBe('unknown')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
  })

  it('goes to signedOut when the first report has no user', async () => {
    const { actor, identity, settled } = start()
    identity(null)
    await settled()
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' })
  })

  it('restores a kept session: loads the member and becomes signedIn', async () => {
    const { actor, identity, settled, calls } = start()
    identity(user)
    expect(actor.getSnapshot().value).toBe('restoring')
    await settled()
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    expect(actor.getSnapshot().context.member).toEqual(member)
    expect(calls.goToRedirect).not.toHaveBeenCalled()
    expect(calls.leaveLoginPage).toHaveBeenCalledOnce()
  })

  it('keeps what is typed before the identity is known; submitting waits until it is', async () => {
    const { actor, identity, settled, fill, calls } = start()
    fill('demo@example.com', 'demo1234')
    expect(actor.getSnapshot().context).toMatchObject({ email: 'demo@example.com', password: 'demo1234' })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    identity(null)
    await settled()
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
    actor.send({ type: 'form.submit', redirectTo: '/buy' })
    await settled()
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(calls.goToRedirect).toHaveBeenCalledWith('/buy')
    expect(calls.leaveLoginPage).not.toHaveBeenCalled()
  })

  it('signs a kept session out when its member cannot be loaded', async () => {
    const { actor, identity, settled, calls } = start({ loadMember: async () => Promise.reject(new Error('500')) })
    identity(user)
    await settled()
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(calls.signOut).toHaveBeenCalledOnce()
    expect(calls.leaveMemberPage).toHaveBeenCalledOnce()
    expect(calls.goToLogin).not.toHaveBeenCalled()
  })

  it('takes over a session signed in elsewhere while on the login form', async () => {
    const { actor, identity, settled } = start()
    identity(null)
    await settled()
    identity(user)
    await settled()
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
  })

  it('forced sign-out (disabled user / expired token) clears the session and leaves a member page', async () => {
    const { actor, identity, settled, calls } = await startSignedIn()
    identity(null)
    await settled()
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' })
    expect(actor.getSnapshot().context.member).toBeNull()
    expect(calls.clearSession).toHaveBeenCalledOnce()
    expect(calls.leaveMemberPage).toHaveBeenCalledOnce()
    expect(calls.goToLogin).not.toHaveBeenCalled()
  })

  it('ignores a repeated report of the same signed-in user', async () => {
    const { actor, identity } = await startSignedIn()
    identity(user)
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' })
  })
})

describe('auth machine: login', () => {
  async function startSignedOut(fakes: Fakes = {}) {
    const t = start(fakes)
    t.identity(null)
    await t.settled()
    return t
  }

  it('cannot submit while a field is empty (product.md §5 Login)', async () => {
    const { actor, fill } = await startSignedOut()
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    fill('   ', 'demo1234')
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    fill('demo@example.com', '')
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    fill('demo@example.com', 'demo1234')
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
  })

  it('logs in: login call with trimmed e-mail → identity sign-in → member → remembered location', async () => {
    const { actor, fill, settled, calls } = await startSignedOut()
    fill('  demo@example.com ', 'demo1234')
    actor.send({ type: 'form.submit', redirectTo: '/purchase-list?year=2025' })
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'callingLogin' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    await settled()
    expect(calls.callLogin).toHaveBeenCalledWith({ email: 'demo@example.com' })
    expect(calls.signIn).toHaveBeenCalledWith({ email: 'demo@example.com', password: 'demo1234' })
    expect(calls.loadMember).toHaveBeenCalledOnce()
    expect(calls.goToRedirect).toHaveBeenCalledWith('/purchase-list?year=2025')
    const { value, context } = actor.getSnapshot()
    expect(value).toEqual({ signedIn: 'active' })
    expect(context.member).toEqual(member)
    expect(context.user).toEqual(user)
    expect(context.password).toBe('')
  })

  it('goes to / when no location was remembered', async () => {
    const { actor, fill, settled, calls } = await startSignedOut()
    fill('demo@example.com', 'demo1234')
    actor.send({ type: 'form.submit' })
    await settled()
    expect(calls.goToRedirect).toHaveBeenCalledWith('/')
  })

  it('passes through the steps in order: callingLogin → signingIn → loadingMember', async () => {
    const seen: unknown[] = []
    const { actor, fill, settled } = await startSignedOut()
    actor.subscribe((s) => seen.push(s.value))
    fill('demo@example.com', 'demo1234')
    actor.send({ type: 'form.submit' })
    await settled()
    const steps = seen
      .map((value) => JSON.stringify(value))
      .filter((value, i, all) => all.indexOf(value) === i)
    expect(steps).toEqual([
      JSON.stringify({ signedOut: 'idle' }),
      JSON.stringify({ signedOut: 'callingLogin' }),
      JSON.stringify({ signedOut: 'signingIn' }),
      JSON.stringify({ signedOut: 'loadingMember' }),
      JSON.stringify({ signedIn: 'active' }),
    ])
  })

  it('login call fails → idle with the failure flag, no identity sign-in', async () => {
    const { actor, fill, settled, calls } = await startSignedOut({
      callLogin: async () => Promise.reject(new Error('403')),
    })
    fill('demo@example.com', 'demo1234')
    actor.send({ type: 'form.submit' })
    await settled()
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' })
    expect(actor.getSnapshot().context.loginFailed).toBe(true)
    expect(calls.signIn).not.toHaveBeenCalled()
    expect(calls.goToRedirect).not.toHaveBeenCalled()
  })

  it('identity sign-in fails (wrong password) → idle with the failure flag, no member load', async () => {
    const { actor, fill, settled, calls } = await startSignedOut({
      signIn: async () => Promise.reject(new Error('auth/invalid-credential')),
    })
    fill('demo@example.com', 'wrong')
    actor.send({ type: 'form.submit' })
    await settled()
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' })
    expect(actor.getSnapshot().context.loginFailed).toBe(true)
    expect(calls.loadMember).not.toHaveBeenCalled()
    // The e-mail stays for the next try.
    expect(actor.getSnapshot().context.email).toBe('demo@example.com')
  })

  it('member load fails → signs the identity out again → idle with the failure flag', async () => {
    const { actor, fill, settled, calls } = await startSignedOut({
      loadMember: async () => Promise.reject(new Error('500')),
    })
    fill('demo@example.com', 'demo1234')
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (s) => s.matches({ signedOut: 'discardingSignIn' }))
    await settled()
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' })
    expect(actor.getSnapshot().context.loginFailed).toBe(true)
    expect(actor.getSnapshot().context.user).toBeNull()
    expect(calls.signOut).toHaveBeenCalledOnce()
    expect(calls.goToRedirect).not.toHaveBeenCalled()
  })

  it('a new submit clears the earlier failure', async () => {
    let fail = true
    const { actor, fill, settled } = await startSignedOut({
      callLogin: async () => (fail ? Promise.reject(new Error('403')) : undefined),
    })
    fill('demo@example.com', 'demo1234')
    actor.send({ type: 'form.submit' })
    await settled()
    fail = false
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.loginFailed).toBe(false)
    await settled()
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
  })

  it('ignores the provider reporting the new user while the login is still loading the member', async () => {
    let resolveMember: (m: Member) => void = () => {}
    const { actor, fill, identity, calls } = await startSignedOut({
      loadMember: () => new Promise<Member>((resolve) => (resolveMember = resolve)),
    })
    fill('demo@example.com', 'demo1234')
    actor.send({ type: 'form.submit', redirectTo: '/settings' })
    await waitFor(actor, (s) => s.matches({ signedOut: 'loadingMember' }))
    identity(user)
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'loadingMember' })
    resolveMember(member)
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(calls.loadMember).toHaveBeenCalledOnce()
    expect(calls.goToRedirect).toHaveBeenCalledWith('/settings')
  })
})

describe('auth machine: logout', () => {
  it('asks for confirmation; cancel keeps the session', async () => {
    const { actor, calls } = await startSignedIn()
    actor.send({ type: 'logout.request' })
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'confirmingLogout' })
    actor.send({ type: 'logout.cancel' })
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    expect(calls.signOut).not.toHaveBeenCalled()
  })

  it('confirm signs out, clears the session state and goes to /login', async () => {
    const { actor, calls, settled } = await startSignedIn()
    actor.send({ type: 'logout.request' })
    actor.send({ type: 'logout.confirm' })
    expect(actor.getSnapshot().value).toBe('signingOut')
    await settled()
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' })
    expect(actor.getSnapshot().context.member).toBeNull()
    expect(calls.signOut).toHaveBeenCalledOnce()
    expect(calls.clearSession).toHaveBeenCalledOnce()
    expect(calls.goToLogin).toHaveBeenCalledOnce()
  })

  it('still lands signed out when the provider fails to sign out', async () => {
    const t = start({ signOut: async () => Promise.reject(new Error('network')) })
    t.identity(user)
    await t.settled()
    t.actor.send({ type: 'logout.request' })
    t.actor.send({ type: 'logout.confirm' })
    await t.settled()
    expect(t.actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(t.calls.goToLogin).toHaveBeenCalledOnce()
  })

  it('logout.confirm without the confirm step does nothing', async () => {
    const { actor, calls } = await startSignedIn()
    actor.send({ type: 'logout.confirm' })
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' })
    expect(calls.signOut).not.toHaveBeenCalled()
  })

  it('session.end (signup=success) signs out without navigating', async () => {
    const { actor, calls, settled } = await startSignedIn()
    actor.send({ type: 'session.end' })
    await settled()
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' })
    expect(calls.signOut).toHaveBeenCalledOnce()
    expect(calls.clearSession).toHaveBeenCalledOnce()
    expect(calls.goToLogin).not.toHaveBeenCalled()
  })
})
