import { Badge, Box, Button, DataList, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import type { DeskCoupon } from '../../../../../contract/desk/coupons'
import { formatDateTimeUnix, formatDateUnix, formatYen } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskCouponText as t } from '../../../../text/desk'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { DataTable, type ColumnDef } from '../../../../ui/data-table'
import { ErrorBanner } from '../../../../ui/error-banner'
import { toaster } from '../../../../ui/toaster'
import { useRemote } from '../../../../ui/use-remote'
import { couponStatePalette } from './coupon-list-page'
import { findCoupon } from './use-coupon-edit-actor'

const PAGE_SIZE = 20
type Claim = { memberId: string; memberName: string; email: string; claimedAt: number; usedAt: number | null; usedTicketNumber: string | null }

const fitText = (f: DeskCoupon['availableProductList'][number]) => `${c.productTypes[f.productType]}（${f.minutesToSupport === null ? c.anyMinutes : c.minutes(f.minutesToSupport)}）`

/** One coupon: its terms, the claim link to hand out, who claimed and used it; stop it. */
export function CouponDetailPage({ deskApi, couponCode, origin }: { deskApi: DeskApiClient; couponCode: string; origin: string }) {
  const coupon = useRemote(() => findCoupon(deskApi, couponCode), [deskApi, couponCode])
  const [page, setPage] = useState(1)
  const claims = useRemote(() => deskApi.call('desk-coupon-claims', { couponCode, page, pageSize: PAGE_SIZE }), [deskApi, couponCode, page])
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const [stop, setStop] = useState<'closed' | 'asking' | 'stopping'>('closed')
  const [stopError, setStopError] = useState<string | null>(null)
  const link = `${origin}${coupon.data?.claimPath ?? ''}`

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied('yes')
      toaster.create({ id: 'coupon-link-copied', title: t.copied, type: 'success' })
    } catch {
      setCopied('failed')
    }
  }
  const stopCoupon = async (version: number) => {
    setStop('stopping')
    setStopError(null)
    try {
      await deskApi.call('desk-coupon-stop', { couponCode, version })
      coupon.reload()
    } catch (error) {
      setStopError(failureMessage(error))
    } finally {
      setStop('closed')
    }
  }
  const columns = useMemo<ColumnDef<Claim, unknown>[]>(
    () => [
      { id: 'member', header: t.claimColumns.member, cell: ({ row }) => <Text>{row.original.memberName}（{row.original.memberId}）</Text> },
      { id: 'email', header: t.claimColumns.email, cell: ({ row }) => row.original.email },
      { id: 'claimedAt', header: t.claimColumns.claimedAt, cell: ({ row }) => formatDateTimeUnix(row.original.claimedAt) },
      { id: 'usedAt', header: t.claimColumns.usedAt, cell: ({ row }) => (row.original.usedAt === null ? t.notUsed : formatDateTimeUnix(row.original.usedAt)) },
      { id: 'ticket', header: t.claimColumns.ticket, cell: ({ row }) => row.original.usedTicketNumber ?? '—' },
    ],
    [],
  )
  const data = coupon.data

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t.detailTitle(couponCode)}
      </Heading>
      {coupon.status === 'failed' && (
        <Box>
          <ErrorBanner title={c.loadFailed} description={failureMessage(coupon.error)} />
          <Button mt="2" size="sm" variant="outline" onClick={coupon.reload}>
            {c.retry}
          </Button>
        </Box>
      )}
      {stopError && <ErrorBanner title={stopError} />}
      <Skeleton loading={!data} minH="40">
        {data && (
          <Stack gap="4">
            <HStack gap="3" wrap="wrap">
              <Badge colorPalette={couponStatePalette[data.state]}>{t.states[data.state]}</Badge>
              <Text>{t.summary(data.claimCount, data.maxClaims === null ? c.unlimited : String(data.maxClaims), data.useCount)}</Text>
            </HStack>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t.name}</DataList.ItemLabel>
                <DataList.ItemValue>{data.couponName}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t.columns.discount}</DataList.ItemLabel>
                <DataList.ItemValue>{formatYen(data.discountPrice)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t.columns.expire}</DataList.ItemLabel>
                <DataList.ItemValue>{formatDateUnix(data.expire)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t.fits}</DataList.ItemLabel>
                <DataList.ItemValue>{data.availableProductList.map(fitText).join('、')}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <Box>
              <Text fontWeight="bold" mb="1" id="claim-link-label">
                {t.claimLink}
              </Text>
              <HStack gap="3" wrap="wrap">
                <Text as="span" aria-labelledby="claim-link-label" data-testid="claim-link" fontFamily="mono" bg="bg.muted" borderRadius="l1" px="2" py="1" wordBreak="break-all">
                  {link}
                </Text>
                <Button size="sm" variant="outline" onClick={() => void copy()}>
                  {t.copyLink}
                </Button>
              </HStack>
              <Text role="status" fontSize="sm" mt="1" color={copied === 'failed' ? 'fg.error' : 'fg.success'}>
                {copied === 'yes' ? t.copied : copied === 'failed' ? t.copyFailed : ''}
              </Text>
            </Box>
            <HStack gap="3" wrap="wrap">
              {data.state !== 'STOPPED' && (
                <Button asChild variant="outline">
                  <Link to="/staff/coupons/$couponCode/edit" params={{ couponCode }}>
                    {c.edit}
                  </Link>
                </Button>
              )}
              {data.state !== 'STOPPED' && (
                <Button variant="outline" colorPalette="red" onClick={() => setStop('asking')}>
                  {t.stop}
                </Button>
              )}
              <Button asChild variant="ghost">
                <Link to="/staff/coupons">{c.back}</Link>
              </Button>
            </HStack>
            <ConfirmDialog
              open={stop !== 'closed'}
              title={t.stopTitle}
              cancelLabel={c.cancel}
              confirmLabel={t.stop}
              confirmColorPalette="red"
              busy={stop === 'stopping'}
              loadingText={t.stopping}
              onConfirm={() => void stopCoupon(data.version)}
              onCancel={() => stop !== 'stopping' && setStop('closed')}
            >
              <Text>{t.stopBody}</Text>
            </ConfirmDialog>
          </Stack>
        )}
      </Skeleton>
      <Heading as="h2" size="lg">
        {t.claimsTitle}
      </Heading>
      <DataTable
        caption={t.claimsTitle}
        columns={columns}
        rows={claims.data?.items ?? []}
        status={claims.status}
        error={failureMessage(claims.error)}
        onRetry={claims.reload}
        paging={claims.data ?? undefined}
        onPage={setPage}
        rowKey={(row) => row.memberId}
        rowData={(row) => ({ 'data-member-id': row.memberId })}
      />
    </Stack>
  )
}
