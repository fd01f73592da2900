// Spec rules of the checkout chart (product.md §2 "/buy details", §3 charge request, §4 Payment and
// Coupon in payment, §8 charge errors; idempotency; the §9 retries are the charge child's: charge.spec-rules.ts), judged on every
// generated path. Only event types, actor names (charge, cardPayment,
// couponCheck, loadCheckout, readAttemptOutcome), goTo*/track* names and params, tags and the
// final output — never state names. The child machines are black boxes here: what the checkout
// sends them and what it does with their result.
import { createMachine, type AnyMachineSnapshot } from 'xstate'
import { amountDue } from '../../machines/checkout/checkout-context'
import { checkoutMachine, initialCheckoutContext, type CheckoutLoaded } from '../../machines/checkout/checkout-machine'
import { ApiError } from '../../src/api/api-error'
import type { ChargeRequest, ChargeResponse } from '../../contract/calls'
import { CONCERN_MAX } from '../../contract/fields'
import { boundary, textsAround } from './boundaries'
import type { ModelConfig } from './model'
import { actions, calls, destinations, httpStatus, isClient, type ChartSpec, type Observation, type SpecRules } from './observe'
import { attempt, loaded, loadedFree, loadedNoSlot, loadedSaved, params, response } from './checkout-fixtures'

type Any = any // eslint-disable-line @typescript-eslint/no-explicit-any

// The traversal does not hand `input` to every snapshot it makes: the chart starts with its
// context built from the input.
const machine = createMachine({ ...checkoutMachine.config, context: initialCheckoutContext({ params, keySeed: 'page' }) }, checkoutMachine.implementations as never)

const coupon = { code: 'WELCOME500', price: 5000 }
// The charge child's answers (its own retries and rules: charge.spec-rules.ts).
const charged = { outcome: 'charged', response }
const declined = { outcome: 'failed' }
const couponDenied = { outcome: 'couponDenied' }
const unanswered = { outcome: 'unanswered' }
const charge = {
  done: [charged, declined, { outcome: 'staffDenied', message: 'STAFF_DENY' }, couponDenied, unanswered],
  error: [new Error('charge broke')],
}
const couponCheck = { done: [{ outcome: 'applied', couponCode: coupon.code, couponPrice: coupon.price }, { outcome: 'unavailable', couponCode: coupon.code }, { outcome: 'failed', code: 503 }], error: [] as unknown[] }
const cardPayment = { done: [{ outcome: 'finished', token: 'tok_new' }, { outcome: 'tokenRefused', message: 'カード番号が正しくありません。' }, { outcome: 'failed' }], error: [new Error('card payment broke')] }
const fresh = { done: [null] }
const attemptOutcome = { done: [{ status: 'SUCCEEDED', result: response }, { status: 'FAILED', result: null }], error: [new ApiError(500, 'boom')] }
const promptEvents = { 'pay.submit': [{}], 'prompt.useCoupon': [{}], 'prompt.skip': [{}], 'prompt.close': [{}] }

// What the rules track is part of a state's identity (so paths reach the charge with and without
// an applied coupon, with each card), the rest is merged so each graph stays small.
const cardParts = (c: Any) => Number(c.form.card.number) + Number(c.form.card.expiry) + Number(c.form.card.cvc)
const identity = (s: AnyMachineSnapshot, ...more: unknown[]) => {
  const c = s.context
  return JSON.stringify([s.value, c.applied?.couponCode ?? null, c.coupons.length, c.couponNotice, c.resumed !== null, c.rejoining, ...more])
}

