import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react'

/**
 * A part of a page that is loaded the first time it is needed, not with the entry
 * (docs/performance.md, bundle): the logout dialog, the mobile menu's drawer, the toaster. Once
 * mounted it stays mounted, so its closing animation and focus return still run.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazy(async () => ({ default: await load() }))
  function OnDemand({ needed, ...props }: P & { needed: boolean }): ReactNode {
    const [mounted, setMounted] = useState(needed)
    useEffect(() => {
      if (needed) setMounted(true)
    }, [needed])
    if (!mounted && !needed) return null
    return (
      <Suspense fallback={null}>
        <Part {...(props as P)} />
      </Suspense>
    )
  }
  /** Starts loading without mounting (e.g. when the browser is idle after the page rendered). */
  OnDemand.preload = () => void load()
  return OnDemand
}
