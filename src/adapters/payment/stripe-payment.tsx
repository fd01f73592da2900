import { Field, SimpleGrid, Box } from '@chakra-ui/react'
import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
// The pure entry does not add js.stripe.com's script on import: only loadStripe() does (docs/design.md).
import { loadStripe } from '@stripe/stripe-js/pure'
import type { Stripe, StripeElements } from '@stripe/stripe-js'
import { useEffect, useState, type ComponentType } from 'react'
import { leavingPage, type BrowserPaymentPort, type CardElementName, type CardFieldsProps } from './payment-port'

/**
 * The server step that puts the PaymentMethod on the member's Customer with a SetupIntent
 * confirmed with the return URL (`POST /api/stripe/setup-intents`, server/adapters/stripe-payment.ts).
 */
export type ConfirmSetup = (input: { paymentMethodId: string; returnUrl: string }) => Promise<{ redirectUrl: string | null }>

/** Stripe: card elements from @stripe/react-stripe-js, a PaymentMethod as the token, SetupIntent for 3-D Secure. */
export function createStripePayment(publishableKey: string, confirmSetup: ConfirmSetup, go: (url: string) => void = (u) => window.location.assign(u)): BrowserPaymentPort {
  let stripePromise: Promise<Stripe | null> | null = null
  const live: { stripe: Stripe | null; elements: StripeElements | null } = { stripe: null, elements: null }
  const getStripe = () => (stripePromise ??= loadStripe(publishableKey))

  function Capture() {
    const stripe = useStripe()
    const elements = useElements()
    useEffect(() => {
      live.stripe = stripe
      live.elements = elements
    }, [stripe, elements])
    return null
  }

  const StripeCardFields: ComponentType<CardFieldsProps> = ({ onChange, labels, hints, disabled }) => {
    const [stripe] = useState(getStripe)
    // What each element reports wrong as the member types (an expiry already past among them): shown
    // under it at once, as the sandbox fields do, not only when paying.
    const [errors, setErrors] = useState<Partial<Record<CardElementName, string>>>({})
    const report = (element: CardElementName) => (e: { complete: boolean; error?: { message: string } }) => {
      setErrors((prev) => ({ ...prev, [element]: e.error?.message }))
      onChange({ element, complete: e.complete, error: e.error?.message ?? null })
    }
    const box = (element: CardElementName, child: React.ReactNode) => (
      <Field.Root key={element} disabled={disabled} invalid={!!errors[element]}>
        <Field.Label>{labels[element]}</Field.Label>
        <Box w="full" borderWidth="1px" borderRadius="l2" px="3" py="2.5">{child}</Box>
        {errors[element] ? <Field.ErrorText>{errors[element]}</Field.ErrorText> : <Field.HelperText>{hints[element]}</Field.HelperText>}
      </Field.Root>
    )
    return (
      <Elements stripe={stripe}>
        <Capture />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {box('number', <CardNumberElement onChange={report('number')} />)}
          {box('expiry', <CardExpiryElement onChange={report('expiry')} />)}
          {box('cvc', <CardCvcElement onChange={report('cvc')} />)}
        </SimpleGrid>
      </Elements>
    )
  }

  return {
    kind: 'stripe',
    CardFields: StripeCardFields,
    async createToken(holderName) {
      const card = live.elements?.getElement(CardNumberElement)
      if (!live.stripe || !card) throw new Error('カード情報を読み込めませんでした。')
      const r = await live.stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: holderName } })
      if (r.error) throw new Error(r.error.message ?? 'カード情報が正しくありません。')
      return r.paymentMethod.id
    },
    async startThreeDSecure(paymentMethodId, returnUrl) {
      // Our own marker on the return URL: Stripe adds setup_intent=… but not the PaymentMethod.
      const url = new URL(returnUrl, globalThis.location?.origin)
      url.searchParams.set('payment_method', paymentMethodId)
      const { redirectUrl } = await confirmSetup({ paymentMethodId, returnUrl: url.toString() })
      if (!redirectUrl) return // frictionless: finish right here
      go(redirectUrl)
      return leavingPage()
    },
    returnedToken: (search) => search.get('payment_method'),
  }
}