/** Members at /buy: each entry is one situation of product.md §4, its paths every state it can reach. */
const configs: ModelConfig[] = [
  {
    // A saved card and a fitting coupon: the prompt, the coupon check, the saved card or a switch away from it.
    machine,
    events: { ...promptEvents, 'coupon.select': [{ couponCode: coupon.code }], 'coupon.clear': [{}], 'savedCard.toggle': [{ use: false }] },
    // (The coupon check child may also break: the coupon is then unavailable.)
    outcomes: { readAttemptOutcome: attemptOutcome, readStoredAttempt: fresh, loadCheckout: { done: [loadedSaved], error: [] }, couponCheck: { ...couponCheck, error: [new Error('coupon check broke')] }, cardPayment, charge },
    serialize: (s) => identity(s, s.context.form.useSavedCard),
    // Path generation sees an eventless step only when its target is rested in; this one ends in
    // the other named decision, which paths pass through to charging or paying by card.
    exclusions: { 'checkout.checkingCouponOffer always': 'ends in the transient choosingPayment (walked by every pay without a fitting coupon)' },
    limit: 100000,
  },
  {
    // A new card: the three card elements and the holder name, the card payment's three results.
    machine,
    events: {
      ...promptEvents,
      'coupon.select': [{ couponCode: coupon.code }],
      'coupon.clear': [{}],
      'card.change': [{ element: 'number', complete: true }, { element: 'expiry', complete: true }, { element: 'cvc', complete: true }],
      'holderName.change': [{ value: 'TARO YAMADA' }, { value: 'taro' }],
      'holderName.blur': [{}],
      'concern.change': [{ value: 'PCが遅い' }, { value: 'x'.repeat(501) }],
      'tokenError.dismiss': [{}],
    },
    outcomes: { readAttemptOutcome: attemptOutcome, readStoredAttempt: fresh, loadCheckout: { done: [loaded], error: [] }, couponCheck, cardPayment, charge: { done: [charged, declined, couponDenied], error: [] } },
    serialize: (s) => identity(s, cardParts(s.context), s.context.form.holderName, s.context.form.holderNameError, s.context.form.concernText.length, s.context.tokenError !== null),
    limit: 100000,
  },
  {
    // The choices of product.md §3 (device, OS, remote support, support method, saving the card) with a new card and no coupon.
    machine,
    events: {
      'pay.submit': [{}],
      'device.change': [{ value: 'PC' }],
      'os.change': [{ value: 'WINDOWS' }],
      'remoteSupport.change': [{ value: 'WISH' }],
      'supportType.change': [{ value: 'ONLINE' }],
      'saveCard.toggle': [{ save: true }],
      'card.change': [{ element: 'number', complete: true }, { element: 'expiry', complete: true }, { element: 'cvc', complete: true }],
      'holderName.change': [{ value: 'TARO YAMADA' }],
    },
    outcomes: { readAttemptOutcome: attemptOutcome, readStoredAttempt: fresh, loadCheckout: { done: [{ ...loaded, coupons: [] }], error: [] }, couponCheck, cardPayment: { done: [{ outcome: 'finished', token: 'tok_new' }], error: [] }, charge: { done: [charged], error: [] } },
    // The card's progress is counted (each element, then the name), so the paths reach the charge
    // with every combination of the choices.
    serialize: (s) => {
      const f = s.context.form
      return identity(s, f.device, f.os, f.remoteSupport, f.supportType, f.saveCard, cardParts(s.context) + (f.holderName !== '' ? 1 : 0))
    },
    limit: 200000,
  },
  {
    // Nothing to pay (the free interview).
    machine,
    events: { 'pay.submit': [{}] },
    outcomes: { readAttemptOutcome: attemptOutcome, readStoredAttempt: fresh, loadCheckout: { done: [loadedFree], error: [] }, couponCheck, cardPayment, charge },
  },
  {
    // Back from 3-D Secure, or a reload / Back of an attempt already sent; after its failure the
    // member pays again (the coupon prompt skipped) with the saved card.
    machine,
    events: { 'pay.submit': [{}], 'prompt.skip': [{}] },
    outcomes: {
      readStoredAttempt: { done: [{ attempt, returnedFrom3ds: true }, { attempt, returnedFrom3ds: false }] },
      readAttemptOutcome: { done: [{ status: 'SUCCEEDED', result: response }, { status: 'PENDING', result: null }, { status: 'NONE', result: null }, { status: 'FAILED', result: null }], error: [new ApiError(500, 'boom')] },
      loadCheckout: { done: [loadedSaved], error: [] },
      couponCheck, cardPayment,
      charge: { done: [charged, declined, couponDenied, unanswered], error: [new Error('charge broke')] },
    },
    serialize: (s) => identity(s),
    limit: 100000,
  },
  {
    // A card the provider refuses (its message in a modal the member closes) or that fails 3-D
    // Secure, then typed again — an element cleared — and paid again. The attempts are counted so a
    // closed modal is a state of its own.
    machine,
    events: {
      'pay.submit': [{}],
      'card.change': [{ element: 'number', complete: true }, { element: 'expiry', complete: true }, { element: 'cvc', complete: true }, { element: 'number', complete: false }],
      'holderName.change': [{ value: 'TARO YAMADA' }],
      'tokenError.dismiss': [{}],
    },
    outcomes: {
      readAttemptOutcome: attemptOutcome, readStoredAttempt: fresh, loadCheckout: { done: [{ ...loaded, coupons: [] }], error: [] }, couponCheck,
      cardPayment: { done: [{ outcome: 'tokenRefused', message: 'カード番号が正しくありません。' }, { outcome: 'failed' }], error: [] },
      charge: { done: [charged], error: [] },
    },
    serialize: (s) => identity(s, cardParts(s.context) + (s.context.form.holderName !== '' ? 1 : 0), s.context.tokenError !== null, Math.min(s.context.attempts, 2)),
  },
  {
    // The concern text's boundary values (boundaries.ts): CONCERN_MAX characters, one under and one
    // over, each typed on a form that is otherwise payable (a saved card, no coupon to offer), so
    // each is one pay from the charge, and the one over keeps pay disabled.
    machine,
    events: { 'pay.submit': [{}], 'concern.change': [{ value: 'PCが遅い' }, ...boundary(...textsAround(CONCERN_MAX).map((value) => ({ value })))] },
    outcomes: { readAttemptOutcome: attemptOutcome, readStoredAttempt: fresh, loadCheckout: { done: [{ ...loadedSaved, coupons: [] }], error: [] }, couponCheck, cardPayment, charge: { done: [charged], error: [] } },
    serialize: (s) => identity(s, s.context.form.concernText.length),
  },
  {
    // What charge-data can answer (product.md §8) and a SUPPORT product opened without its slot (product.md §4).
    machine,
    events: {},
    outcomes: { readAttemptOutcome: attemptOutcome, readStoredAttempt: fresh, loadCheckout: { done: [loadedNoSlot], error: [new ApiError(400, 'Staff Not Found.'), new ApiError(404, 'product'), new ApiError(500, 'boom')] } },
  },
]

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const loadedOf = (trail: Observation[]): CheckoutLoaded | null => {
  const r = [...trail].reverse().find((o) => o.reply?.call === 'loadCheckout' && o.reply.ok)
  return r ? (r.reply!.output as CheckoutLoaded) : null
}
const handoff = (trail: Observation[]) => trail[0].context.params as typeof params
/** The member started this attempt on this page (not a resumed or rejoined stored attempt). */
const startedHere = (trail: Observation[]) => trail.some((o) => o.event.type === 'pay.submit' || o.event.type === 'prompt.skip')

