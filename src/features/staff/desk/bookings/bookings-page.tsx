import { Box, Button, chakra, Field, Flex, Heading, HStack, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { Link } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import type { DeskBooking, DeskBookingStatus } from '../../../../../contract/desk/bookings'
import { SEARCH_MAX } from '../../../../../contract/desk/common'
import { todayJst, ymdOf } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskBookingStatusText, deskBookingsText as t, deskCommonText as c } from '../../../../text/desk'
import { BookingStatusBadge } from '../../../../ui/booking-status-badge'
import { DataTable, Pager, type ColumnDef } from '../../../../ui/data-table'
import { whenLabel } from '../../../../ui/staff-consultation'
import { RoomStays } from '../../../../ui/room-stays'
import { useRemote } from '../../../../ui/use-remote'

const PAGE_SIZE = 20

/** The filters as the URL holds them: days as `YYYY-MM-DD` (the date inputs' own format). */
export type BookingSearch = { from?: string; to?: string; staffId?: string; status?: DeskBookingStatus; member?: string; page?: number }

const toYmd = (day: string | undefined) => (day ? day.replaceAll('-', '') : undefined)
const todayIso = () => {
  const ymd = ymdOf(todayJst())
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`
}
const unfiltered = (s: BookingSearch) => !s.from && !s.to && !s.staffId && !s.status && !s.member

/** A booking may be given to another consultant (割り当て) while it is ahead and not refunded. */
const assignable = (b: DeskBooking, nowSec: number) => b.status === 'UNSUPPORTED' && b.startUnixTime > nowSec

/**
 * 予約: bookings found by days, consultant, status and member, paged by the server. The filters
 * live in the URL, so a result can be reopened and shared; without any filter the page starts at
 * today. Each booking links to its member's page and, while it can still be reassigned, to 割り当て.
 */
export function BookingsPage({ deskApi, search, onSearch }: { deskApi: DeskApiClient; search: BookingSearch; onSearch: (next: BookingSearch) => void }) {
  const effective = unfiltered(search) ? { ...search, from: todayIso() } : search
  const [form, setForm] = useState({ from: effective.from ?? '', to: effective.to ?? '', staffId: effective.staffId ?? '', status: effective.status ?? '', member: effective.member ?? '' })
  const page = search.page ?? 1
  const consultants = useRemote(() => deskApi.call('desk-consultants', {}), [deskApi])
  const result = useRemote(
    () =>
      deskApi.call('desk-bookings', {
        from: toYmd(effective.from),
        to: toYmd(effective.to),
        staffId: effective.staffId,
        status: effective.status,
        member: effective.member || undefined,
        page,
        pageSize: PAGE_SIZE,
      }),
    [deskApi, effective.from, effective.to, effective.staffId, effective.status, effective.member, page],
  )
  const nowSec = Math.floor(Date.now() / 1000)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch({
      from: form.from || undefined,
      to: form.to || undefined,
      staffId: form.staffId || undefined,
      status: (form.status || undefined) as DeskBookingStatus | undefined,
      member: form.member.trim() || undefined,
      page: 1,
    })
  }
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }))

  const columns = useMemo<ColumnDef<DeskBooking, unknown>[]>(
    () => [
      { id: 'time', header: t.columns.time, cell: ({ row }) => <Text whiteSpace="nowrap">{whenLabel(row.original)}</Text> },
      { id: 'member', header: t.columns.member, cell: ({ row }) => <MemberLink booking={row.original} /> },
      { id: 'ticket', header: t.columns.ticket, cell: ({ row }) => <Text fontFamily="mono" fontSize="xs">{row.original.ticketNumber}</Text> },
      { id: 'product', header: t.columns.product, cell: ({ row }) => row.original.productName },
      { id: 'consultant', header: t.columns.consultant, cell: ({ row }) => <Consultant booking={row.original} /> },
      { id: 'status', header: t.columns.status, cell: ({ row }) => <BookingStatusBadge status={row.original.status} /> },
      { id: 'room', header: t.columns.room, cell: ({ row }) => <Stays booking={row.original} /> },
      { id: 'actions', header: t.columns.actions, cell: ({ row }) => <Actions booking={row.original} nowSec={nowSec} /> },
    ],
    [nowSec],
  )
  const rows = result.data?.items ?? []
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      <chakra.form onSubmit={submit} role="search" aria-label={t.title}>
        <Flex gap="3" align="end" wrap="wrap">
          <Field.Root w={{ base: 'calc(50% - 6px)', md: '40' }}>
            <Field.Label>{t.from}</Field.Label>
            <Input type="date" size="sm" value={form.from} onChange={set('from')} />
          </Field.Root>
          <Field.Root w={{ base: 'calc(50% - 6px)', md: '40' }}>
            <Field.Label>{t.to}</Field.Label>
            <Input type="date" size="sm" value={form.to} onChange={set('to')} />
          </Field.Root>
          <Field.Root w={{ base: 'calc(50% - 6px)', md: '40' }}>
            <Field.Label>{t.consultant}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={form.staffId} onChange={set('staffId')}>
                <option value="">{c.all}</option>
                {(consultants.data?.items ?? []).map((s) => (
                  <option key={s.staffId} value={s.staffId}>
                    {s.staffNickname}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root w={{ base: 'calc(50% - 6px)', md: '40' }}>
            <Field.Label>{t.status}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={form.status} onChange={set('status')}>
                <option value="">{c.all}</option>
                {Object.entries(deskBookingStatusText).map(([key, text]) => (
                  <option key={key} value={key}>
                    {text}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root w={{ base: 'full', md: '72' }}>
            <Field.Label>{t.member}</Field.Label>
            <Input type="search" size="sm" value={form.member} maxLength={SEARCH_MAX} autoComplete="off" onChange={set('member')} />
          </Field.Root>
          <HStack gap="2">
            <Button type="submit" size="sm" colorPalette="brand">
              {c.search}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setForm({ from: '', to: '', staffId: '', status: '', member: '' })
                onSearch({})
              }}
            >
              {c.clear}
            </Button>
          </HStack>
        </Flex>
      </chakra.form>
      {/* Wide screens: the table. Phones: one card per booking, 担当 and 操作 on the card itself. */}
      <Box hideBelow="md">
        <DataTable
          caption={t.title}
          columns={columns}
          rows={rows}
          status={result.status}
          error={failureMessage(result.error)}
          onRetry={result.reload}
          paging={result.data ?? undefined}
          onPage={(p) => onSearch({ ...search, page: p })}
          rowKey={(row) => row.ticketNumber}
          rowData={(row) => ({ 'data-ticket-number': row.ticketNumber, 'data-status': row.status })}
        />
      </Box>
      <Box hideFrom="md">
        <BookingCards rows={rows} status={result.status} error={result.error} onRetry={result.reload} nowSec={nowSec} />
        {result.data && result.data.total > result.data.pageSize && (
          <Pager paging={{ page, pageSize: result.data.pageSize, total: result.data.total }} busy={result.status === 'loading'} onPage={(next) => onSearch({ ...search, page: next })} />
        )}
      </Box>
    </Stack>
  )
}

function MemberLink({ booking: b }: { booking: DeskBooking }) {
  return (
    <ChakraLink asChild colorPalette="brand" fontWeight="medium">
      <Link to="/staff/members/$memberId" params={{ memberId: b.memberId }}>
        {b.memberCancelled ? t.cancelledMember : b.memberName}
      </Link>
    </ChakraLink>
  )
}

function Consultant({ booking: b }: { booking: DeskBooking }) {
  return (
    <Box whiteSpace="nowrap">
      {b.staffNickname}
      {b.noPreference && (
        <Text as="span" fontSize="xs" color="fg.muted" ms="1">
          （{t.noPreference}）
        </Text>
      )}
    </Box>
  )
}

/** ONLINE: who came into the room and when (JST); a phone booking has no room. */
function Stays({ booking: b }: { booking: DeskBooking }) {
  return b.supportType === 'ONLINE' ? <RoomStays stays={b.roomStays} compact /> : <Text as="span" color="fg.muted">—</Text>
}

function Actions({ booking: b, nowSec }: { booking: DeskBooking; nowSec: number }) {
  return (
    <HStack gap="3" fontSize="sm" whiteSpace="nowrap">
      <ChakraLink asChild colorPalette="brand" aria-label={t.memberPageFor(b.memberName)}>
        <Link to="/staff/members/$memberId" params={{ memberId: b.memberId }}>
          {t.memberPage}
        </Link>
      </ChakraLink>
      {assignable(b, nowSec) ? (
        <ChakraLink asChild colorPalette="brand" aria-label={t.assignmentFor(b.ticketNumber)}>
          <Link to="/staff/assignments">{t.assignment}</Link>
        </ChakraLink>
      ) : (
        <Text as="span" color="fg.muted" title={t.notAssignable} aria-label={t.notAssignable}>
          —
        </Text>
      )}
    </HStack>
  )
}

function BookingCards({ rows, status, error, onRetry, nowSec }: { rows: DeskBooking[]; status: 'loading' | 'ready' | 'failed'; error: unknown; onRetry: () => void; nowSec: number }) {
  if (status === 'failed')
    return (
      <Box>
        <Text color="fg.error">{failureMessage(error) ?? c.loadFailed}</Text>
        <Button mt="2" size="sm" variant="outline" onClick={onRetry}>
          {c.retry}
        </Button>
      </Box>
    )
  if (rows.length === 0) return <Text color="fg.muted">{status === 'loading' ? c.loading : c.empty}</Text>
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={t.title} aria-busy={status === 'loading'}>
      {rows.map((b) => (
        <Box as="li" key={b.ticketNumber} data-ticket-number={b.ticketNumber} data-status={b.status} bg="bg" borderWidth="1px" borderRadius="md" p="3">
          <Flex justify="space-between" gap="2" align="start">
            <Text fontWeight="bold">{whenLabel(b)}</Text>
            <BookingStatusBadge status={b.status} />
          </Flex>
          <MemberLink booking={b} />
          <Text fontSize="sm" color="fg.muted">
            {b.productName}・<chakra.span fontFamily="mono">{b.ticketNumber}</chakra.span>
          </Text>
          {b.supportType === 'ONLINE' && <RoomStays stays={b.roomStays} />}
          <Flex justify="space-between" align="center" gap="2" mt="2" wrap="wrap">
            <HStack gap="1" fontSize="sm">
              <Text as="span" color="fg.muted">
                {t.columns.consultant}
              </Text>
              <Consultant booking={b} />
            </HStack>
            <Actions booking={b} nowSec={nowSec} />
          </Flex>
        </Box>
      ))}
    </Stack>
  )
}
