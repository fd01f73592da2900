import { useNavigate, useRouter } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { authView } from '../../../machines/auth/auth-view'
import { couponClaimMachine } from '../../../machines/coupon-claim/coupon-claim-machine'
import { couponClaimView } from '../../../machines/coupon-claim/coupon-claim-view'
import { flowInspect } from '../../adapters/flow-recorder'
import type { ApiClient } from '../../api/client'

/** The ports the coupon claim uses (the app's services satisfy it). */
export type CouponClaimPorts = { api: ApiClient }

/**
 * The coupon-claim chart with its effects: the one place of the flow that calls the API and
 * `.provide`. Sends `link.open` for the page's `?couponCode=`; returns whether the
 * member already holds the coupon (the page then says so).
 */
export function useCouponClaimActor({ api }: CouponClaimPorts, auth: AuthActorRef, couponCode: string | undefined) {
  const navigate = useNavigate()
  const router = useRouter()
  // React's strict mode restarts the chart's invoked actors once in development: one claim per page.
  const claim = useRef<ReturnType<typeof api.call<'get-coupon'>> | null>(null)
  const actor = useActorRef(
    couponClaimMachine.provide({
      actors: {
        claimCoupon: fromPromise(async ({ input }) => {
          const memberId = auth.getSnapshot().context.member?.memberId ?? null
          claim.current ??= api.call('get-coupon', { couponCode: input.couponCode, memberId })
          const answer = await claim.current
          return { alreadyCompleted: answer.alreadyCompleted === true }
        }),
      },
      actions: {
        goToNotFound: () => void navigate({ to: '/error', search: { code: 404 }, replace: true }),
        goToLogin: () => void navigate({ to: '/login', search: { redirect: router.state.location.href }, replace: true }),
        goToClaimError: () => void navigate({ to: '/error', search: { code: 'getCoupon' }, replace: true }),
        goHome: () => {
          void router.invalidate()
          // Home says the coupon was added (coupon-claimed-toast.ts).
          void navigate({ to: '/', replace: true, state: { couponClaimed: true } })
        },
      },
    }),
    { inspect: flowInspect },
  )
  useEffect(() => {
    actor.send({ type: 'link.open', couponCode: couponCode ?? null, signedIn: authView.isSignedIn(auth.getSnapshot()) })
  }, [actor, auth, couponCode])
  return useSelector(actor, couponClaimView.isAlreadyHeld)
}