/** The member took the applied coupon off (「使わない」) at this step, and the page accepted it. */
const clearedAt = (trail: Observation[], i: number) => trail[i].event.type === 'coupon.clear' && i > 0 && trail[i - 1].can.includes('coupon.clear')

/**
 * The coupon applied when the charge is built (product.md §4, §8): the latest coupon check that said
 * applied, unless a later check said otherwise, the member took it off or the server
 * denied it (DENY_COUPON) since.
 */
function appliedCoupon(trail: Observation[]): { code: string; price: number } | null {
  let applied: { code: string; price: number } | null = null
  for (const [i, o] of trail.entries()) {
    if (clearedAt(trail, i)) applied = null
    const r = o.reply
    if (r?.call === 'couponCheck' && r.ok) {
      const out = r.output as Any
      applied = out.outcome === 'applied' ? { code: out.couponCode, price: out.couponPrice } : null
    }
    if (r?.call === 'charge' && r.ok && (r.output as Any).outcome === 'couponDenied') applied = null
  }
  return applied
}

/** What a saved card / nothing to pay / a new card means for the charge (product.md §4). */
function paymentOf(trail: Observation[]) {
  const l = loadedOf(trail)!
  const due = appliedCoupon(trail)?.price ?? l.chargeData.product.price
  const useSaved = l.chargeData.creditcard !== null && !trail.some((o) => o.event.type === 'savedCard.toggle' && o.event.use === false)
  return { due, useSaved, needsCard: due !== 0 && !useSaved, savedCardId: l.chargeData.creditcard?.cardId ?? '' }
}

/** product.md §3 Choices as entered (changing the device resets the OS), and saving a new card (an explicit choice, unticked by default). */
function choicesOf(trail: Observation[], type: string) {
  let device: string | null = null
  let os: string | null = null
  let remoteSupport: string | null = null
  let supportType = 'TEL'
  let saveCard = false
  const osOf: Record<string, string[]> = { PC: ['WINDOWS', 'MAC'], SMARTPHONE: ['ANDROID', 'IOS'], TABLET: ['ANDROID', 'IOS'] }
  for (const { event: e } of trail) {
    if (e.type === 'device.change') [device, os] = [e.value, null]
    if (e.type === 'os.change') os = device && osOf[device].includes(e.value) ? e.value : null
    if (e.type === 'remoteSupport.change') remoteSupport = e.value
    if (e.type === 'supportType.change') supportType = e.value
    if (e.type === 'saveCard.toggle') saveCard = e.save
  }
  const p = handoff(trail)
  const pay = paymentOf(trail)
  return {
    // Device, OS and remote support belong to SUPPORT purchases only (a tip does not ask them).
    contactDevice: type === 'SUPPORT' ? device : null,
    contactOs: type === 'SUPPORT' ? os : null,
    remoteSupport: type === 'SUPPORT' ? remoteSupport : null,
    supportType: type === 'SUPPORT' ? (p.reserveNow && p.supportType ? p.supportType : supportType) : null,
    saveCard: !pay.useSaved && saveCard,
  }
}

