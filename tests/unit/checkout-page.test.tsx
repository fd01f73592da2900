// /buy as a member sees it (payment and confirmation): the amount on the pay button,
// "save this card" unticked by default, a tip without the SUPPORT-only selects and naming the
// consultant tipped, and a failed payment's error focused where the eye is with the card kept.
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { cardPaymentMachine } from '../../machines/checkout/card-payment-machine'
import { chargeMachine } from '../../machines/checkout/charge-machine'
import { couponCheckMachine } from '../../machines/checkout/coupon-check-machine'
import { checkoutMachine, type CheckoutInput, type CheckoutLoaded } from '../../machines/checkout/checkout-machine'
import type { PreviousAttempt, StoredAttempt } from '../../machines/checkout/checkout-rules'
import type { CardFieldsProps } from '../../src/adapters/payment/payment-port'
import { ApiError } from '../../src/api/api-error'
import type { ChargeAttemptResponse, ChargePayload, ChargeResponse } from '../../contract/calls'
import { CheckoutPage } from '../../src/features/checkout/checkout-page'
import { buyText } from '../../src/text/checkout'
import { system } from '../../src/theme'
import { attempt, loaded, loadedSaved, params } from '../machines/checkout-fixtures'

const FakeCardFields = ({ labels }: CardFieldsProps) => <div>{labels.number}</div>

type Fakes = { load: CheckoutLoaded; stored?: StoredAttempt; finishFails?: boolean; draft?: CheckoutInput['draft']; charges?: ChargePayload[] }

