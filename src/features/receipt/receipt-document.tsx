import { Badge, Box, Button, Flex, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../ui/later-recipes/native-select'
import { formatDateUnix } from '../../../contract/jst'
import type { Receipt } from '../../../contract/receipt'
import { receiptText as t } from '../../text/receipt'

export type Paper = 'A4' | 'A5'

/** ¥1,234 (the receipt's own way of writing yen). */
const yen = (amount: number) => `¥${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`

/**
 * Printing shows the receipt alone (docs/product.md "Receipts"): every element that neither is nor
 * holds the receipt is hidden, and those that hold it lose their frame (padding, shadow, height),
 * so neither the member's nor the desk's header, menu or footer is printed, whichever layout holds
 * the page. `@page` takes the paper chosen on the page.
 */
const printCss = (paper: Paper) => `
@page { size: ${paper} portrait; margin: ${paper === 'A4' ? '18mm' : '10mm'}; }
@media print {
  body *:not(:has([data-receipt-sheet])):not([data-receipt-sheet]):not([data-receipt-sheet] *) { display: none !important; }
  body *:has([data-receipt-sheet]) { margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important; min-height: 0 !important; max-width: none !important; background: none !important; }
  [data-receipt-sheet] { border: 0 !important; box-shadow: none !important; }
}`

/** The print bar above the receipt: paper size and 印刷 (the browser's print, or save as PDF). */
export function PrintBar({ paper, onPaper }: { paper: Paper; onPaper: (p: Paper) => void }) {
  return (
    <Stack gap="1">
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="brand" onClick={() => window.print()}>
          {t.print}
        </Button>
        <NativeSelect.Root width="auto" size="sm">
          <NativeSelect.Field aria-label={t.paper} value={paper} onChange={(e) => onPaper(e.currentTarget.value as Paper)}>
            <option value="A4">A4</option>
            <option value="A5">A5</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {t.printHint}
      </Text>
    </Stack>
  )
}

function Line({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap="4" fontWeight={strong ? 'bold' : undefined}>
      <Text>{label}</Text>
      <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
        {amount}
      </Text>
    </Flex>
  )
}

/** The receipt as printed: one sheet, the issuer at its foot; `paper` sets the page for printing. */
export function ReceiptDocument({ receipt: r, paper }: { receipt: Receipt; paper: Paper }) {
  return (
    <Box as="article" aria-label={t.title} data-receipt-sheet="" data-reissued={r.reissued || undefined} bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '5', md: '8' }} color="fg">
      <style>{printCss(paper)}</style>
      <Stack gap="5">
        <Flex justify="space-between" align="start" gap="4" flexWrap="wrap">
          <Heading as="h1" size="2xl" letterSpacing="widest">
            {t.title}
            {r.reissued && (
              <Badge ms="3" variant="outline" colorPalette="red" fontSize="md" verticalAlign="middle">
                {t.reissued}
              </Badge>
            )}
          </Heading>
          <Stack gap="0" fontSize="sm" textAlign="end">
            <Text>
              {t.receiptNumber}：<Text as="span" fontFamily="mono">{r.receiptNumber}</Text>
            </Text>
            <Text>
              {t.purchaseDate}：{formatDateUnix(r.purchaseTime)}
            </Text>
            {r.reissued && r.firstIssuedAt !== null && (
              <Text>
                {t.firstIssuedAt}：{formatDateUnix(r.firstIssuedAt)}
              </Text>
            )}
          </Stack>
        </Flex>
        <Text fontSize="xl" borderBottomWidth="1px" borderColor="fg" pb="1" data-testid="receipt-addressee">
          {r.addressee}
        </Text>
        <Stack gap="1" align="center" py="2">
          <Text fontSize="3xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
            {yen(r.total)}
            <Text as="span" fontSize="md" fontWeight="normal" ms="2">
              （{t.total}）
            </Text>
          </Text>
          <Text>
            {t.tax(r.taxRate)} {yen(r.tax)}
          </Text>
          <Text fontSize="sm">{t.forWhat(r.productName)}</Text>
          <Text fontSize="sm">{t.honorificNote}</Text>
        </Stack>
        <Stack gap="1" fontSize="sm">
          <Heading as="h2" size="sm">
            {t.details}
          </Heading>
          <Line label={`${r.productName}（${t.ticketNumber} ${r.ticketNumber}）`} amount={yen(r.amountBeforeCoupon)} />
          {r.couponName !== null && r.couponDiscount > 0 && <Line label={t.coupon(r.couponName)} amount={`−${yen(r.couponDiscount)}`} />}
          <Line label={t.paid} amount={yen(r.amountPaid)} />
          {r.refunds.map((x, i) => (
            <Line key={i} label={t.refund(formatDateUnix(x.refundedAt))} amount={`−${yen(x.amount)}`} />
          ))}
          <Separator />
          <Line label={t.total} amount={yen(r.total)} strong />
          <Line label={t.tax(r.taxRate)} amount={yen(r.tax)} />
        </Stack>
        <Stack gap="0" fontSize="sm" alignSelf="end" textAlign="end">
          <Text color="fg.muted">{t.issuer}</Text>
          <Text fontWeight="bold">{r.issuer.name}</Text>
          <Text>{r.issuer.address}</Text>
          <Text>
            {t.registrationNumber}：{r.issuer.registrationNumber}
          </Text>
        </Stack>
      </Stack>
    </Box>
  )
}