/** product.md §4, §5: can the member pay now (pay enabled)? Concern ≤ 500 and a saved card, nothing to pay, or a complete valid new card. */
function payable(trail: Observation[]): boolean {
  let concern = ''
  let name = ''
  let nameError = false
  const card = new Set<string>()
  for (const { event: e } of trail) {
    if (e.type === 'concern.change') concern = e.value
    if (e.type === 'holderName.change') [name, nameError] = [e.value, false]
    if (e.type === 'holderName.blur') nameError = !/^[A-Za-z]+ [A-Za-z]+$/.test(name)
    if (e.type === 'card.change') {
      if (e.complete) card.add(e.element)
      else card.delete(e.element)
    }
  }
  if (concern.length > CONCERN_MAX || !loadedOf(trail)) return false
  const pay = paymentOf(trail)
  return !pay.needsCard || (card.size === 3 && /^[A-Za-z]+ [A-Za-z]+$/.test(name) && !nameError)
}

/** The charge request the spec asks for, built from the hand-off, the load and the member's entries (product.md §3). */
function expectedRequest(trail: Observation[], token: string): Record<string, unknown> {
  const p = handoff(trail)
  const l = loadedOf(trail)!
  const type = l.chargeData.product.productType
  const pay = paymentOf(trail)
  const concern = [...trail].reverse().find((o) => o.event.type === 'concern.change')?.event.value ?? ''
  return {
    productId: p.productId,
    cardId: pay.useSaved ? pay.savedCardId : '',
    cardToken: pay.needsCard ? token : '',
    parentTicketNumber: p.parentTicketNumber,
    staffId: p.staffId,
    couponCode: appliedCoupon(trail)?.code ?? null,
    reservationTime: type === 'SUPPORT' ? (p.reservationTime ?? 'SUPPORT') : type,
    reserveNow: p.reserveNow,
    counsellingComment: type === 'SUPPORT' && concern ? concern : null,
    ...choicesOf(trail, type),
  }
}

/** The fitting held coupons: those loaded, minus any the server denied at the charge (product.md §8 DENY_COUPON). */
function heldCoupons(trail: Observation[]): string[] {
  let held = (loadedOf(trail)?.coupons ?? []).map((c) => c.couponCode)
  let applied: string | null = null
  for (const [i, o] of trail.entries()) {
    if (clearedAt(trail, i)) applied = null
    const r = o.reply
    if (r?.call === 'couponCheck' && r.ok) applied = (r.output as Any).outcome === 'applied' ? (r.output as Any).couponCode : null
    if (r?.call === 'charge' && r.ok && (r.output as Any).outcome === 'couponDenied') held = held.filter((c) => c !== applied)
  }
  return held
}

const FORM_EDITS = ['concern.change', 'device.change', 'os.change', 'remoteSupport.change', 'supportType.change', 'holderName.change', 'holderName.blur', 'card.change', 'savedCard.toggle', 'saveCard.toggle']

const pending = (trail: Observation[], call: string) => {
  let n = 0
  for (const o of trail) {
    n += calls(o, call).length
    if (o.reply?.call === call) n -= 1
  }
  return n > 0
}

