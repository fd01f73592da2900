import { config } from '../config'
import { prefetchHome } from '../features/home/home-prefetch'
import { createServices } from './services'

/**
 * A member page's start (src/main.tsx): the app's services made before the app's other stages,
 * and the identity provider's SDK asked for at once. A member page shows its frame and spinner
 * until the session is restored and the page's data has come (src/app/start-app-browser.tsx);
 * asked for by the page's guard, the SDK's download, its reading of the kept session and so the
 * page's calls waited for the theme, the route tree and the app to be evaluated first. Now they
 * go on meanwhile, and the guard finds the session read (docs/performance.md "Loading in stages").
 */
export function startMemberSession() {
  const services = createServices(config)
  services.identity.prepare()
  // The home's reads as soon as someone is signed in (src/features/home/home-prefetch.ts).
  if (window.location.pathname === '/') {
    let done = false
    const stop = services.identity.onChange((user) => {
      if (done) return
      done = true
      queueMicrotask(() => stop())
      if (user) prefetchHome(services.api)
    })
  }
  return services
}
