import { Badge, Box, Button, Field, Heading, NativeSelect, Spinner, Stack, Table, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { DEFAULT_PERIOD, type PurchaseListActorRef } from '../../../machines/purchase-list-machine'
import type { PurchaseItem } from '../../contract/entities'
import { purchaseListText as t } from '../../text/purchase-list'
import { formatDateTimeUnix, formatYen } from '../home/jst'
import { periodOptions } from './purchase-periods'

function Amount({ row }: { row: PurchaseItem }) {
  const discounted = row.couponCode !== null && row.amountBeforeCoupon !== row.amount
  return (
    <Stack gap="0" align="end">
      <Text fontWeight="bold">{formatYen(row.amount)}</Text>
      {discounted && (
        <Text fontSize="xs" color="fg.muted">
          {t.beforeCoupon} <Text as="s">{formatYen(row.amountBeforeCoupon)}</Text>
        </Text>
      )}
      {row.couponCode && (
        <Badge size="sm" colorPalette="brand">{t.coupon(row.couponCode)}</Badge>
      )}
    </Stack>
  )
}

/** The payment history (spec §2 /purchase-list): year filter, rows, load more. */
export function PurchaseListPage({ actor }: { actor: PurchaseListActorRef }) {
  const period = useSelector(actor, (s) => s.context.period)
  const rows = useSelector(actor, (s) => s.context.rows)
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'))
  const canLoadMore = useSelector(actor, (s) => s.can({ type: 'more.load' }))
  const failed = useSelector(actor, (s) => s.matches('failed'))

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

      {loading || failed ? (
        <Stack align="center" py="10" role="status" aria-label={t.loadingMore}>
          <Spinner color="brand.solid" />
        </Stack>
      ) : rows.length === 0 ? (
        <Text color="fg.muted" py="6">{t.empty}</Text>
      ) : (
        <Stack gap="4">
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label={t.title}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t.columns.time}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.product}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.type}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t.columns.amount}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.columns.receipt}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.receiptNumber} data-ticket-number={row.ticketNumber}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTimeUnix(row.purchaseTime)}</Table.Cell>
                    <Table.Cell>{row.productName}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{t.types[row.productType]}</Table.Cell>
                    <Table.Cell textAlign="end"><Amount row={row} /></Table.Cell>
                    <Table.Cell fontFamily="mono" fontSize="xs">{row.receiptNumber}</Table.Cell>
                  </Table.Row>
                ))}
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
