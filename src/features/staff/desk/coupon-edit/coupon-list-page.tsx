import { Badge, Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import type { DeskCoupon } from '../../../../../contract/desk/coupons'
import { formatDateUnix, formatYen } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskCouponText as t } from '../../../../text/desk'
import { DataTable, type ColumnDef } from '../../../../ui/data-table'
import { FilterSelect } from '../../../../ui/filter-select'
import { useRemote } from '../../../../ui/use-remote'

const PAGE_SIZE = 20
type State = DeskCoupon['state']
export const couponStatePalette: Record<State, string> = { ACTIVE: 'completed', FULL: 'reserved', EXPIRED: 'refunded', STOPPED: 'expired' }

/** クーポン: the list, filtered by state and paged by the server. */
export function CouponListPage({ deskApi }: { deskApi: DeskApiClient }) {
  const [state, setState] = useState<State | ''>('')
  const [page, setPage] = useState(1)
  const list = useRemote(() => deskApi.call('desk-coupons', { page, pageSize: PAGE_SIZE, ...(state ? { state } : {}) }), [deskApi, page, state])
  const columns = useMemo<ColumnDef<DeskCoupon, unknown>[]>(
    () => [
      {
        id: 'code',
        header: t.columns.code,
        cell: ({ row }) => (
          <ChakraLink asChild colorPalette="brand" fontFamily="mono">
            <Link to="/staff/coupons/$couponCode" params={{ couponCode: row.original.couponCode }}>
              {row.original.couponCode}
            </Link>
          </ChakraLink>
        ),
      },
      { id: 'name', header: t.columns.name, cell: ({ row }) => row.original.couponName },
      { id: 'discount', header: t.columns.discount, cell: ({ row }) => formatYen(row.original.discountPrice) },
      { id: 'expire', header: t.columns.expire, cell: ({ row }) => formatDateUnix(row.original.expire) },
      { id: 'claims', header: t.columns.claims, cell: ({ row }) => `${row.original.claimCount} / ${row.original.maxClaims ?? c.unlimited}` },
      { id: 'uses', header: t.columns.uses, cell: ({ row }) => row.original.useCount },
      { id: 'state', header: t.columns.state, cell: ({ row }) => <Badge colorPalette={couponStatePalette[row.original.state]}>{t.states[row.original.state]}</Badge> },
    ],
    [],
  )
  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="xl">
          {t.title}
        </Heading>
        <Button asChild colorPalette="brand">
          <Link to="/staff/coupons/new">{t.create}</Link>
        </Button>
      </HStack>
      <Text color="fg.muted">{t.lead}</Text>
      <HStack role="group" aria-label={c.filter}>
        <FilterSelect label={t.stateFilter} value={state} options={t.states} onChange={(v) => (setState(v as State | ''), setPage(1))} />
      </HStack>
      <DataTable
        caption={t.title}
        columns={columns}
        rows={list.data?.items ?? []}
        status={list.status}
        error={failureMessage(list.error)}
        onRetry={list.reload}
        paging={list.data ?? undefined}
        onPage={setPage}
        rowKey={(row) => row.couponCode}
      />
    </Stack>
  )
}
