import { lazy, Suspense, useSyncExternalStore } from 'react'

/**
 * The app's one toaster. Any screen calls `toaster.create({ title, type })`; `<AppToaster />` is
 * mounted once in the page frame. Give a toast an `id` to show it at most once (a re-render or
 * StrictMode's double effect then updates it instead of stacking a copy).
 *
 * Chakra's toaster (zag's toast machine, ≈ 8 KB gzip) is loaded with the first toast, not with the
 * entry (docs/performance.md, bundle): `create` queues on that import, then the region mounts.
 */
export type ToastOptions = {
  id?: string
  title: string
  description?: string
  type?: 'info' | 'success' | 'warning' | 'error' | 'loading'
  closable?: boolean
}

const loadRegion = () => import('./toaster-region')

let wanted = false
const listeners = new Set<() => void>()

export const toaster = {
  create(options: ToastOptions): void {
    if (!wanted) {
      wanted = true
      listeners.forEach((notify) => notify())
    }
    void loadRegion().then((region) => region.toaster.create(options))
  },
}

const ToasterRegion = lazy(() => loadRegion().then((region) => ({ default: region.AppToaster })))

const subscribe = (notify: () => void) => {
  listeners.add(notify)
  return () => listeners.delete(notify)
}

export function AppToaster() {
  const needed = useSyncExternalStore(subscribe, () => wanted, () => false)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  )
}
