import { Badge, Box, Card, Heading, List, Stack, Text } from '@chakra-ui/react'
import type { Coupon } from '../../../contract/entities'
import { homeText } from '../../text/home'
import { formatDateTimeUnix, formatYen } from '../../../contract/jst'

const c = homeText.coupons

const targetOf = (coupon: Coupon) =>
  coupon.availableProductList
    .map((p) => `${homeText.productTypes[p.productType]}（${p.minutesToSupport === null ? c.anyMinutes : `${p.minutesToSupport}分`}）`)
    .join('、')

/** product.md §2 "/": coupon list with the usage guide; `クーポンはありません` when none (product.md §8). */
export function CouponList({ coupons }: { coupons: Coupon[] }) {
  return (
    <Stack gap="4">
      {coupons.length === 0 ? (
        <Text color="fg.muted">{c.empty}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" p="0" m="0" aria-label={c.title}>
          {coupons.map((coupon) => (
            <Card.Root as="li" key={coupon.couponCode} size="sm" aria-label={coupon.couponName} data-coupon-code={coupon.couponCode}>
              <Card.Body gap="1">
                <Text fontWeight="bold">
                  {coupon.couponName} <Badge colorPalette="brand">{c.discount(formatYen(coupon.discountPrice))}</Badge>
                </Text>
                <Text fontSize="sm">{c.target}: {targetOf(coupon)}</Text>
                <Text fontSize="sm" color="fg.muted">{c.expire}: {formatDateTimeUnix(coupon.expire)}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
      <Box bg="bg.muted" borderRadius="l2" p="4">
        <Heading as="h3" size="sm" mb="2">{c.guideTitle}</Heading>
        <List.Root as="ol" gap="1" fontSize="sm" ps="5">
          {c.guide.map((line) => <List.Item key={line}>{line}</List.Item>)}
        </List.Root>
      </Box>
    </Stack>
  )
}
