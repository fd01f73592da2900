import { Badge, Box, Button, DataList, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo, useState, type ReactNode } from 'react'
import type { DeskMail } from '../../../../../contract/desk/mails'
import type { DeskMemberResponse, DeskPurchase } from '../../../../../contract/desk/members'
import type { Ticket } from '../../../../../contract/entities'
import { formatDateTimeUnix, formatYen } from '../../../../../contract/jst'
import { bookingAhead } from '../../../../../contract/ticket-rules'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskMemberText as t } from '../../../../text/desk'
import { DataTable, type ColumnDef } from '../../../../ui/data-table'
import { ErrorBanner } from '../../../../ui/error-banner'
import { RoomStays } from '../../../../ui/room-stays'
import { toaster } from '../../../../ui/toaster'
import { useRemote } from '../../../../ui/use-remote'

type Coupon = DeskMemberResponse['coupons'][number]
const mailPalette: Record<DeskMail['status'], string> = { PENDING: 'reserved', SENT: 'completed', FAILED: 'red' }

/**
 * One member as support staff see them on a call: profile, tickets, purchases (refund each),
 * coupons and the mails sent to them with their delivery (resend a failed one). `refund` draws
 * the refund of a purchase (the refund flow, given by the route) and reports when it is done.
 */
export function MemberDetailPage({
  deskApi,
  memberId,
  refund,
}: {
  deskApi: DeskApiClient
  memberId: string
  refund: (purchase: DeskPurchase, booking: ReturnType<typeof bookingAhead>, done: { refunded: () => void; close: () => void }) => ReactNode
}) {

  const record = useRemote(() => deskApi.call('desk-member', { memberId }), [deskApi, memberId])
  const [refunding, setRefunding] = useState<DeskPurchase | null>(null)
  const bookingOf = (p: DeskPurchase) => {
    const ticket = record.data?.tickets.find((x) => x.ticketNumber === p.ticketNumber)
    return ticket ? bookingAhead(ticket, new Date()) : null
  }
  const [resending, setResending] = useState<number | null>(null)
  const [resendError, setResendError] = useState<string | null>(null)
  const resend = async (id: number) => {
    setResending(id)
    setResendError(null)
    try {
      await deskApi.call('desk-mail-resend', { id })
      toaster.create({ id: `mail-resent-${id}`, title: t.resent, type: 'success' })
      record.reload()
    } catch (error) {
      setResendError(failureMessage(error))
    } finally {
      setResending(null)
    }
  }

  const stays = record.data?.roomStays
  const ticketColumns = useMemo<ColumnDef<Ticket, unknown>[]>(
    () => [
      { id: 'number', header: t.ticketColumns.number, cell: ({ row }) => <Text fontFamily="mono">{row.original.ticketNumber}</Text> },
      {
        id: 'product',
        header: t.ticketColumns.product,
        cell: ({ row }) => (
          <Text>
            {row.original.productName}
            {row.original.parentTicketNumber && (
              <Text as="span" display="block" fontSize="xs" color="fg.muted">
                {t.parentTicket(row.original.parentTicketNumber)}
              </Text>
            )}
          </Text>
        ),
      },
      { id: 'reservation', header: t.ticketColumns.reservation, cell: ({ row }) => (row.original.reservationUnixTime === null ? '—' : formatDateTimeUnix(row.original.reservationUnixTime)) },
      {
        id: 'status',
        header: t.ticketColumns.status,
        // Any refund ends the reservation (docs/product.md §4): 返金済み, never 未対応, as on the staff
        // pages and the member's own card.
        cell: ({ row }) =>
          row.original.amountRefunded > 0 ? (
            <Badge colorPalette="refunded" variant="solid" data-state="refunded">
              {t.refundedStatus}
            </Badge>
          ) : (
            t.supportStatus[row.original.supportStatus]
          ),
      },
      {
        id: 'stays',
        header: t.ticketColumns.stays,
        // ONLINE: who came into the room and when, as the bookings and the consultant's views show it.
        cell: ({ row }) => (row.original.supportType === 'ONLINE' && row.original.productType === 'SUPPORT' ? <RoomStays stays={stays?.[row.original.ticketNumber] ?? []} compact /> : '—'),
      },
      { id: 'refunded', header: t.ticketColumns.refunded, cell: ({ row }) => (row.original.amountRefunded > 0 ? formatYen(row.original.amountRefunded) : '—') },
    ],
    [stays],
  )
  const purchaseColumns = useMemo<ColumnDef<DeskPurchase, unknown>[]>(
    () => [
      { id: 'time', header: t.purchaseColumns.time, cell: ({ row }) => formatDateTimeUnix(row.original.purchaseTime) },
      { id: 'product', header: t.purchaseColumns.product, cell: ({ row }) => <Text>{row.original.productName}<Text as="span" display="block" fontSize="xs" color="fg.muted">{t.purchaseIds(row.original.ticketNumber, row.original.receiptNumber)}</Text></Text> },
      { id: 'amount', header: t.purchaseColumns.amount, cell: ({ row }) => formatYen(row.original.amount) },
      { id: 'refunded', header: t.purchaseColumns.refunded, cell: ({ row }) => (row.original.amountRefunded > 0 ? formatYen(row.original.amountRefunded) : '—') },
      { id: 'refundable', header: t.purchaseColumns.refundable, cell: ({ row }) => formatYen(row.original.refundable) },
      {
        id: 'actions',
        header: t.purchaseColumns.actions,
        cell: ({ row }) => (
          <HStack gap="2">
            <Button size="xs" variant="outline" colorPalette="red" disabled={row.original.refundable <= 0} aria-label={`${t.refund}：${row.original.productName}（${row.original.ticketNumber}）`} onClick={() => setRefunding(row.original)}>
              {t.refund}
            </Button>
            {/* The member's receipt, opened for them on a call: an issue of its own (audited). */}
            <Button asChild size="xs" variant="outline">
              <Link to="/staff/receipts/$receiptNumber" params={{ receiptNumber: row.original.receiptNumber }} search={{ memberId }} aria-label={`${t.receipt}：${row.original.receiptNumber}`}>
                {t.receipt}
              </Link>
            </Button>
          </HStack>
        ),
      },
    ],
    [memberId],
  )
  const couponColumns = useMemo<ColumnDef<Coupon, unknown>[]>(
    () => [
      { id: 'code', header: t.couponColumns.code, cell: ({ row }) => <Text fontFamily="mono">{row.original.couponCode}</Text> },
      { id: 'name', header: t.couponColumns.name, cell: ({ row }) => row.original.couponName },
      { id: 'claimedAt', header: t.couponColumns.claimedAt, cell: ({ row }) => formatDateTimeUnix(row.original.claimedAt) },
      { id: 'usedAt', header: t.couponColumns.usedAt, cell: ({ row }) => (row.original.usedAt === null ? '—' : `${formatDateTimeUnix(row.original.usedAt)}（${row.original.usedTicketNumber ?? ''}）`) },
    ],
    [],
  )
  const mailColumns = useMemo<ColumnDef<DeskMail, unknown>[]>(
    () => [
      { id: 'createdAt', header: t.mailColumns.createdAt, cell: ({ row }) => formatDateTimeUnix(row.original.createdAt) },
      {
        id: 'subject',
        header: t.mailColumns.subject,
        cell: ({ row }) => (
          <Box>
            {row.original.subject}
            {row.original.attachments.length > 0 && (
              <Text fontSize="xs" color="fg.muted" mt="1">
                {t.mailAttachments(row.original.attachments)}
              </Text>
            )}
          </Box>
        ),
      },
      {
        id: 'status',
        header: t.mailColumns.status,
        cell: ({ row }) => (
          <Box>
            <Badge colorPalette={mailPalette[row.original.status]}>{t.mailStatus[row.original.status]}</Badge>
            {row.original.lastError && (
              <Text fontSize="xs" color="fg.error" mt="1">
                {row.original.lastError}
              </Text>
            )}
          </Box>
        ),
      },
      { id: 'attempts', header: t.mailColumns.attempts, cell: ({ row }) => row.original.attempts },
      {
        id: 'actions',
        header: t.mailColumns.actions,
        cell: ({ row }) =>
          row.original.status === 'FAILED' ? (
            row.original.resendable ? (
              <Button size="xs" variant="outline" loading={resending === row.original.id} aria-label={`${t.resend}：${row.original.subject}`} onClick={() => void resend(row.original.id)}>
                {t.resend}
              </Button>
            ) : (
              <Text fontSize="xs" color="fg.muted">
                {t.notResendable}
              </Text>
            )
          ) : null,
      },
    ],
    [resending],
  )

  const data = record.data
  const name = data ? `${data.member.memberLastname} ${data.member.memberFirstname}` : memberId
  const tableStatus = record.status === 'failed' && data ? 'ready' : record.status
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t.detailTitle(name)}
      </Heading>
      {record.status === 'failed' && (
        <Box>
          <ErrorBanner title={c.loadFailed} description={failureMessage(record.error)} />
          <Button mt="2" size="sm" variant="outline" onClick={record.reload}>
            {c.retry}
          </Button>
        </Box>
      )}
      {resendError && <ErrorBanner title={resendError} />}
      <Section title={t.profile}>
        <Skeleton loading={!data} minH="24">
          <DataList.Root orientation="horizontal">
            {(
              [
                [t.fields.memberId, data?.member.memberId],
                [t.fields.email, data?.member.email],
                [t.fields.phone, data?.member.phoneNumber],
                [t.fields.createdAt, data ? formatDateTimeUnix(data.member.createdAt) : ''],
              ] as const
            ).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Skeleton>
      </Section>
      {record.status !== 'failed' || data ? (
        <>
          <Section title={t.purchases}>
            <DataTable
              caption={t.purchases}
              columns={purchaseColumns}
              rows={data?.purchases ?? []}
              status={tableStatus}
              rowKey={(p) => p.receiptNumber}
              rowData={(p) => ({ 'data-ticket-number': p.ticketNumber, 'data-receipt-number': p.receiptNumber })}
            />
          </Section>
          <Section title={t.tickets}>
            <DataTable caption={t.tickets} columns={ticketColumns} rows={data?.tickets ?? []} status={tableStatus} rowKey={(x) => x.ticketNumber} rowData={(x) => ({ 'data-ticket-number': x.ticketNumber })} />
          </Section>
          <Section title={t.coupons}>
            <DataTable caption={t.coupons} columns={couponColumns} rows={data?.coupons ?? []} status={tableStatus} rowKey={(x) => x.couponCode} />
          </Section>
          <Section title={t.mails}>
            <DataTable caption={t.mails} columns={mailColumns} rows={data?.mails ?? []} status={tableStatus} rowKey={(m) => String(m.id)} />
          </Section>
        </>
      ) : null}
      {refunding &&
        // The refund dialog says which reservation the refund cancels (docs/product.md §4).
        refund(refunding, bookingOf(refunding), {
          refunded: record.reload,
          close: () => setRefunding(null),
        })}
    </Stack>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}
