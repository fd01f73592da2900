import { Button, Stack, Text } from '@chakra-ui/react'
import { Link, useRouterState } from '@tanstack/react-router'
import { buyCompleteText } from '../../text/checkout'
import { useBackGoesHome } from '../../ui/back-goes-home'
import { BookingSummaryCard, type BookingSummary } from '../../ui/booking-summary'
import { PageCard } from '../../ui/page-card'

/**
 * The thank-you page of a purchase (product.md §2 /buy-complete): its title and texts, and what was
 * bought: ticket number, date and time (Japan time), consultant, support method, coupon.
 * A tip names the consultant tipped: the tip ticket has none of its own, so the checkout hands the
 * name it showed on /buy (charge-data's staff) over in the history state (`tippedStaff`).
 */
export function BuyComplete({ type, couponCode, summary }: { type: keyof typeof buyCompleteText.types; couponCode?: string; summary?: BookingSummary | null }) {
  const text = buyCompleteText.types[type]
  const tipped = useRouterState({ select: (s) => (type === 'TIP' ? (s.location.state.tippedStaff ?? null) : null) })
  const extraRows: [string, string][] = tipped ? [[buyCompleteText.tippedStaff, tipped]] : []
  useBackGoesHome()
  return (
    <PageCard title={text.title} wordBreak="auto-phrase">
      {/* Japanese lines break between phrases, never inside a word (「チケッ / ト」, 「メールアド / レス」). */}
      <Stack gap="4">
        <Text fontWeight="bold">{text.lead}</Text>
        {summary && <BookingSummaryCard summary={summary} extraRows={extraRows} />}
        {/* Without a summary (an old link), the consultant's name on its own. */}
        {!summary && tipped && <Text>{`${buyCompleteText.tippedStaff}：${tipped}`}</Text>}
        {buyCompleteText.common.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
        {/* Without a summary (an old link), the coupon's code is all there is to show. */}
        {!summary?.couponName && couponCode && <Text color="fg.muted">{buyCompleteText.coupon(couponCode)}</Text>}
        <Button asChild colorPalette="brand" alignSelf="center" size="lg">
          <Link to="/">{buyCompleteText.home}</Link>
        </Button>
      </Stack>
    </PageCard>
  )
}
