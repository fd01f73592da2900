import { Button, Portal, Spinner, Stack, Text } from '@chakra-ui/react'
import { Dialog } from '../../ui/later-recipes/dialog'
import { useSelector } from '@xstate/react'
import type { CheckoutActorRef } from '../../../machines/checkout/checkout-machine'
import { checkoutView } from '../../../machines/checkout/checkout-view'
import { buyText } from '../../text/checkout'

/** The three modals of the checkout: coupon prompt, token error, processing (product.md §4, §8). */
export function CheckoutDialogs({ actor }: { actor: CheckoutActorRef }) {
  const prompting = useSelector(actor, checkoutView.isOfferingCoupon)
  const tokenError = useSelector(actor, (s) => s.context.tokenError)
  // The card child finishing 3-D Secure, the charge, or the page leaving for /buy-complete.
  const card = useSelector(actor, (s) => s.children.cardPayment)
  const finishingCard = useSelector(card, (s) => s?.hasTag('processing') ?? false)
  const processing = useSelector(actor, checkoutView.isProcessing) || finishingCard
  return (
    <>
      <Dialog.Root open={prompting} role="alertdialog" placement="center" onOpenChange={(e) => !e.open && actor.send({ type: 'prompt.close' })}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{buyText.promptTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{buyText.promptBody}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => actor.send({ type: 'prompt.skip' })}>{buyText.promptSkip}</Button>
                <Button colorPalette="brand" onClick={() => actor.send({ type: 'prompt.useCoupon' })}>{buyText.promptUse}</Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <Button variant="ghost" size="sm" position="absolute" top="2" insetEnd="2" aria-label={buyText.close}>×</Button>
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      <Dialog.Root open={tokenError !== null} role="alertdialog" placement="center" onOpenChange={(e) => !e.open && actor.send({ type: 'tokenError.dismiss' })}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{buyText.tokenErrorTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{tokenError}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button colorPalette="brand" onClick={() => actor.send({ type: 'tokenError.dismiss' })}>{buyText.close}</Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      {/* Blocks the screen while the payment is finished and charged (product.md §4). */}
      <Dialog.Root open={processing} role="alertdialog" placement="center" closeOnEscape={false} closeOnInteractOutside={false}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{buyText.processingTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack align="center" gap="4" pb="4">
                  <Spinner size="lg" color="brand.solid" />
                  <Text>{buyText.processingBody}</Text>
                </Stack>
              </Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}
