import { useNavigate, useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { checkoutMachine, type CheckoutLoaded } from '../../../machines/checkout/checkout-machine'
import { couponFits, previousAttempt, type CheckoutParams, type StoredAttempt } from '../../../machines/checkout/checkout-rules'
import { paymentPort } from '../../adapters/payment/create-payment-port'
import type { BrowserPaymentPort } from '../../adapters/payment/payment-port'
import { sessionKeys } from '../../adapters/session-store'
import { IDEMPOTENCY_HEADER } from '../../contract/calls'
import type { AnalyticsPort } from '../../adapters/analytics'
import type { SessionStore } from '../../adapters/session-store'
import type { ApiClient } from '../../api/client'
import type { ClientConfig } from '../../config'
import { buyText } from '../../text/checkout'
import { parsePurchaseState, parseStoredAttempt } from './checkout-params'
import { flowInspect } from '../../adapters/flow-recorder'

/** Session key of the attempt kept across the 3-D Secure redirect (spec §3). */
export const attemptKey = 'mypage.checkoutAttempt' as const

export const scrollTargets = { coupons: 'checkout-coupons', card: 'checkout-card' } as const
const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })

/** The /buy URL that the 3-D Secure page returns to (same params, so the page can reload). */
function returnUrl(params: CheckoutParams): string {
  const q = new URLSearchParams({ productId: params.productId })
  if (params.reserveNow) q.set('reserveNow', 'true')
  if (params.staffId) q.set('staffId', params.staffId)
  if (params.parentTicketNumber) q.set('parentTicketNumber', params.parentTicketNumber)
  if (params.reservationTime) q.set('reservationTime', params.reservationTime)
  if (params.supportType) q.set('supportType', params.supportType)
  return `${window.location.origin}/buy?${q.toString()}`
}

/**
 * The checkout chart with its effects provided at the edge: API calls, the payment port, session
 * storage, scrolling, analytics and navigation.
 */
/** The app services the checkout needs (a subset of the router context's). */
export type CheckoutPorts = { config: ClientConfig; api: ApiClient; session: SessionStore; analytics: AnalyticsPort }

export function useCheckout(services: CheckoutPorts, params: CheckoutParams, email: string, returned: URLSearchParams) {
  const navigate = useNavigate()
  const router = useRouter()
  const [payment] = useState<BrowserPaymentPort>(() => paymentPort(services.config, services.api))
  const [keySeed] = useState(() => crypto.randomUUID())
  const { api, session, analytics } = services

  const actor = useActorRef(
    checkoutMachine.provide({
      actors: {
        // The return from 3-D Secure with its own token, or a reload / Back of the same purchase.
        readStoredAttempt: fromPromise(async () => previousAttempt(parseStoredAttempt(session.get(attemptKey)), params, payment.returnedToken(returned), Date.now())),
        readAttemptOutcome: fromPromise(async ({ input }: { input: { idempotencyKey: string } }) => api.call('charge-attempt', input)),
        loadCheckout: fromPromise<CheckoutLoaded, CheckoutParams>(async ({ input }) => {
          const chargeData = await api.call('charge-data', { productId: input.productId, ...(input.staffId ? { staffId: input.staffId } : {}) })
          const held = await api.call('user-data', { data: 'MEMBER_COUPON' }).catch(() => ({ couponList: [] }))
          const coupons = (held.couponList ?? []).filter((c) => couponFits(c, chargeData.product))
          const slot = parsePurchaseState(session.get(sessionKeys.purchaseState))
          return { chargeData, coupons, email, hasSavedSlot: slot?.productId === input.productId }
        }),
        validateCoupon: fromPromise<{ couponAvailable: boolean; couponPrice: number }, { productId: string; couponCode: string }>(async ({ input }) => api.call('coupon-valid', input)),
        createToken: fromPromise(async ({ input }: { input: { holderName: string } }) => payment.createToken(input.holderName)),
        startThreeDSecure: fromPromise(async ({ input }: { input: { token: string } }) => payment.startThreeDSecure(input.token, returnUrl(params))),
        finishThreeDSecure: fromPromise(async ({ input }: { input: { token: string } }) => (await api.call('tdsFinish', { tokenId: input.token })).data.data.id),
        charge: fromPromise(async ({ input }) => api.call('charge', input.payload, { headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey } })),
      },
      actions: {
        saveAttempt: (_, { attempt }: { attempt: StoredAttempt }) => session.set(attemptKey, JSON.stringify({ ...attempt, savedAt: Date.now() })),
        clearAttempt: () => session.remove(attemptKey),
        scrollToCard: () => scrollTo(scrollTargets.card),
        scrollToCoupons: () => scrollTo(scrollTargets.coupons),
        trackPurchase: (_, { response }) => analytics.event('purchase', { productType: response.productType, amount: response.amount }),
        goToComplete: (_, { response }) => {
          // spec §4: purchase list and user data are cleared after a charge.
          session.remove(sessionKeys.purchaseList)
          session.remove(sessionKeys.purchaseState)
          // User data: every cached loader result (home's tickets and coupons) is dropped, so the
          // home shows the new ticket without a reload. Invalidate only after leaving /buy — its
          // beforeLoad would otherwise rerun without the purchase state and redirect to the menu.
          void navigate({ to: '/buy-complete', search: { type: response.productType, ...(response.couponCode ? { couponCode: response.couponCode } : {}) }, replace: true })
            .then(() => router.invalidate())
        },
        goToError: (_, { code }) => void navigate({ to: '/error', search: { code }, replace: true }),
        goToMenuWithToast: () => void navigate({ to: '/support/menu', state: (prev) => ({ ...prev, displayToast: true }), replace: true }),
        goToStaffWithToast: (_, { productId }) =>
          void navigate({ to: '/support/staff', search: { productId }, state: (prev) => ({ ...prev, toast: buyText.staffDenyToast }) }),
      },
    }),
    { input: { params, keySeed }, inspect: flowInspect },
  )
  return { actor, payment }
}
