import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * One read of a page's data (a table's page, a member's record): loading, its data, or its
 * failure, and `reload` to read again. A newer read replaces an older one still under way (its
 * answer is dropped), so a quick change of page or filter never shows an older answer last.
 * Multi-step writes are charts in machines/; this is only the read a screen shows.
 */
export type Remote<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'failed'; data: T | null; error: unknown }

export function useRemote<T>(read: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): Remote<T> & { reload: () => void } {
  const [state, setState] = useState<Remote<T>>({ status: 'loading', data: null, error: null })
  const [round, setRound] = useState(0)
  const readRef = useRef(read)
  readRef.current = read
  useEffect(() => {
    const controller = new AbortController()
    setState((s) => ({ status: 'loading', data: s.data, error: null }))
    readRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data, error: null }),
      (error: unknown) => !controller.signal.aborted && setState((s) => ({ status: 'failed', data: s.data, error })),
    )
    return () => controller.abort()
  }, [...deps, round])
  const reload = useCallback(() => setRound((n) => n + 1), [])
  return { ...state, reload }
}
