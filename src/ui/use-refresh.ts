import { useEffect, useRef } from 'react'

/**
 * Reads a page's data again on its own while `active` (decision 121): every `everyMs` while the
 * page is in view, and at once when it comes back into view (the member back from the room's tab,
 * a consultant back from a call). What someone else records — a consultant's outcome on the
 * member's card, the member entering the room on the consultant's day — then shows without a
 * reload. A page out of view reads nothing; `refresh` is expected to keep what is drawn until the
 * new data is there (TanStack Router's `invalidate` reloads a shown route in the background).
 */
export function useRefresh(refresh: () => unknown, everyMs: number, active = true): void {
  const latest = useRef(refresh)
  latest.current = refresh
  useEffect(() => {
    if (!active) return
    const visible = () => document.visibilityState === 'visible'
    const timer = setInterval(() => {
      if (visible()) latest.current()
    }, everyMs)
    const onVisible = () => {
      if (visible()) latest.current()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [everyMs, active])
}
