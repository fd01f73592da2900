import { staffRolesOf } from '../adapters/identity'
import { readKeptSession } from '../adapters/kept-session'
import { createApiClient } from '../api/client'
import { config } from '../config'
import { keepEarlyMember, readingKeptSession, readMember } from '../features/auth/early-member'
import { prefetchHome } from '../features/home/home-prefetch'
import type { AppServices } from '../routes/-router-context'
import { createServices } from './services'

/**
 * A member page's start (src/main.tsx, src/home-main.tsx): the app's services made before the
 * app's other stages, and the identity provider's SDK asked for at once (on `/` with a kept
 * session, once the home is drawn). A member page shows its
 * frame and spinner until the session is restored and the page's data has come
 * (src/app/start-app-browser.tsx); asked for by the page's guard, the SDK's download, its reading
 * of the kept session and so the page's calls waited for the theme, the route tree and the app to
 * be evaluated first. Now they go on meanwhile, and the guard finds the session read
 * (docs/performance.md "Loading in stages").
 */
export function startMemberSession() {
  const services = createServices(config)
  if (window.location.pathname === '/') readingKeptSession(prefetchHomeReads(services))
  else services.identity.prepare()
  return services
}

/**
 * The home's reads as early as they can go (src/features/home/home-prefetch.ts). With a session
 * the SDK kept on this browser, at once with its token, beside the SDK's start, and the member's
 * row with them (decision 104); otherwise as soon as the SDK reports someone signed in.
 */
async function prefetchHomeReads(services: AppServices): Promise<void> {
  const kept = await readKeptSession(services.config.firebase.apiKey).catch(() => null)
  // A staff account is no member account (decision 60): its member pages wait for the SDK and go to the login.
  if (kept && staffRolesOf(kept.claims).length === 0) {
    const api = createApiClient({ baseUrl: services.config.apiBase, getIdToken: async () => kept.idToken })
    keepEarlyMember(kept.uid, readMember(api))
    prefetchHome(api)
    // The SDK is asked for once the home is drawn (src/app/home-start.tsx), or by the app's guard:
    // its evaluation and start are not in the way of the drawing.
    return
  }
  services.identity.prepare()
  let done = false
  const stop = services.identity.onChange((user) => {
    if (done) return
    done = true
    queueMicrotask(() => stop())
    if (user) prefetchHome(services.api)
  })
}
