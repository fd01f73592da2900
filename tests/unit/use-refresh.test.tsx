import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useFresh, useRefresh } from '../../src/ui/use-refresh'

// How a page reads itself again (decision 121): on a timer while in view and when it comes back
// into view (useRefresh), in place (useFresh): a failed read keeps the page, a newer load wins.

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  setVisibility('visible')
})

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
}

describe('useRefresh', () => {
  function Page({ refresh, active = true }: { refresh: () => void; active?: boolean }) {
    useRefresh(refresh, 30_000, active)
    return null
  }

  it('every period while in view; nothing while out of view; at once when back in view', () => {
    const refresh = vi.fn()
    render(<Page refresh={refresh} />)
    vi.advanceTimersByTime(29_999)
    expect(refresh).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    setVisibility('hidden')
    vi.advanceTimersByTime(90_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    setVisibility('visible')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('not while inactive', () => {
    const refresh = vi.fn()
    render(<Page refresh={refresh} active={false} />)
    vi.advanceTimersByTime(120_000)
    document.dispatchEvent(new Event('visibilitychange'))
    expect(refresh).not.toHaveBeenCalled()
  })
})

describe('useFresh', () => {
  let refreshNow: () => void = () => {}
  function Page({ initial, read }: { initial: { n: string }; read: () => Promise<{ n: string }> }) {
    const [shown, refresh] = useFresh(initial, read)
    refreshNow = refresh
    return <p>{shown.n}</p>
  }
  const flush = () => act(async () => {})

  it('shows the load, then each answer read again; a failed read keeps what is shown', async () => {
    const load = { n: 'loaded' }
    const read = vi.fn<() => Promise<{ n: string }>>().mockResolvedValueOnce({ n: 'fresh' }).mockRejectedValueOnce(new Error('offline'))
    render(<Page initial={load} read={read} />)
    expect(screen.getByText('loaded')).toBeTruthy()
    refreshNow()
    await flush()
    expect(screen.getByText('fresh')).toBeTruthy()
    refreshNow()
    await flush()
    expect(screen.getByText('fresh')).toBeTruthy()
  })

  it('a newer load (the page loaded again) replaces what was read before it', async () => {
    const read = vi.fn(async () => ({ n: 'fresh' }))
    const { rerender } = render(<Page initial={{ n: 'loaded' }} read={read} />)
    refreshNow()
    await flush()
    expect(screen.getByText('fresh')).toBeTruthy()
    rerender(<Page initial={{ n: 'reloaded' }} read={read} />)
    expect(screen.getByText('reloaded')).toBeTruthy()
  })

  it('an answer older than the one shown is dropped', async () => {
    const answers: ((v: { n: string }) => void)[] = []
    const read = () => new Promise<{ n: string }>((resolve) => answers.push(resolve))
    render(<Page initial={{ n: 'loaded' }} read={read} />)
    refreshNow()
    refreshNow()
    answers[1]({ n: 'second' })
    await flush()
    answers[0]({ n: 'first' })
    await flush()
    expect(screen.getByText('second')).toBeTruthy()
  })
})
