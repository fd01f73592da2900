import { assertEvent, assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import * as v from 'valibot'
import { LoginForm, type Member } from '../../contract/session-calls'

/**
 * Auth flow (product.md §4 Auth, Login).
 *
 * unknown ──identity.changed──▶ signedOut | restoring ──▶ signedIn
 * signedOut.idle ─form.submit─▶ callingLogin ─▶ signingIn ─▶ loadingMember ─▶ signedIn (goToRedirect)
 * any login step fails ─▶ signedOut.idle with `loginFailed` set (the view shows ログインに失敗しました)
 * signedIn ─logout.request─▶ confirmingLogout ─logout.confirm─▶ signingOut ─▶ signedOut (clearSession, goToLogin)
 *
 * Pure: every effect is a named actor or action, provided at the edge (src/features/auth/use-auth-actor.ts)
 * or by tests. States tagged `busy` are the ones a route guard must wait out.
 */

/** What the machine needs of the identity provider's user (src/adapters/identity.ts conforms). */
export type SignedInUser = { uid: string; email: string | null }

export type AuthContext = {
  user: SignedInUser | null
  member: Member | null
  email: string
  password: string
  /** The remembered location to return to after login (product.md §2 Authentication rule). */
  redirectTo: string
  loginFailed: boolean
}

export type AuthEvent =
  | { type: 'identity.changed'; user: SignedInUser | null }
  | { type: 'form.change'; field: 'email' | 'password'; value: string }
  | { type: 'form.submit'; redirectTo?: string }
  | { type: 'logout.request' }
  | { type: 'logout.confirm' }
  | { type: 'logout.cancel' }
  | { type: 'session.end' }
  | { type: 'member.updated'; member: Member }

const emptyForm = { email: '', password: '', loginFailed: false }

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  guards: {
    // product.md §5 Login: the button is disabled while either field is empty (e-mail after trimming).
    isFormValid: ({ context }) => v.is(LoginForm, { email: context.email, password: context.password }),
    hasUser: ({ event }) => event.type === 'identity.changed' && event.user !== null,
    hasNoUser: ({ event }) => event.type === 'identity.changed' && event.user === null,
  },
  actors: {
    /** Reports the identity provider's user (or null) as `identity.changed`, first report included. */
    watchIdentity: fromCallback<AuthEvent>(() => () => {}),
    callLogin: fromPromise<void, { email: string }>(async () => {
      throw new Error('provide callLogin')
    }),
    signIn: fromPromise<SignedInUser, { email: string; password: string }>(async () => {
      throw new Error('provide signIn')
    }),
    loadMember: fromPromise<Member>(async () => {
      throw new Error('provide loadMember')
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('provide signOut')
    }),
  },
  actions: {
    assignField: assign(({ event }) => {
      assertEvent(event, 'form.change')
      return event.field === 'email' ? { email: event.value } : { password: event.value }
    }),
    startLogin: assign(({ context, event }) => {
      assertEvent(event, 'form.submit')
      return { email: context.email.trim(), loginFailed: false, redirectTo: event.redirectTo || '/' }
    }),
    markLoginFailed: assign({ loginFailed: true }),
    forgetPassword: assign({ password: '' }),
    resetSession: assign({ user: null, member: null, ...emptyForm, redirectTo: '/' }),
    /** Navigate to `to` (a path with query); provided by the router edge. */
    goToRedirect: (_, _params: { to: string }) => {},
    goToLogin: () => {},
    /** After a sign-out the member did not ask for: leave a page that needs login (to /login). */
    leaveMemberPage: () => {},
    /** A kept session was restored: a visitor on /login goes home (product.md §2: signed in → /). */
    leaveLoginPage: () => {},
    /** Drop the browser's session state (stored purchase flow, caches). */
    clearSession: () => {},
  },
}).createMachine({
  id: 'auth',
  context: { user: null, member: null, ...emptyForm, redirectTo: '/' },
  invoke: { src: 'watchIdentity' },
  initial: 'unknown',
  states: {
    // /login renders before the identity provider has loaded (docs/performance.md): what the
    // member types meanwhile is kept; submitting waits until the identity is known.
    unknown: {
      tags: ['busy'],
      on: {
        'form.change': { actions: 'assignField' },
        'identity.changed': [
          { guard: 'hasUser', target: 'restoring', actions: assign({ user: ({ event }) => event.user }) },
          { target: 'signedOut' },
        ],
      },
    },
    // A session the identity provider kept from an earlier visit: load the member behind it.
    restoring: {
      tags: ['busy'],
      invoke: {
        src: 'loadMember',
        onDone: { target: 'signedIn', actions: [assign({ member: ({ event }) => event.output }), 'leaveLoginPage'] },
        // A session whose member cannot be read is no usable session: sign it out, but it is no
        // logout the member chose, so only a page that needs login is left (the e-mail change
        // link's page revokes the old token while this load may still be running).
        onError: { target: '#auth.signedOut.discardingSignIn', actions: 'leaveMemberPage' },
      },
    },
    signedOut: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'form.change': { actions: 'assignField' },
            'form.submit': { guard: 'isFormValid', target: 'callingLogin', actions: 'startLogin' },
            // Signed in elsewhere (another tab): take the session over.
            'identity.changed': {
              guard: 'hasUser',
              target: '#auth.restoring',
              actions: assign({ user: ({ event }) => event.user }),
            },
          },
        },
        // The product's own login call carries the captcha token (product.md §4 Login).
        callingLogin: {
          tags: ['busy', 'loggingIn'],
          invoke: {
            src: 'callLogin',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'signingIn' },
            onError: { target: 'idle', actions: 'markLoginFailed' },
          },
        },
        signingIn: {
          tags: ['busy', 'loggingIn'],
          invoke: {
            src: 'signIn',
            input: ({ context }) => ({ email: context.email, password: context.password }),
            onDone: { target: 'loadingMember', actions: assign({ user: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: 'markLoginFailed' },
          },
        },
        loadingMember: {
          tags: ['busy', 'loggingIn'],
          invoke: {
            src: 'loadMember',
            onDone: {
              target: '#auth.signedIn',
              actions: [
                assign({ member: ({ event }) => event.output }),
                'forgetPassword',
                { type: 'goToRedirect', params: ({ context }) => ({ to: context.redirectTo }) },
              ],
            },
            onError: { target: 'discardingSignIn', actions: 'markLoginFailed' },
          },
        },
        // The identity provider already signed in, but without a member the login failed:
        // sign out again so the provider and the chart agree.
        discardingSignIn: {
          tags: ['busy', 'loggingIn'],
          invoke: {
            src: 'signOut',
            onDone: { target: 'idle', actions: assign({ user: null }) },
            onError: { target: 'idle', actions: assign({ user: null }) },
          },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      initial: 'active',
      on: {
        // Signed out elsewhere, or forced out by the provider (disabled user, expired token; product.md §4).
        'identity.changed': {
          guard: 'hasNoUser',
          target: 'signedOut',
          // Only a page that needs login is left: a public page (the e-mail change link's
          // completion, whose server call ends the old session, an error page) stays.
          actions: ['resetSession', 'clearSession', 'leaveMemberPage'],
        },
        // /login?signup=success ends any session without leaving the page (product.md §2).
        'session.end': { target: 'endingSession' },
        // The member changed their name or phone on /settings: the header greets them by the new name.
        'member.updated': { actions: assign({ member: ({ event }) => event.member }) },
      },
      states: {
        active: {
          on: { 'logout.request': { target: 'confirmingLogout' } },
        },
        confirmingLogout: {
          tags: ['confirmOpen'],
          on: {
            'logout.confirm': { target: '#auth.signingOut' },
            'logout.cancel': { target: 'active' },
          },
        },
      },
    },
    signingOut: {
      tags: ['busy', 'confirmOpen', 'signingOut'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['resetSession', 'clearSession', 'goToLogin'] },
        onError: { target: 'signedOut', actions: ['resetSession', 'clearSession', 'goToLogin'] },
      },
    },
    endingSession: {
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['resetSession', 'clearSession'] },
        onError: { target: 'signedOut', actions: ['resetSession', 'clearSession'] },
      },
    },
  },
})

export type AuthActorRef = ActorRefFrom<typeof authMachine>
export type AuthSnapshot = SnapshotFrom<typeof authMachine>
