import { Center, Spinner, Stack, Text } from '@chakra-ui/react'
import { couponText } from '../../text/coupon'
import { MessagePage } from '../../ui/message-page'

/**
 * What /get-coupon shows while the claim chart works (it ends by navigating away), or, when the
 * member already holds the coupon, that success.
 */
export function CouponClaimView({ alreadyHeld = false }: { alreadyHeld?: boolean }) {
  if (alreadyHeld) {
    return (
      <MessagePage title={couponText.alreadyHeldTitle} action={couponText.toHome} to="/">
        {couponText.alreadyHeldBody}
      </MessagePage>
    )
  }
  return (
    <Center minH="40vh">
      <Stack align="center" gap="3" role="status" aria-label={couponText.claiming}>
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">{couponText.claiming}</Text>
      </Stack>
    </Center>
  )
}
