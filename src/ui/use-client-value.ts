import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * A value only the browser knows (the query, the tab's session storage) on a page that is
 * prerendered and hydrated: null in the build's render and while React hydrates, so the markup
 * matches the HTML, then `read()`. `read` must return the same value each time it is called during
 * one visit (a string, a number, null: compared with Object.is).
 *
 * The value itself is the snapshot, never a "hydrated" flag: after hydrating, React renders a
 * component again, synchronously in one task of its own, only when its snapshot differs from the
 * server's (decision 99). With a flag, every hydrated /login was rendered a second time whole (40–50 ms
 * on a phone's CPU) to show a coupon note that was not there.
 */
export function useClientValue<T>(read: () => T | null): T | null {
  return useSyncExternalStore(noSubscription, read, () => null)
}
