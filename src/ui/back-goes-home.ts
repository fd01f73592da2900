import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/**
 * product.md §2 "A back-button behaviour sends users to / when the usingBackButton state is set": a
 * confirmation page (/buy-complete, /reservationdate-change-complete) pushes a copy of itself
 * marked `usingBackButton`, so Back lands on our own entry first and the app's navigation effects
 * (src/app/navigation-effects.ts) send the member home — never back to the bank's 3-D Secure page
 * (another document the app could not intercept) or to the finished form.
 */
export function useBackGoesHome() {
  const router = useRouter()
  const asked = useRef(false)
  useEffect(() => {
    const { location } = router.history
    if (asked.current || location.state.usingBackButton) return
    asked.current = true
    void router.navigate({ href: location.href, state: { ...location.state, usingBackButton: true } })
  }, [router])
}
