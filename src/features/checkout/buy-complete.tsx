import { Button, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { buyCompleteText } from '../../text/checkout'
import { PageCard } from '../../ui/page-card'

/** The thank-you page of a purchase (spec §2 /buy-complete). */
export function BuyComplete({ type, couponCode }: { type: keyof typeof buyCompleteText.types; couponCode?: string }) {
  const text = buyCompleteText.types[type]
  return (
    <PageCard title={text.title}>
      <Stack gap="4">
        <Text fontWeight="bold">{text.lead}</Text>
        {buyCompleteText.common.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
        {couponCode && <Text color="fg.muted">{buyCompleteText.coupon(couponCode)}</Text>}
        <Button asChild colorPalette="brand" alignSelf="center" size="lg">
          <Link to="/">{buyCompleteText.home}</Link>
        </Button>
      </Stack>
    </PageCard>
  )
}
