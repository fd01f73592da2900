import { useNavigate, useRouter } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import { cardPaymentMachine } from '../../../machines/checkout/card-payment-machine'
import { chargeMachine } from '../../../machines/checkout/charge-machine'
import { checkoutMachine, type CheckoutLoaded } from '../../../machines/checkout/checkout-machine'
import { couponFits, draftFor, previousAttempt, type CheckoutParams, type StoredAttempt } from '../../../machines/checkout/checkout-rules'
import { couponCheckMachine } from '../../../machines/checkout/coupon-check-machine'
import type { AnalyticsPort } from '../../adapters/analytics'
import { flowInspect } from '../../adapters/flow-recorder'
import { paymentPort } from '../../adapters/payment/create-payment-port'
import type { BrowserPaymentPort } from '../../adapters/payment/payment-port'
import { sessionKeys, type SessionStore } from '../../adapters/session-store'
import type { ApiClient } from '../../api/client'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import type { ClientConfig } from '../../config'
import { IDEMPOTENCY_HEADER } from '../../../contract/calls'
import type { BuySearch } from '../../../contract/buy-search'
import { CheckoutDraft, handoffSearch, PurchaseAttempt, readStored } from '../../../contract/purchase-handoff'
import { buyText } from '../../text/checkout'
import { readSavedSlot } from './checkout-params'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** A message for the page navigated to (e.g. STAFF_DENY back to /support/staff, product.md §8). */
    toast?: string
    /** /buy-complete?type=TIP: the consultant tipped, as /buy named them (the tip ticket has no consultant). */
    tippedStaff?: string
  }
}

/** Session key of the attempt kept across the 3-D Secure redirect and for a reload (product.md §3). */
export const attemptKey = 'mypage.checkoutAttempt' as const
/** Session key of the form as the member left it (戻る, Back or a reload keep the concern text). */
export const draftKey = 'mypage.checkoutDraft' as const

export const scrollTargets = { coupons: 'checkout-coupons', card: 'checkout-card' } as const
const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })

/** The app services the checkout needs (a subset of the router context's). */
export type CheckoutPorts = { config: ClientConfig; api: ApiClient; session: SessionStore; analytics: AnalyticsPort }

/** What /buy's route hands the hook: its context (services, the signed-in member, the resolved hand-off) and its search. */
export type CheckoutRoute = { services: CheckoutPorts; auth: AuthActorRef; checkoutParams: CheckoutParams }

/**
 * The checkout flow's one effects place: the chart and its two child machines with
 * every effect provided here — API calls, the payment port, session storage, scrolling,
 * analytics and navigation. /buy's route calls this hook and renders CheckoutPage.
 */
