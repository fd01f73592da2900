import { createActor, fromCallback, fromPromise } from 'xstate'
import { authMachine, type AuthEvent } from '../../../machines/auth/auth-machine'
import type { CaptchaPort } from '../../adapters/captcha'
import { flowInspect } from '../../adapters/flow-recorder'
import { staffRolesOf, type IdentityPort } from '../../adapters/identity'
import type { SessionStore } from '../../adapters/session-store'
import type { ApiClient } from '../../api/client'
import { normalizeEmail } from '../../../contract/fields'
import { readMember, takeEarlyMember } from './early-member'

/** The ports the auth flow uses (the app's services satisfy it). */
export type AuthPorts = { api: ApiClient; captcha: CaptchaPort; identity: IdentityPort; session: SessionStore }

export type AuthNavigation = {
  /** Go to an in-app location given as path + query (the remembered one after login). */
  goTo(href: string): void
  goToLogin(): void
  /** To /login (remembering the page) only when the current page needs login. */
  leaveMemberPage(): void
  /** Home when the current page is /login. */
  leaveLoginPage(): void
}

/**
 * Navigation whose target is set later: a page's own start (src/app/home-start.tsx) creates the
 * auth actor with the page's own navigation (loading another page), and the app it hands the page
 * to points the same actor at the router's (src/app/start-app.ts).
 */
export function lateNavigation(initial: AuthNavigation): { navigation: AuthNavigation; set(target: AuthNavigation): void } {
  let target = initial
  return {
    navigation: {
      goTo: (href) => target.goTo(href),
      goToLogin: () => target.goToLogin(),
      leaveMemberPage: () => target.leaveMemberPage(),
      leaveLoginPage: () => target.leaveLoginPage(),
    },
    set: (next) => {
      target = next
    },
  }
}

/**
 * The one app-wide auth actor: the auth chart with its real effects provided at the edge, the one
 * place of the auth flow calling `.provide` and the API (decisions.md 43). Not a hook: the app creates it
 * (not started) once before the router, which hands it to every route in `context`.
 */
export function createAuthActor(services: AuthPorts, navigation: AuthNavigation) {
  const { api, captcha, identity, session } = services
  // The member the identity provider last reported: its row may have been read already (early-member.ts).
  let reportedUid: string | null = null
  return createActor(
    authMachine.provide({
      actors: {
        watchIdentity: fromCallback<AuthEvent>(({ sendBack }) => {
          let latest = 0
          return identity.onChange((user) => {
            const report = ++latest
            if (!user) {
              reportedUid = null
              return sendBack({ type: 'identity.changed', user: null })
            }
            // A staff account is no member account (docs/decisions.md 60): member
            // pages see it as signed out, so this chart never loads a member for it nor signs it
            // out when there is none. Only the latest report counts.
            void identity
              .getClaims()
              .catch(() => null)
              .then((claims) => {
                if (report !== latest) return
                const member = staffRolesOf(claims).length ? null : user
                reportedUid = member?.uid ?? null
                sendBack({ type: 'identity.changed', user: member })
              })
          })
        }),
        // spec §4 Login: the captcha token goes to the product's login call first.
        callLogin: fromPromise(async ({ input }) => {
          const recaptchaToken = await captcha.getToken('login')
          await api.call('login', { recaptchaToken, email: input.email })
        }),
        // The identity provider holds the normalised address (contract/fields.ts normalizeEmail):
        // a member typing it full-width signs in to the same account.
        signIn: fromPromise(({ input }) => identity.signIn(normalizeEmail(input.email) ?? input.email, input.password)),
        loadMember: fromPromise(async () => {
          const early = await takeEarlyMember(reportedUid)?.catch(() => null)
          return early ?? readMember(api)
        }),
        signOut: fromPromise(() => identity.signOut()),
      },
      actions: {
        goToRedirect: (_, { to }) => navigation.goTo(to),
        goToLogin: () => navigation.goToLogin(),
        leaveMemberPage: () => navigation.leaveMemberPage(),
        leaveLoginPage: () => navigation.leaveLoginPage(),
        clearSession: () => session.clear(),
      },
    }),
    { inspect: flowInspect },
  )
}
