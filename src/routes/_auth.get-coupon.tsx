import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { couponClaimMachine } from '../../machines/coupon-claim/coupon-claim-machine'
import { flowInspect } from '../adapters/flow-recorder'
import { CouponClaimView } from '../features/coupon-claim/coupon-claim-view'

/** The held-coupon cache a checkout may keep; cleared after a claim (spec §4 /get-coupon). */
const COUPON_CACHE_KEY = 'mypage.couponList'

// Under _auth: an anonymous visitor goes to /login and comes back here with the same query.
export const Route = createFileRoute('/_auth/get-coupon')({
  // The router parses a numeric code as a number: keep it a string.
  validateSearch: v.object({
    couponCode: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
  }),
  component: GetCoupon,
})

function GetCoupon() {
  const { services, auth } = Route.useRouteContext()
  const { couponCode } = Route.useSearch()
  const navigate = useNavigate()
  const router = useRouter()
  // React's strict mode restarts the chart's invoked actors once in development: one claim per page.
  const claim = useRef<ReturnType<typeof services.api.call<'get-coupon'>> | null>(null)
  const actor = useActorRef(
    couponClaimMachine.provide({
      actors: {
        claimCoupon: fromPromise(async ({ input }) => {
          const memberId = auth.getSnapshot().context.member?.memberId ?? null
          claim.current ??= services.api.call('get-coupon', { couponCode: input.couponCode, memberId })
          const answer = await claim.current
          return { alreadyCompleted: answer.alreadyCompleted === true }
        }),
        reloadUserData: fromPromise(async () => {
          await services.api.call('user-data', { data: 'MEMBER' })
        }),
      },
      actions: {
        goToNotFound: () => void navigate({ to: '/error', search: { code: 404 }, replace: true }),
        goToLogin: () => void navigate({ to: '/login', search: { redirect: router.state.location.href }, replace: true }),
        goToClaimError: () => void navigate({ to: '/error', search: { code: 'getCoupon' }, replace: true }),
        clearCachedCoupons: () => services.session.remove(COUPON_CACHE_KEY),
        goHome: () => {
          void router.invalidate()
          void navigate({ to: '/', replace: true })
        },
      },
    }),
    { inspect: flowInspect },
  )
  useEffect(() => {
    actor.send({ type: 'link.open', couponCode: couponCode ?? null, signedIn: auth.getSnapshot().matches('signedIn') })
  }, [actor, auth, couponCode])
  const alreadyHeld = useSelector(actor, (s) => s.matches('alreadyHeld'))
  return <CouponClaimView alreadyHeld={alreadyHeld} />
}
