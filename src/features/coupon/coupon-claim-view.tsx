import { Center, Spinner, Stack, Text } from '@chakra-ui/react'
import { couponText } from '../../text/coupon'

/** What /get-coupon shows while the claim chart works (it always ends by navigating away). */
export function CouponClaimView() {
  return (
    <Center minH="40vh">
      <Stack align="center" gap="3" role="status" aria-label={couponText.claiming}>
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">{couponText.claiming}</Text>
      </Stack>
    </Center>
  )
}