function renderCheckout(f: Fakes) {
  const machine = checkoutMachine.provide({
    actors: {
      readStoredAttempt: fromPromise(async (): Promise<PreviousAttempt | null> => (f.stored ? { attempt: f.stored, returnedFrom3ds: true } : null)),
      readAttemptOutcome: fromPromise(async (): Promise<ChargeAttemptResponse> => ({ status: 'NONE', result: null })),
      loadCheckout: fromPromise(async () => f.load),
      cardPayment: cardPaymentMachine.provide({
        actors: {
          createToken: fromPromise(async () => 'tok_new'),
          startThreeDSecure: fromPromise(() => new Promise<void>(() => {})),
          finishThreeDSecure: fromPromise(async () => { if (f.finishFails) throw new ApiError(400, '3DS failed'); return 'tok_1' }),
        },
      }),
      couponCheck: couponCheckMachine.provide({ actors: { validateCoupon: fromPromise(async () => ({ couponAvailable: true as boolean, couponPrice: 5000 })) } }),
      charge: chargeMachine.provide({
        actors: {
          charge: fromPromise(({ input }: { input: { payload: ChargePayload; idempotencyKey: string } }): Promise<ChargeResponse> => {
            f.charges?.push(input.payload)
            return new Promise(() => {})
          }),
        },
      }),
    },
  })
  const actor = createActor(machine, { input: { params, keySeed: 'seed', draft: f.draft } }).start()
  const rootRoute = createRootRoute({ component: () => <CheckoutPage actor={actor} CardFields={FakeCardFields} /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  )
  return actor
}

const tip: CheckoutLoaded = {
  ...loaded,
  coupons: [],
  chargeData: {
    ...loaded.chargeData,
    product: { productId: 'TIP-500', productType: 'TIP', productName: 'チップ 500円', minutesToSupport: 0, price: 500 },
    staff: { staffId: 'STAFF-01', staffNickname: 'さくら', staffAge: 30, staffGender: 'FEMALE', staffImageUrl: null } as CheckoutLoaded['chargeData']['staff'],
  },
}

afterEach(() => vi.restoreAllMocks())

describe('/buy', () => {
  it('puts the amount due on the pay button: 「5,500円を支払う」', async () => {
    renderCheckout({ load: { ...loadedSaved, coupons: [] } })
    expect(await screen.findByRole('button', { name: '5,500円を支払う' })).toBeTruthy()
    expect(buyText.payAmount(3300)).toBe('3,300円を支払う')
  })

  it('leaves "save this card" unticked until the member ticks it', async () => {
    renderCheckout({ load: { ...loaded, coupons: [] } })
    const box = await screen.findByRole('checkbox', { name: buyText.saveCard })
    expect((box as HTMLInputElement).checked).toBe(false)
  })

  it('a tip names the consultant tipped and asks no device, OS or remote support', async () => {
    renderCheckout({ load: tip })
    expect(await screen.findByText('さくら')).toBeTruthy()
    expect(screen.getByText(buyText.tippedStaff)).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: buyText.deviceLabel })).toBeNull()
    expect(screen.queryByRole('combobox', { name: buyText.remoteSupportLabel })).toBeNull()
  })

  it('SUPPORT still asks the device and remote support', async () => {
    renderCheckout({ load: { ...loadedSaved, coupons: [] } })
    expect(await screen.findByRole('combobox', { name: buyText.deviceLabel })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: buyText.remoteSupportLabel })).toBeTruthy()
  })

  it('after a failed 3-D Secure check: the error is focused and scrolled to, the new card is kept', async () => {
    const scroll = vi.fn()
    Element.prototype.scrollIntoView = scroll
    renderCheckout({ load: { ...loadedSaved, coupons: [] }, stored: { ...attempt, state: { ...attempt.state, concernText: 'PCが遅い' } }, finishFails: true })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(buyText.paymentProblem)
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(scroll).toHaveBeenCalled()
    // The card fields of the new card, not the saved card (a retry charges the card just typed).
    expect(screen.getByText(buyText.cardNumber)).toBeTruthy()
    expect(screen.queryByText(buyText.savedCardLast4('4242'))).toBeNull()
    // The concern text came back with the attempt.
    expect((screen.getByRole('textbox', { name: buyText.concernLabel }) as HTMLTextAreaElement).value).toBe('PCが遅い')
  })

  it('the concern text and choices left on an earlier visit (戻る, Back) come back', async () => {
    renderCheckout({ load: { ...loadedSaved, coupons: [] }, draft: { concernText: 'プリンターが動かない', device: 'PC', os: 'MAC', remoteSupport: 'WISH', supportType: 'ONLINE', saveCard: false } })
    const concern = (await screen.findByRole('textbox', { name: buyText.concernLabel })) as HTMLTextAreaElement
    expect(concern.value).toBe('プリンターが動かない')
    expect((screen.getByRole('combobox', { name: buyText.deviceLabel }) as HTMLSelectElement).value).toBe('PC')
  })

  it('an applied coupon says so and can be taken off: full price again, the charge without the coupon', async () => {
    const charges: ChargePayload[] = []
    const actor = renderCheckout({ load: loadedSaved, charges })
    const coupons = within(await screen.findByRole('region', { name: buyText.couponTitle }))
    fireEvent.click(coupons.getByRole('button', { name: buyText.couponUse }))
    expect(await screen.findByText(buyText.couponApplied)).toBeTruthy()
    expect(coupons.getByText(buyText.couponAppliedBadge)).toBeTruthy()
    expect(screen.getByTestId('checkout-price').textContent).toBe(buyText.yen(5000))
    // The applied coupon's row offers 「使わない」 instead of 「このクーポンを使う」.
    expect(coupons.queryByRole('button', { name: buyText.couponUse })).toBeNull()
    fireEvent.click(coupons.getByRole('button', { name: buyText.couponRemoveLabel('新規会員500円OFFクーポン') }))
    await waitFor(() => expect(screen.getByTestId('checkout-price').textContent).toBe(buyText.yen(5500)))
    expect(screen.queryByText(buyText.couponApplied)).toBeNull()
    expect(coupons.queryByText(buyText.couponAppliedBadge)).toBeNull()
    // The focus is not lost: it moves to the coupon's use button, shown again.
    const use = coupons.getByRole('button', { name: buyText.couponUse })
    await waitFor(() => expect(document.activeElement).toBe(use))
    expect(screen.getByRole('button', { name: '5,500円を支払う' })).toBeTruthy()
    // Pay: the prompt (product.md §4: a fitting coupon not applied) and 「使わずに支払う」: the charge has no coupon.
    fireEvent.click(screen.getByRole('button', { name: '5,500円を支払う' }))
    fireEvent.click(await screen.findByRole('button', { name: buyText.promptSkip }))
    await waitFor(() => expect(charges).toHaveLength(1))
    expect(charges[0].couponCode).toBeNull()
    // While the payment runs the coupon cannot be changed.
    expect(actor.getSnapshot().can({ type: 'coupon.clear' })).toBe(false)
  })
})
