import { Alert, Box, Button, Checkbox, Field, HStack, Image, Input, Link, Stack, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, type ComponentType } from 'react'
import type { CheckoutActorRef } from '../../../machines/checkout/checkout-machine'
import { checkoutView } from '../../../machines/checkout/checkout-view'
import type { CardFieldsProps } from '../../adapters/payment/payment-port'
import { externalLinks } from '../../external-links'
import { buyText } from '../../text/checkout'
import { scrollTargets } from './use-checkout-actor'

/** product.md §2: the six supported brands, our own simple logos in public/images/brands. */
export const brandLogo = (brand: string) => `/images/brands/${brand.toLowerCase().replace(/\s+/g, '-')}.svg`

/** Card entry (saved card or the three elements + holder name), terms, pay button (product.md §2, §4, §5). */
export function CheckoutCardSection({ actor, CardFields }: { actor: CheckoutActorRef; CardFields: ComponentType<CardFieldsProps> }) {
  const saved = useSelector(actor, (s) => s.context.chargeData?.creditcard ?? null)
  const brands = useSelector(actor, (s) => s.context.chargeData?.availableCardBrandList ?? [])
  const useSaved = useSelector(actor, (s) => s.context.form.useSavedCard)
  const holderName = useSelector(actor, (s) => s.context.form.holderName)
  const holderNameError = useSelector(actor, (s) => s.context.form.holderNameError)
  const saveCard = useSelector(actor, (s) => s.context.form.saveCard)
  const due = useSelector(actor, checkoutView.amountDue)
  const free = due === 0
  const failed = useSelector(actor, checkoutView.showsPaymentProblem)
  // After a declined card or a failed 3-D Secure check (the page reloaded at the top),
  // the error is where the eye is: focused and scrolled into view.
  const problemRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!failed) return
    const el = problemRef.current
    el?.focus({ preventScroll: true })
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' })
  }, [failed])
  const busy = useSelector(actor, checkoutView.isBusy)
  const canPay = useSelector(actor, checkoutView.canPay)
  const email = useSelector(actor, (s) => s.context.email)

  return (
    <Stack gap="5" id={scrollTargets.card} as="section" aria-labelledby="checkout-card-title">
      <Text id="checkout-card-title" fontWeight="bold" fontSize="lg">{buyText.cardTitle}</Text>
      {!free && (
        <>
          <HStack gap="2" wrap="wrap" aria-label={buyText.brandsLabel} role="list">
            {brands.map((b) => (
              <Image key={b} role="listitem" src={brandLogo(b)} alt={b} h="6" />
            ))}
          </HStack>
          {saved && useSaved ? (
            <Box borderWidth="1px" borderRadius="l2" p="4">
              <Text fontSize="sm" color="fg.muted">{buyText.savedCard}</Text>
              <HStack gap="3" mt="1">
                <Image src={brandLogo(saved.cardBrand)} alt={saved.cardBrand} h="6" />
                <Text fontFamily="mono">{buyText.savedCardLast4(saved.cardLast4)}</Text>
              </HStack>
              <Button variant="plain" color="brand.fg" px="0" mt="2" onClick={() => actor.send({ type: 'savedCard.toggle', use: false })}>
                {buyText.changeCard}
              </Button>
            </Box>
          ) : (
            <Stack gap="4">
              {saved && (
                <Button variant="plain" color="brand.fg" alignSelf="start" px="0" onClick={() => actor.send({ type: 'savedCard.toggle', use: true })}>
                  {buyText.useSavedCard}
                </Button>
              )}
              <CardFields
                disabled={busy}
                labels={{ number: buyText.cardNumber, expiry: buyText.cardExpiry, cvc: buyText.cardCvc }}
                hints={{ number: buyText.cardNumberHint, expiry: buyText.cardExpiryHint, cvc: buyText.cardCvcHint }}
                numberInvalid={buyText.cardNumberInvalid}
                expired={buyText.cardExpired}
                onChange={(c) => actor.send({ type: 'card.change', ...c })}
              />
              <Field.Root invalid={holderNameError}>
                <Field.Label>{buyText.holderName}</Field.Label>
                <Input
                  name="ccname"
                  autoComplete="cc-name"
                  placeholder={buyText.holderNameHint}
                  maxLength={45}
                  value={holderName}
                  disabled={busy}
                  onChange={(e) => actor.send({ type: 'holderName.change', value: e.target.value })}
                  onBlur={() => actor.send({ type: 'holderName.blur' })}
                />
                {holderNameError ? <Field.ErrorText>{buyText.holderNameError}</Field.ErrorText> : <Field.HelperText>{buyText.holderNameHint}</Field.HelperText>}
              </Field.Root>
              <Checkbox.Root checked={saveCard} onCheckedChange={(e) => actor.send({ type: 'saveCard.toggle', save: e.checked === true })}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{buyText.saveCard}</Checkbox.Label>
              </Checkbox.Root>
            </Stack>
          )}
        </>
      )}
      <Text fontSize="sm">
        <Link href={externalLinks.terms} target="_blank" rel="noreferrer" color="brand.fg">{buyText.terms}</Link>
        {' '}{buyText.termsNote}
      </Text>
      {failed && (
        <Alert.Root status="error" role="alert" ref={problemRef} tabIndex={-1} data-testid="checkout-payment-problem">
          <Alert.Indicator />
          <Alert.Title>{buyText.paymentProblem}</Alert.Title>
        </Alert.Root>
      )}
      <Field.Root readOnly>
        <Field.Label>{buyText.email}</Field.Label>
        <Input value={email} readOnly type="email" />
      </Field.Root>
      <Button
        colorPalette="brand"
        size="lg"
        disabled={!canPay}
        loading={busy}
        loadingText={buyText.paying}
        onClick={() => actor.send({ type: 'pay.submit' })}
      >
        {free ? buyText.pay : buyText.payAmount(due)}
      </Button>
    </Stack>
  )
}
