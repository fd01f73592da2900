import { Badge, Box, Button, Link as ChakraLink, Field, Heading, Spinner, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { NativeSelect } from '../../ui/later-recipes/native-select'
import { Table } from '../../ui/later-recipes/table'
import { useSelector } from '@xstate/react'
import { DEFAULT_PERIOD, type PurchaseListActorRef } from '../../../machines/purchase-list/purchase-list-machine'
import { purchaseListView } from '../../../machines/purchase-list/purchase-list-view'
import type { PurchaseItem } from '../../../contract/entities'
import { purchaseListText as t } from '../../text/purchase-list'
import { formatDateTimeUnix, formatReservation, formatYen } from '../../../contract/jst'
import { parseReservationTime } from '../../../contract/reservation-time'
import { periodOptions } from './purchase-periods'

function Amount({ row }: { row: PurchaseItem }) {
  const discount = row.amountBeforeCoupon - row.amount
  return (
    <Stack gap="0" align="end">
      <Text fontWeight="bold">{formatYen(row.amount)}</Text>
      {row.couponCode !== null && discount > 0 && (
        <Text fontSize="xs" color="fg.muted">
          {t.beforeCoupon} <Text as="s">{formatYen(row.amountBeforeCoupon)}</Text>
        </Text>
      )}
      {row.couponCode && (
        <Badge size="sm" colorPalette="brand" whiteSpace="normal" textAlign="end">
          {row.couponName ? t.coupon(row.couponName, formatYen(discount)) : t.couponUnnamed}
        </Badge>
      )}
      {(row.amountRefunded ?? 0) > 0 && (
        <Text fontSize="xs" color="fg.muted">
          {t.refundedAmount(formatYen(row.amountRefunded ?? 0))}
        </Text>
      )}
    </Stack>
  )
}

/** `SUPPORT-YYYYMMDD-HH-MM` → `2025年6月12日（木） 10:30`, or null. */
function reservationOf(row: PurchaseItem): string | null {
  const at = parseReservationTime(row.reservationTime)
  return at ? formatReservation(at.ymd, at.hour, at.minute) : null
}

/** What a cell is, said on a phone where the rows are cards and the column headers hidden. */
function CellLabel({ children }: { children: string }) {
  return (
    <Text as="span" hideFrom="md" fontSize="xs" color="fg.muted" flexShrink={0}>
      {children}
    </Text>
  )
}

/**
 * Below 768 px each row is a card (at 390 px the amount and receipt columns were cut
 * off): the header row hides and each cell is a line with its own label. One table for both
 * widths, restyled by CSS, so no breakpoint hook (no layout shift) and one set of names.
 */
const cardRow = { display: { base: 'block', md: 'table-row' }, py: { base: '2', md: '0' } } as const
const cardCell = {
  display: { base: 'flex', md: 'table-cell' },
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: '3',
  borderBottomWidth: { base: '0', md: '1px' },
  py: { base: '1', md: '2' },
} as const

/** The payment history (product.md §2 /purchase-list): year filter, rows, load more. */
export function PurchaseListPage({ actor }: { actor: PurchaseListActorRef }) {
  const period = useSelector(actor, (s) => s.context.period)
  const rows = useSelector(actor, (s) => s.context.rows)
  const loading = useSelector(actor, purchaseListView.isLoading)
  const loadingMore = useSelector(actor, purchaseListView.isLoadingMore)
  const canLoadMore = useSelector(actor, purchaseListView.canLoadMore)

  return (
    <Box bg="bg" borderRadius="l3" boxShadow="sm" p={{ base: '5', md: '8' }}>
      <Heading as="h1" size={{ base: 'lg', md: 'xl' }} mb="6">{t.title}</Heading>
      <Field.Root maxW="xs" mb="6">
        <Field.Label>{t.period}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={period}
            onChange={(e) => actor.send({ type: 'period.change', period: e.currentTarget.value })}
          >
            {periodOptions().map((p) => (
              <option key={p} value={p}>{p === DEFAULT_PERIOD ? t.last3Months : t.year(Number(p))}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      {loading ? (
        <Stack align="center" py="10" role="status" aria-label={t.loadingMore}>
          <Spinner color="brand.solid" />
        </Stack>
      ) : rows.length === 0 ? (
        <Text color="fg.muted" py="6">{t.empty}</Text>
      ) : (
        <Stack gap="4">
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label={t.title} display={{ base: 'block', md: 'table' }}>
              <Table.Header hideBelow="md">
                <Table.Row>
                  <Table.ColumnHeader>{t.columns.time}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.product}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.type}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t.columns.amount}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.receipt}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body display={{ base: 'block', md: 'table-row-group' }}>
                {rows.map((row) => {
                  const reservation = reservationOf(row)
                  const refunded = (row.amountRefunded ?? 0) > 0
                  return (
                    <Table.Row key={row.receiptNumber} data-ticket-number={row.ticketNumber} data-refunded={refunded || undefined} {...cardRow} borderBottomWidth={{ base: '1px', md: '0' }}>
                      <Table.Cell whiteSpace="nowrap" {...cardCell}>
                        <CellLabel>{t.columns.time}</CellLabel>
                        {formatDateTimeUnix(row.purchaseTime)}
                      </Table.Cell>
                      <Table.Cell {...cardCell}>
                        <CellLabel>{t.columns.product}</CellLabel>
                        <Stack gap="0" align={{ base: 'end', md: 'start' }} textAlign={{ base: 'end', md: 'start' }}>
                          <Text>
                            {row.productName}
                            {refunded && (
                              <Badge size="sm" colorPalette="refunded" ms="2">
                                {t.refunded}
                              </Badge>
                            )}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            {t.ticketNumber} {row.ticketNumber}
                          </Text>
                          {reservation && (
                            <Text fontSize="xs" color="fg.muted">
                              {t.reservation} {reservation}
                            </Text>
                          )}
                        </Stack>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap" {...cardCell}>
                        <CellLabel>{t.columns.type}</CellLabel>
                        {t.types[row.productType]}
                      </Table.Cell>
                      <Table.Cell textAlign="end" {...cardCell}>
                        <CellLabel>{t.columns.amount}</CellLabel>
                        <Amount row={row} />
                      </Table.Cell>
                      <Table.Cell fontFamily="mono" fontSize="xs" {...cardCell}>
                        <CellLabel>{t.columns.receipt}</CellLabel>
                        <Stack gap="0" align={{ base: 'end', md: 'start' }}>
                          <Text as="span">{row.receiptNumber}</Text>
                          <ChakraLink asChild color="brand.fg" fontFamily="body">
                            <Link to="/receipt/$receiptNumber" params={{ receiptNumber: row.receiptNumber }} aria-label={t.receiptLink(row.receiptNumber)}>
                              {t.receiptOpen}
                            </Link>
                          </ChakraLink>
                        </Stack>
                      </Table.Cell>
                    </Table.Row>
                  )
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {(canLoadMore || loadingMore) && (
            <Button
              alignSelf="center"
              variant="outline"
              colorPalette="brand"
              loading={loadingMore}
              loadingText={t.loadingMore}
              onClick={() => actor.send({ type: 'more.load' })}
            >
              {t.more}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  )
}