export function useCheckoutActor({ services, auth, checkoutParams: params }: CheckoutRoute, search: BuySearch) {
  const navigate = useNavigate()
  const router = useRouter()
  const [payment] = useState<BrowserPaymentPort>(() => paymentPort(services.config, services.api))
  const [keySeed] = useState(() => crypto.randomUUID())
  // What the 3-D Secure page appended on its return (read once: the URL is this page load's).
  const [returned] = useState(() => new URLSearchParams(Object.entries(search).filter((e): e is [string, string] => e[1] !== undefined)))
  const email = useSelector(auth, (s) => s.context.member?.email ?? '')
  const { api, session, analytics } = services
  // The form as left on an earlier visit of this purchase (read once, at this page load).
  const [draft] = useState(() => draftFor(readStored(CheckoutDraft, services.session.get(draftKey)), params, Date.now()))

  const saveAttempt = (_: unknown, { attempt }: { attempt: StoredAttempt }) => session.set(attemptKey, JSON.stringify({ ...attempt, savedAt: Date.now() }))
  const clearAttempt = () => session.remove(attemptKey)
  /** The /buy URL the 3-D Secure page returns to: the same hand-off, so the page can reload. */
  const returnUrl = () => `${window.location.origin}${router.buildLocation({ to: '/buy', search: handoffSearch(params) }).href}`

  const actor = useActorRef(
    checkoutMachine.provide({
      actors: {
        // The return from 3-D Secure with its own token, or a reload / Back of the same purchase.
        readStoredAttempt: fromPromise(async () => previousAttempt(readStored(PurchaseAttempt, session.get(attemptKey)), params, payment.returnedToken(returned), Date.now())),
        readAttemptOutcome: fromPromise(async ({ input }: { input: { idempotencyKey: string } }) => api.call('charge-attempt', input)),
        loadCheckout: fromPromise<CheckoutLoaded, CheckoutParams>(async ({ input }) => {
          const chargeData = await api.call('charge-data', {
            productId: input.productId,
            ...(input.staffId ? { staffId: input.staffId } : {}),
            ...(input.parentTicketNumber ? { parentTicketNumber: input.parentTicketNumber } : {}),
          })
          const held = await api.call('user-data', { data: 'MEMBER_COUPON' }).catch(() => ({ couponList: [] }))
          const coupons = (held.couponList ?? []).filter((c) => couponFits(c, chargeData.product))
          return { chargeData, coupons, email, hasSavedSlot: readSavedSlot(session)?.productId === input.productId }
        }),
        couponCheck: couponCheckMachine.provide({
          actors: { validateCoupon: fromPromise(async ({ input }) => api.call('coupon-valid', input)) },
        }),
        cardPayment: cardPaymentMachine.provide({
          actors: {
            createToken: fromPromise(async ({ input }) => payment.createToken(input.holderName)),
            startThreeDSecure: fromPromise(async ({ input }) => payment.startThreeDSecure(input.token, returnUrl())),
            finishThreeDSecure: fromPromise(async ({ input }) => (await api.call('tdsFinish', { tokenId: input.token })).data.data.id),
          },
          actions: { saveAttempt, clearAttempt },
        }),
        charge: chargeMachine.provide({
          actors: { charge: fromPromise(async ({ input }) => api.call('charge', input.payload, { headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey } })) },
        }),
      },
      actions: {
        saveAttempt,
        clearAttempt,
        scrollToCard: () => scrollTo(scrollTargets.card),
        scrollToCoupons: () => scrollTo(scrollTargets.coupons),
        trackPurchase: (_, { response }) => analytics.event('purchase', { productType: response.productType, amount: response.amount }),
        goToComplete: ({ context }, { response }) => {
          // A tip: the consultant /buy named (charge-data's staff, from the rating's staffId). A
          // reload of an attempt already paid has not loaded charge-data: the page shows no name then.
          const tippedStaff = response.productType === 'TIP' ? context.chargeData?.staff?.staffNickname : undefined
          // product.md §4: purchase list and user data are cleared after a charge.
          session.remove(sessionKeys.purchaseList)
          session.remove(sessionKeys.purchaseState)
          session.remove(draftKey)
          // User data: every cached loader result (home's tickets and coupons) is dropped, so the
          // home shows the new ticket without a reload. Invalidate only after leaving /buy — its
          // beforeLoad would otherwise rerun without the purchase state and redirect to the menu.
          void navigate({
            to: '/buy-complete',
            search: { type: response.productType, ticketNumber: response.ticketNumber, ...(response.couponCode ? { couponCode: response.couponCode } : {}) },
            ...(tippedStaff ? { state: (prev) => ({ ...prev, tippedStaff }) } : {}),
            replace: true,
          })
            .then(() => router.invalidate())
        },
        goToError: (_, { code }) => void navigate({ to: '/error', search: { code }, replace: true }),
        goToMenuWithToast: () => void navigate({ to: '/support/menu', state: (prev) => ({ ...prev, displayToast: true }), replace: true }),
        goToStaffWithToast: (_, { productId }) =>
          void navigate({ to: '/support/staff', search: { productId }, state: (prev) => ({ ...prev, toast: buyText.staffDenyToast }) }),
      },
    }),
    { input: { params, keySeed, draft }, inspect: flowInspect },
  )
  // Keep the form's concern text and choices as the member types: 戻る to the staff
  // selection, Back or a reload of this purchase bring them back. Saved only while on the form.
  useEffect(() => {
    let last = ''
    const sub = actor.subscribe((s) => {
      if (!s.matches('ready')) return
      const f = s.context.form
      const state = { concernText: f.concernText, device: f.device, os: f.os, remoteSupport: f.remoteSupport, supportType: f.supportType, saveCard: f.saveCard }
      const json = JSON.stringify(state)
      if (json === last) return
      last = json
      session.set(draftKey, JSON.stringify({ productId: s.context.params.productId, parentTicketNumber: s.context.params.parentTicketNumber, state, savedAt: Date.now() }))
    })
    return () => sub.unsubscribe()
  }, [actor, session])
  return { actor, CardFields: payment.CardFields }
}
