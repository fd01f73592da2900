import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * Calls `refresh` on its own while `active` (decision 121): every `everyMs` while the page is in
 * view, and at once when it comes back into view (the member back from the room's tab, a
 * consultant back from a call). A page out of view reads nothing.
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

/**
 * What a page shows: `initial` (its loader's data), or what `read` answered since, read again in
 * place with the returned function (decision 121). What someone else records — a consultant's
 * outcome on the member's card, the member entering the room on the consultant's day — then shows
 * without a reload or a navigation. A read that fails keeps what is shown (the next one tries
 * again): a network blip must not turn a page the member is reading into an error page. A newer
 * `initial` (the page loaded again) replaces what was read before it; an answer older than the last
 * one shown is dropped.
 */
export function useFresh<T>(initial: T, read: () => Promise<T>): [T, () => void] {
  const [fresh, setFresh] = useState<{ from: T; value: T; n: number } | null>(null)
  const latest = useRef({ initial, read, n: 0 })
  latest.current.initial = initial
  latest.current.read = read
  const refresh = useCallback(() => {
    const now = latest.current
    const from = now.initial
    const n = ++now.n
    now.read().then(
      (value) => setFresh((was) => (was && was.from === from && was.n > n ? was : { from, value, n })),
      () => {},
    )
  }, [])
  return [fresh !== null && fresh.from === initial ? fresh.value : initial, refresh]
}
