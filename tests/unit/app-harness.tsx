import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { vi } from 'vitest'
import type { AnalyticsPort } from '../../src/adapters/analytics'
import { offCaptcha } from '../../src/adapters/captcha'
import type { IdentityPort, IdentityUser } from '../../src/adapters/identity'
import { createMemorySessionStore } from '../../src/adapters/session-store'
import { ApiError } from '../../src/api/api-error'
import type { ApiClient } from '../../src/api/client'
import { App } from '../../src/app/app'
import { startApp } from '../../src/app/start-app'
import { parseClientConfig } from '../../src/config'
import type { Member } from '../../contract/calls'
import type { AppServices } from '../../src/routes/-router-context'

export const demoMember: Member = {
  memberId: 'M0000001',
  email: 'demo@example.com',
  memberLastname: '山田',
  memberFirstname: '太郎',
  phoneNumber: '0312345678',
  useFreeInterviewTime: null,
}

/**
 * An identity provider in memory: one account, demo@example.com / demo1234. Like the Firebase
 * adapter it reports nothing before `prepare()` (its SDK is loaded on demand) and `loaded`.
 */
export function fakeIdentity(initial: IdentityUser | null = null, loaded: Promise<void> = Promise.resolve(), claims: Record<string, unknown> = {}) {
  let current = initial
  let prepared = false
  let ready = false
  const listeners = new Set<(user: IdentityUser | null) => void>()
  const notify = () => listeners.forEach((l) => l(current))
  const identity: IdentityPort & { readonly prepared: boolean } = {
    get prepared() {
      return prepared
    },
    prepare() {
      if (prepared) return
      prepared = true
      void loaded.then(() => {
        ready = true
        notify()
      })
    },
    onChange(listener) {
      listeners.add(listener)
      if (ready) queueMicrotask(() => listener(current))
      return () => listeners.delete(listener)
    },
    async signIn(email, password) {
      if (email !== demoMember.email || password !== 'demo1234') throw Object.assign(new Error('bad'), { code: 'auth/invalid-credential' })
      current = { uid: 'uid-demo', email, emailVerified: true, displayName: null }
      notify()
      return current
    },
    async signOut() {
      current = null
      notify()
    },
    getIdToken: async () => (current ? 'token' : null),
    reload: async () => {},
    reauthenticate: async () => {},
    getClaims: async () => (current ? { email: current.email, ...claims } : null),
  }
  return { identity, forceSignOut: () => identity.signOut() }
}

export type HarnessOptions = {
  signedIn?: boolean
  /** When the identity provider's SDK has loaded (default: at once when asked for). */
  identityLoaded?: Promise<void>
  /** Replaces the product API; default answers login 200 and user-data with the demo member. */
  call?: ApiClient['call']
  /** Custom claims of the signed-in user's token (staff roles: `{ role: ['consultant'], staffId }`). */
  claims?: Record<string, unknown>
}

/** Renders the real app (routes, auth chart, Chakra system) with fake ports at `url`. */
export function renderApp(url: string, options: HarnessOptions = {}) {
  const { identity, forceSignOut } = fakeIdentity(
    options.signedIn ? { uid: 'uid-demo', email: demoMember.email, emailVerified: true, displayName: null } : null,
    options.identityLoaded,
    options.claims,
  )
  const call = vi.fn(
    options.call ??
      (async (name: string, request: { data?: string }) => {
        if (name === 'login') return {}
        // MEMBER answers the member; the other kinds (the home's lists) answer empty lists.
        if (name === 'user-data') return request.data === 'MEMBER' ? demoMember : {}
        if (name === 'nowonsale-products') return { productList: [] }
        throw new ApiError(404, 'not found')
      }),
  ) as unknown as ApiClient['call']
  const analytics: AnalyticsPort = { pageView: () => {}, event: () => {} }
  const services: AppServices = {
    config: parseClientConfig({}),
    api: { call },
    identity,
    captcha: offCaptcha,
    analytics,
    errors: { report: () => {} },
    session: createMemorySessionStore(),
  }
  const history = createMemoryHistory({ initialEntries: [url] })
  const app = startApp(services, { history })
  const view = render(<App router={app.router} />)
  return { ...view, ...app, services, call, forceSignOut }
}