export const rules: SpecRules = {
  invariant(o) {
    const v: string[] = []
    const goes = destinations(o)
    if (goes.length > 1) v.push(`goes to ${goes.length} places at once: ${JSON.stringify(goes)}`)
    if (goes.length && !o.done) v.push(`${goes[0].action} ran but the chart goes on`)
    if (o.done && !goes.length) v.push('the chart ended without sending the member anywhere')
    if (o.done && goes.length && !same((o.output as Any)?.goesTo, { goToComplete: '/buy-complete', goToError: '/error', goToMenuWithToast: '/support/menu', goToStaffWithToast: '/support/staff' }[goes[0].action]))
      v.push(`the final output ${JSON.stringify(o.output)} does not say where ${goes[0].action} took the member`)
    return v
  },
  afterStep({ event, before, after, trail }) {
    const v: string[] = []
    const goes = destinations(after)
    const charges = calls(after, 'charge')
    const r = after.reply

    // §3/§4: the charge the member started here carries the hand-off, the payment and the applied coupon.
    for (const c of charges) {
      const input = c.input as { payload: ChargeRequest; idempotencyKey: string }
      if (startedHere(trail)) {
        const token = [...trail].reverse().find((o) => o.reply?.call === 'cardPayment' && o.reply.ok)?.reply?.output as Any
        const expected = expectedRequest(trail, token?.token ?? '')
        const sent = Object.fromEntries(Object.keys(expected).map((k) => [k, (input.payload as Any)[k]]))
        if (!same(sent, expected)) v.push(`the charge request must carry the hand-off, the payment and the applied coupon: expected ${JSON.stringify(expected)}, sent ${JSON.stringify(sent)}`)
      }
      // Resumed or rejoined: the stored attempt's own payload and key, never a new purchase.
      if (!startedHere(trail) && !same(input, { payload: { ...attempt.payload }, idempotencyKey: attempt.idempotencyKey }) && !same(input.idempotencyKey, attempt.idempotencyKey))
        v.push(`a stored attempt is charged with its own key and payload, sent ${JSON.stringify(input)}`)
    }
    // §4: a saved card or nothing to pay is charged directly; a new card goes through the card payment first.
    if (charges.length && startedHere(trail) && (event.type === 'pay.submit' || event.type === 'prompt.skip') && paymentOf(trail).needsCard)
      v.push('a new card must be tokenized and pass 3-D Secure before the charge')
    if (calls(after, 'cardPayment').length && startedHere(trail) && (event.type === 'pay.submit' || event.type === 'prompt.skip') && !paymentOf(trail).needsCard)
      v.push(`with ${paymentOf(trail).due === 0 ? 'nothing to pay' : 'the saved card'} no card payment (token, 3-D Secure) is made`)

    // §4: a fitting held coupon that is not applied opens the prompt: pay sends nothing yet.
    if (event.type === 'pay.submit' && heldCoupons(trail).length && !appliedCoupon(trail) && after.sent.length)
      v.push(`an unapplied fitting coupon must be offered before paying, sent ${after.sent.map((s) => s.call)}`)
    if (event.type === 'prompt.close' || event.type === 'prompt.useCoupon') {
      if (after.sent.length) v.push(`${event.type} cancels the attempt: nothing is sent, sent ${after.sent.map((s) => s.call)}`)
    }
    // §4: a pay click while a payment is under way is ignored.
    if (event.type === 'pay.submit' && (pending(trail.slice(0, -1), 'charge') || pending(trail.slice(0, -1), 'cardPayment') || pending(trail.slice(0, -1), 'couponCheck')) && after.sent.length)
      v.push(`a pay click while busy must send nothing, sent ${after.sent.map((s) => s.call)}`)
    // Member edits never leave the page or call anything but the coupon check.
    if (!event.type.startsWith('xstate.') && goes.length) v.push(`${event.type} must not leave the page, did ${JSON.stringify(goes)}`)

    // The form: an edit keeps the form on screen (the same fields accepted) and sends nothing.
    if (FORM_EDITS.includes(event.type) && before && before.can.some((t) => FORM_EDITS.includes(t))) {
      if (after.sent.length) v.push(`${event.type} sends nothing, sent ${after.sent.map((s) => s.call)}`)
      const lost = before.can.filter((t) => FORM_EDITS.includes(t) && !after.can.includes(t))
      if (lost.length) v.push(`${event.type} must keep the form: ${lost} no longer accepted`)
    }
    // §4: pay (or skipping the coupon) on a payable form starts the payment at once, or first offers an unapplied fitting coupon.
    const idle = before && !pending(trail.slice(0, -1), 'charge') && !pending(trail.slice(0, -1), 'cardPayment') && !pending(trail.slice(0, -1), 'couponCheck') && !pending(trail.slice(0, -1), 'loadCheckout')
    const promptOpen = !!before?.can.includes('prompt.skip')
    if (idle && ((event.type === 'pay.submit' && !promptOpen && before.can.some((t) => FORM_EDITS.includes(t))) || (event.type === 'prompt.skip' && promptOpen))) {
      const starts = after.sent.map((x) => x.call)
      const offers = event.type === 'pay.submit' && heldCoupons(trail).length > 0 && !appliedCoupon(trail)
      if (starts.some((c) => c !== 'charge' && c !== 'cardPayment')) v.push(`paying starts only the card payment or the charge, sent ${starts}`)
      if (payable(trail) && offers && !(after.can.includes('prompt.skip') && !starts.length)) v.push('an unapplied fitting coupon is offered before paying (product.md §4)')
      if (payable(trail) && !offers && starts.length !== 1) v.push(`a payable form pays at once, sent ${starts}`)
      if (!payable(trail) && (starts.length || after.can.includes('prompt.skip'))) v.push('pay is disabled until the card, the name and the concern are valid (product.md §4, §5)')
    }
    // §4: pay is enabled exactly when the form is payable, whenever the form is on screen and idle.
    if (after.can.includes('holderName.change') && !after.tags.includes('busy') && after.can.includes('pay.submit') !== payable(trail))
      v.push(payable(trail) ? 'a payable form must let the member pay' : 'pay is disabled until the card, the name and the concern are valid (product.md §4, §5)')
    // 「使わない」: an applied coupon can be taken off on the form — never while a payment or a
    // coupon check runs; then the full price is due, the notice is gone, nothing is sent, and the
    // coupon stays held (the charge sent afterwards carries no coupon: expectedRequest above).
    const busy = pending(trail, 'charge') || pending(trail, 'cardPayment') || pending(trail, 'couponCheck') || after.done || after.can.includes('prompt.skip')
    const mayClear = appliedCoupon(trail) !== null && !busy && after.can.some((t) => FORM_EDITS.includes(t))
    if (after.can.includes('coupon.clear') !== mayClear)
      v.push(mayClear ? 'an applied coupon can be taken off on the form' : `the coupon cannot be taken off ${appliedCoupon(trail) ? 'while paying' : 'when none is applied'}`)
    if (event.type === 'coupon.clear' && before?.can.includes('coupon.clear')) {
      const l = loadedOf(trail)
      if (l && amountDue(after.context) !== l.chargeData.product.price) v.push(`after taking the coupon off the full price is due, due ${amountDue(after.context)}`)
      if (after.context.couponNotice !== null) v.push('after taking the coupon off no coupon notice shows')
      if (after.sent.length || goes.length) v.push(`taking the coupon off sends nothing and stays, sent ${after.sent.map((x) => x.call)}`)
      if (!same(after.context.coupons.map((c: Any) => c.couponCode), heldCoupons(trail))) v.push('a coupon taken off stays held for a later purchase')
    }
    if (event.type === 'prompt.useCoupon' && !actions(after, 'scrollToCoupons').length) v.push('「クーポンを使う」 scrolls to the coupon section (product.md §4)')
    if (event.type === 'tokenError.dismiss' && after.context.tokenError !== null) v.push('closing the token error modal closes it')
    // §5: leaving the holder name shows whether it is valid (two words of Latin letters).
    if (event.type === 'holderName.blur' && before?.can.includes('holderName.change')) {
      const name = [...trail].reverse().find((o) => o.event.type === 'holderName.change')?.event.value ?? after.context.form.holderName
      if (after.context.form.holderNameError !== !/^[A-Za-z]+ [A-Za-z]+$/.test(name)) v.push(`the holder name ${JSON.stringify(name)} is ${after.context.form.holderNameError ? 'valid but shown in error' : 'invalid but shown without its error'}`)
    }
    // The stored token finishes 3-D Secure only for the attempt the page came back with, right after
    // its first load: any later card payment starts afresh (a stale token would finish another attempt).
    for (const c of calls(after, 'cardPayment')) {
      const returned = (c.input as Any).returnedToken
      const firstLoad = r?.call === 'loadCheckout' && !trail.slice(0, -1).some((o) => calls(o, 'charge').length || calls(o, 'cardPayment').length)
      const back = (trail.find((o) => o.reply?.call === 'readStoredAttempt')?.reply?.output as Any)?.returnedFrom3ds === true
      if (returned !== null && !(firstLoad && back)) v.push(`a card payment on ${r ? `${r.call} ${r.ok ? 'ok' : 'failed'}` : event.type} finishes the stored 3-D Secure token ${returned}: only the attempt the page came back with does`)
    }
    // §4: a failed attempt leaves session storage, and with it the attempt the page came back with
    // from 3-D Secure: the page holds it no longer (or a later lookup or card payment would take
    // that attempt up again).
    if ((actions(after, 'clearAttempt').length || (after.tags.includes('paymentProblem') && !before?.tags.includes('paymentProblem'))) && after.context.resumed !== null)
      v.push('the attempt is dropped but the page still holds it as the one back from 3-D Secure')
    // A broken coupon check: the coupon cannot be applied; no payment problem, the member stays.
    if (r?.call === 'couponCheck' && !r.ok) {
      if (after.tags.includes('paymentProblem') || goes.length || after.sent.length) v.push('a broken coupon check keeps the form, without a payment problem, and sends nothing')
      if (after.context.couponNotice !== 'unavailable' || after.context.applied !== null) v.push('a broken coupon check says the coupon is unavailable')
    }
    if (event.type === 'coupon.select' && before?.can.includes('coupon.select') && idle && !same(after.sent, [{ call: 'couponCheck', input: { productId: handoff(trail).productId, couponCode: event.couponCode } }]))
      v.push(`choosing a coupon checks that coupon for the product, sent ${JSON.stringify(after.sent)}`)
    // Saved before the charge is sent: a reload finds the attempt.
    for (const c of charges) {
      const key = (c.input as Any).idempotencyKey
      if (startedHere(trail) && !trail.some((o) => actions(o, 'saveAttempt').some((d) => (d.params as Any).attempt.idempotencyKey === key))) v.push('the attempt is stored before its charge is sent')
    }
    // a stored attempt is looked up by its key; its answer decides.
    if (r?.call === 'readStoredAttempt' && r.ok) {
      const want = r.output ? [{ call: 'readAttemptOutcome', input: { idempotencyKey: (r.output as Any).attempt.idempotencyKey } }] : [{ call: 'loadCheckout', input: handoff(trail) }]
      if (!same(after.sent, want)) v.push(`${r.output ? 'a stored attempt is looked up by its key' : 'without a stored attempt the page loads'}: sent ${JSON.stringify(after.sent)}`)
    }
    if (r?.call === 'readAttemptOutcome' && r.ok && (r.output as Any).status !== 'SUCCEEDED') {
      const stored = trail.find((o) => o.reply?.call === 'readStoredAttempt')?.reply?.output as Any
      const status = (r.output as Any).status
      const dropped = status === 'FAILED' || (status === 'NONE' && !stored?.returnedFrom3ds)
      if (dropped && !actions(after, 'clearAttempt').length) v.push(`an attempt the server ${status === 'FAILED' ? 'failed' : 'never saw'} is dropped from session storage`)
      if (!dropped && actions(after, 'clearAttempt').length) v.push('an attempt still under way is kept')
      if (!calls(after, 'loadCheckout').length) v.push('the page loads after the lookup')
    }
    // (The first load of the page: after an unanswered charge the lookup repeats and the same key is charged again.)
    if (r?.call === 'loadCheckout' && r.ok && !trail.slice(0, -1).some((o) => calls(o, 'charge').length)) {
      const stored = trail.find((o) => o.reply?.call === 'readStoredAttempt')?.reply?.output as Any
      const lookup = [...trail].reverse().find((o) => o.reply?.call === 'readAttemptOutcome')?.reply
      const status = lookup?.ok ? (lookup.output as Any).status : 'UNKNOWN'
      const key = stored?.attempt.idempotencyKey
      const want = !stored || status === 'FAILED' || (status === 'NONE' && !stored.returnedFrom3ds) ? 'form'
        : status === 'PENDING' ? 'charge' : stored.returnedFrom3ds ? 'cardPayment' : 'form'
      const sent = after.sent.map((x) => x.call)
      if (want === 'form' && sent.length) v.push(`the form shows, nothing sent, sent ${sent}`)
      if (want === 'charge' && !same(after.sent.map((x) => (x.input as Any).idempotencyKey), [key])) v.push(`an attempt still being charged is charged again with its key ${key}, sent ${JSON.stringify(after.sent)}`)
      if (want === 'cardPayment' && !same(after.sent.map((x) => [x.call, (x.input as Any).returnedToken]), [['cardPayment', stored.attempt.token]])) v.push(`back from 3-D Secure the card payment is finished with the stored token, sent ${JSON.stringify(after.sent)}`)
    }
    if (r?.call === 'cardPayment' && r.ok && (r.output as Any).outcome !== 'finished' && after.sent.length) v.push(`a card that did not pass sends nothing, sent ${after.sent.map((x) => x.call)}`)
    if (r?.call === 'couponCheck' && r.ok) {
      if (after.tags.includes('paymentProblem')) v.push('a coupon answer shows no payment problem')
      const out = r.output as Any
      if (out.outcome === 'applied' && after.context.couponNotice !== 'applied') v.push('an applied coupon says so (product.md §4)')
      if (out.outcome === 'unavailable' && after.context.couponNotice !== 'unavailable') v.push('an unavailable coupon says so (product.md §8)')
    }
    // product.md §8 "any other failure": a card payment that broke shows the payment problem and clears the attempt.
    if (r?.call === 'cardPayment' && !r.ok) {
      if (goes.length || after.sent.length) v.push(`a broken card payment stays on /buy and sends nothing, did ${JSON.stringify(goes)}, sent ${after.sent.map((x) => x.call)}`)
      if (!after.tags.includes('paymentProblem')) v.push('a broken card payment shows the payment-problem message')
      if (!actions(after, 'clearAttempt').length) v.push('a broken card payment clears the stored attempt')
    }
    // product.md §4: session storage cleared after a failed attempt (never after no answer: the key is asked about).
    const outcome = r?.call === 'charge' && r.ok ? (r.output as Any).outcome : null
    if (outcome && outcome !== 'charged' && outcome !== 'unanswered' && !actions(after, 'clearAttempt').length) v.push('a failed charge clears the stored attempt (product.md §4)')

    // §4 completion: only a successful charge, or an attempt the server says is paid, reaches /buy-complete.
    const complete = actions(after, 'goToComplete')
    const paidBefore = r?.call === 'readAttemptOutcome' && r.ok && (r.output as Any).status === 'SUCCEEDED'
    if (complete.length && outcome !== 'charged' && !paidBefore) v.push(`/buy-complete without a successful charge (${r ? `${r.call} ${r.ok ? 'ok' : 'failed'}` : event.type})`)
    if (r?.call === 'charge' && !r.ok) {
      // The charge child broke: the payment-problem message, the attempt cleared, never the complete page.
      if (goes.length) v.push(`a broken charge keeps the member on the form, did ${JSON.stringify(goes)}`)
      if (!after.tags.includes('paymentProblem')) v.push('a broken charge shows the payment-problem message')
      if (!actions(after, 'clearAttempt').length) v.push('a broken charge clears the stored attempt (product.md §4)')
    }
    if (outcome) {
      const out = r!.output as Any
      if (outcome === 'charged') {
        const res = out.response as ChargeResponse
        if (!same(complete, [{ action: 'goToComplete', params: { response: res } }])) v.push(`a successful charge goes to /buy-complete with its response, did ${JSON.stringify(goes)}`)
        if (!same(actions(after, 'trackPurchase'), [{ action: 'trackPurchase', params: { response: res } }])) v.push('a successful charge sends one analytics event (§4)')
      } else if (outcome === 'staffDenied') {
        if (!same(goes, [{ action: 'goToStaffWithToast', params: { productId: handoff(trail).productId, message: out.message } }])) v.push(`STAFF_DENY returns to /support/staff?productId with a toast (§8), did ${JSON.stringify(goes)}`)
      } else if (outcome === 'couponDenied') {
        if (goes.length || after.sent.length) v.push(`DENY_COUPON keeps the member on the form without the coupon, nothing sent (§8), sent ${after.sent.map((x) => x.call)}`)
        if (after.context.couponNotice !== 'denied') v.push('DENY_COUPON says the coupon cannot be applied (§8)')
      } else if (outcome === 'unanswered') {
        // No answer from our server: the outcome is unknown, the server is asked what became of
        // the key, and the attempt is never dropped for a new key (a second charge).
        if (!same(calls(after, 'readAttemptOutcome').map((c) => c.input), [{ idempotencyKey: before?.context.idempotencyKey }])) v.push('a charge without an answer asks the server about its key')
        if (actions(after, 'clearAttempt').length) v.push('a charge without an answer keeps its attempt (a new key would charge twice)')
      } else {
        // §8 any other failure (a declined card…): the payment-problem message, never the complete page.
        if (goes.length) v.push(`a failed charge keeps the member on the form, did ${JSON.stringify(goes)}`)
        if (!after.tags.includes('paymentProblem')) v.push('a failed charge shows the payment-problem message')
        // The form is offered again: payable at once, or the new card's fields shown to type the card again.
        if (!after.can.includes('pay.submit') && !after.can.includes('card.change') && after.context.form.useSavedCard) v.push('after a failed charge the form can be used again')
        // The member's card choice is kept — a retry must not charge the saved card instead of the card just typed.
        const sent = [...trail].reverse().flatMap((o) => calls(o, 'charge'))[0]?.input as Any
        if (sent?.payload?.cardId === '' && sent?.payload?.cardToken && after.context.form.useSavedCard) v.push('after a failed charge with a new card the form keeps the new card, not the saved one')
      }
    }
    // §8 3-D Secure: a failed finish shows the payment problem, nothing is charged; a token error shows the provider's message.
    if (r?.call === 'cardPayment' && r.ok) {
      const out = r.output as Any
      if (out.outcome === 'failed') {
        if (charges.length || goes.length) v.push('a 3-D Secure failure charges nothing and stays on /buy')
        if (!after.tags.includes('paymentProblem')) v.push('a 3-D Secure failure returns to the form with the payment-problem message')
        if (after.context.form.useSavedCard) v.push('after a failed 3-D Secure check the form keeps the new card, not the saved one')
      }
      if (out.outcome === 'tokenRefused') {
        if (charges.length || goes.length) v.push('a refused card charges nothing and stays on /buy')
        if (after.context.tokenError !== out.message) v.push(`the provider's message is shown in the error modal, showed ${JSON.stringify(after.context.tokenError)}`)
      }
      if (out.outcome === 'finished' && !charges.length) v.push('a finished 3-D Secure is charged at once')
    }
    // §8 coupon validity: unavailable stays; a non-4xx goes to the error page with its status.
    if (r?.call === 'couponCheck' && r.ok) {
      const out = r.output as Any
      if (out.outcome === 'failed' && !same(goes, [{ action: 'goToError', params: { code: out.code } }])) v.push(`a failed coupon check goes to /error?code=${out.code}, did ${JSON.stringify(goes)}`)
      if (out.outcome !== 'failed' && goes.length) v.push('a coupon check answer keeps the member on the form')
      if (out.outcome === 'applied' && !actions(after, 'scrollToCard').length) v.push('an applied coupon scrolls to the card section (§4)')
    }
    // §8 charge-data: 'Staff Not Found.' → 404; other 4xx → menu with toast; else its status. §4: SUPPORT without a slot → menu.
    if (r?.call === 'loadCheckout') {
      const status = httpStatus(r.error)
      const want = r.ok
        ? (r.output as CheckoutLoaded).chargeData.product.productType === 'SUPPORT' && !handoff(trail).reserveNow && !(r.output as CheckoutLoaded).hasSavedSlot
          ? [{ action: 'goToMenuWithToast', params: undefined }]
          : []
        : status === 400 && String((r.error as Any).message).includes('Staff Not Found.')
          ? [{ action: 'goToError', params: { code: 404 } }]
          : isClient(status)
            ? [{ action: 'goToMenuWithToast', params: undefined }]
            : [{ action: 'goToError', params: { code: status } }]
      if (!same(goes, want)) v.push(`after charge-data ${r.ok ? 'ok' : status} the member must go to ${JSON.stringify(want)}, did ${JSON.stringify(goes)}`)
    }
    return v
  },
}

export const spec: ChartSpec = { configs, rules }
