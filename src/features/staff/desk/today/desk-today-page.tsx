import { Box, Button, Flex, Heading, HStack, Link as ChakraLink, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { DeskBooking, DeskTodayResponse } from '../../../../../contract/desk/bookings'
import { formatYen } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskBookingStatusText, deskCommonText as c, deskTodayText as t } from '../../../../text/desk'
import { BookingStatusBadge, bookingStatusPalette } from '../../../../ui/booking-status-badge'
import { ErrorBanner } from '../../../../ui/error-banner'
import { dayLabel, LoopBadges, whenLabel } from '../../../../ui/staff-consultation'
import { memberStayShort, RoomStays } from '../../../../ui/room-stays'
import { useRemote } from '../../../../ui/use-remote'

type Day = DeskTodayResponse['today']
type Money = DeskTodayResponse['purchases']

const pad = (n: number) => String(n).padStart(2, '0')
/** HH:MM in Japan of unix seconds. */
const clock = (seconds: number) => {
  const jst = new Date(seconds * 1000 + 9 * 3600 * 1000)
  return `${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}`
}
/** The day of a `SUPPORT-YYYYMMDD-HH-MM` as the bookings page's date filter writes it (YYYY-MM-DD). */
const isoDayOf = (b: Pick<DeskBooking, 'reservationTime'>) => isoDay(b.reservationTime.slice(8, 16))
const isoDay = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`

/**
 * 今日の状況, the operator's landing: the day at a glance from one call (desk-today). Every item
 * is a link to where it is handled: a consultation to the member's page, a consultant's row to
 * their day on the bookings page, a day to 割り当て.
 */
export function DeskTodayPage({ deskApi }: { deskApi: DeskApiClient }) {
  const glance = useRemote(() => deskApi.call('desk-today', {}), [deskApi])
  const g = glance.data
  return (
    <Stack gap="6">
      <Flex justify="space-between" align="start" gap="3" wrap="wrap">
        <Box>
          <Heading as="h1" size="xl">
            {t.title}
          </Heading>
          {g && <Text color="fg.muted">{t.lead(dayLabel(g.today.ymd), clock(g.now))}</Text>}
        </Box>
        <Button size="sm" variant="outline" onClick={glance.reload} loading={glance.status === 'loading' && g !== null}>
          {t.reload}
        </Button>
      </Flex>
      {glance.status === 'failed' && (
        <Box>
          <ErrorBanner title={c.loadFailed} description={failureMessage(glance.error)} />
          <Button mt="2" size="sm" variant="outline" onClick={glance.reload}>
            {c.retry}
          </Button>
        </Box>
      )}
      {!g ? (
        glance.status === 'loading' && (
          <Stack gap="4" role="status" aria-label={c.loading}>
            <Skeleton h="20" />
            <Skeleton h="40" />
            <Skeleton h="40" />
          </Stack>
        )
      ) : (
        <>
          <SimpleGrid as="ul" columns={{ base: 2, md: 3, lg: 6 }} gap="3" listStyleType="none" aria-label={t.title}>
            <Figure label={t.cards.today} value={t.count(g.today.total)} href="#desk-board-today" />
            <Figure label={t.cards.outcomesMissing} value={t.count(g.outcomesMissing.total)} href="#desk-outcomes" alert={g.outcomesMissing.total > 0} />
            <Figure label={t.cards.followUps} value={t.count(g.followUps.total)} href="#desk-follow-ups" alert={g.followUps.total > 0} />
            <Figure label={t.cards.noCallReports} value={t.count(g.noCallReports.total)} href="#desk-no-call-reports" alert={g.noCallReports.total > 0} />
            <Figure label={t.cards.purchases} value={t.count(g.purchases.count)} sub={formatYen(g.purchases.yen)} href="#desk-purchases" />
            <Figure label={t.cards.refunds} value={t.count(g.refunds.count)} sub={formatYen(g.refunds.yen)} href="#desk-refunds" />
          </SimpleGrid>
          <Legend />
          <Board id="desk-board-today" title={t.boardToday(dayLabel(g.today.ymd))} day={g.today} />
          <Board id="desk-board-tomorrow" title={t.boardTomorrow(dayLabel(g.tomorrow.ymd))} day={g.tomorrow} />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
            <BookingList id="desk-outcomes" title={t.outcomesTitle} lead={t.outcomesLead} empty={t.outcomesEmpty} list={g.outcomesMissing} />
            <BookingList id="desk-follow-ups" title={t.followUpsTitle} lead={t.followUpsLead} empty={t.followUpsEmpty} list={g.followUps} />
            <BookingList id="desk-no-call-reports" title={t.noCallReportsTitle} lead={t.noCallReportsLead} empty={t.noCallReportsEmpty} list={g.noCallReports} />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
            <MoneyList id="desk-purchases" title={t.purchasesTitle} money={g.purchases} />
            <MoneyList id="desk-refunds" title={t.refundsTitle} money={g.refunds} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  )
}

function Figure({ label, value, sub, href, alert = false }: { label: string; value: string; sub?: string; href: string; alert?: boolean }) {
  return (
    <Box as="li">
      <ChakraLink
        href={href}
        display="block"
        h="full"
        p="3"
        bg="bg"
        borderWidth="1px"
        borderRadius="md"
        borderColor={alert ? 'red.solid' : 'border'}
        textDecoration="none"
        _hover={{ borderColor: 'brand.solid' }}
      >
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" color={alert ? 'fg.error' : 'fg'} lineHeight="1.2">
          {value}
        </Text>
        {sub && <Text fontSize="sm">{sub}</Text>}
      </ChakraLink>
    </Box>
  )
}

function Legend() {
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm" aria-label={t.legend} role="group">
      <Text color="fg.muted">{t.legend}</Text>
      {(['UNSUPPORTED', 'COMPLETED', 'UNSOLVED', 'NO_CONTACT', 'REFUNDED'] as const).map((s) => (
        <BookingStatusBadge key={s} status={s} />
      ))}
    </HStack>
  )
}

/** A day's board: a row per consultant, each consultation a chip (time, member, status colour). */
function Board({ id, title, day }: { id: string; title: string; day: Day }) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <Flex justify="space-between" align="baseline" gap="2" wrap="wrap" mb="3">
        <Heading as="h2" size="md" id={`${id}-title`}>
          {title}
          <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="2">
            {t.count(day.total)}
          </Text>
        </Heading>
        <HStack gap="4" fontSize="sm">
          <ChakraLink asChild colorPalette="brand">
            <Link to="/staff/assignments">{t.toAssignments}</Link>
          </ChakraLink>
          <ChakraLink asChild colorPalette="brand">
            <Link to="/staff/bookings" search={{ from: isoDay(day.ymd), to: isoDay(day.ymd) }}>
              {t.toBookings}
            </Link>
          </ChakraLink>
        </HStack>
      </Flex>
      {day.total === 0 && (
        <Text color="fg.muted" mb="2">
          {t.boardEmpty}
        </Text>
      )}
      <Stack as="ul" gap="0" listStyleType="none">
        {day.consultants.map((s) => (
          <Flex
            as="li"
            key={s.staffId}
            data-staff-id={s.staffId}
            // On a phone a consultant without consultations that day is left out (the day says 予約なし by its total).
            hideBelow={s.consultations.length === 0 ? 'md' : undefined}
            direction={{ base: 'column', md: 'row' }}
            gap={{ base: '1', md: '3' }}
            py="2"
            borderTopWidth="1px"
            align={{ base: 'stretch', md: 'center' }}
          >
            <Box w={{ md: '36' }} flexShrink={0}>
              <ChakraLink asChild fontWeight="medium" colorPalette="brand" aria-label={t.consultantDay(s.staffNickname)}>
                <Link to="/staff/bookings" search={{ staffId: s.staffId, from: isoDay(day.ymd), to: isoDay(day.ymd) }}>
                  {s.staffNickname}
                </Link>
              </ChakraLink>
              {!s.active && (
                <Text as="span" fontSize="xs" color="fg.muted" ms="1">
                  （{t.inactive}）
                </Text>
              )}
            </Box>
            {s.consultations.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t.noConsultation}
              </Text>
            ) : (
              <Flex as="ul" gap="2" wrap="wrap" listStyleType="none">
                {s.consultations.map((b) => (
                  <Chip key={b.ticketNumber} booking={b} />
                ))}
              </Flex>
            )}
          </Flex>
        ))}
      </Stack>
    </Box>
  )
}

function Chip({ booking: b }: { booking: DeskBooking }) {
  const palette = bookingStatusPalette[b.status]
  // An online consultation: when the member came into its room (room_presence), as the lists below say in full.
  const stay = b.supportType === 'ONLINE' ? memberStayShort(b.roomStays) : null
  return (
    <Box as="li" data-ticket-number={b.ticketNumber} data-status={b.status}>
      <ChakraLink asChild colorPalette={palette} textDecoration="none" _hover={{ textDecoration: 'underline' }}>
        <Link to="/staff/members/$memberId" params={{ memberId: b.memberId }}>
          <HStack
            gap="2"
            rowGap="0"
            wrap="wrap"
            px="2"
            py="1"
            bg="colorPalette.subtle"
            color="colorPalette.fg"
            borderLeftWidth="4px"
            borderColor="colorPalette.solid"
            borderRadius="sm"
            fontSize="sm"
            opacity={b.status === 'REFUNDED' ? 0.75 : 1}
          >
            <Text as="span" fontWeight="bold" fontVariantNumeric="tabular-nums">
              {clock(b.startUnixTime)}
            </Text>
            <Text as="span" textDecoration={b.status === 'REFUNDED' ? 'line-through' : undefined}>
              {b.memberName}
            </Text>
            <Text as="span" fontSize="xs">
              {deskBookingStatusText[b.status]}
            </Text>
            {stay && (
              <Text as="span" fontSize="xs" fontVariantNumeric="tabular-nums" data-testid="chip-room-stay">
                {stay}
              </Text>
            )}
          </HStack>
        </Link>
      </ChakraLink>
    </Box>
  )
}

function BookingList({ id, title, lead, empty, list }: { id: string; title: string; lead: string; empty: string; list: { items: DeskBooking[]; total: number } }) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <Heading as="h2" size="md" id={`${id}-title`}>
        {title}
        <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="2">
          {t.count(list.total)}
        </Text>
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {lead}
      </Text>
      {list.items.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none">
          {list.items.map((b) => (
            <Flex as="li" key={b.ticketNumber} data-ticket-number={b.ticketNumber} gap="2" py="2" borderTopWidth="1px" wrap="wrap" align="center" justify="space-between">
              <Box minW="0">
                <Text fontSize="sm">
                  {whenLabel(b)}
                  <Text as="span" color="fg.muted" ms="2" fontFamily="mono" fontSize="xs">
                    {b.ticketNumber}
                  </Text>
                </Text>
                <HStack gap="2" wrap="wrap">
                  <ChakraLink asChild colorPalette="brand" fontWeight="medium">
                    <Link to="/staff/members/$memberId" params={{ memberId: b.memberId }}>
                      {b.memberName}
                    </Link>
                  </ChakraLink>
                  <Text as="span" fontSize="sm" color="fg.muted">
                    {c.minutes(b.minutes)}
                  </Text>
                </HStack>
                {b.supportType === 'ONLINE' && <RoomStays stays={b.roomStays} compact />}
              </Box>
              <HStack gap="2" fontSize="sm">
                <LoopBadges
                  followUpDue={b.status === 'UNSOLVED' ? b.followUpDue : null}
                  noCallReported={(b.status === 'UNSUPPORTED' || b.status === 'NO_CONTACT') && b.noCallReportedUnixTime !== null}
                />
                <BookingStatusBadge status={b.status} />
                <ChakraLink asChild colorPalette="brand" aria-label={t.consultantDay(b.staffNickname)}>
                  <Link to="/staff/bookings" search={{ staffId: b.staffId, from: isoDayOf(b), to: isoDayOf(b) }}>
                    {b.staffNickname}
                  </Link>
                </ChakraLink>
              </HStack>
            </Flex>
          ))}
          {list.total > list.items.length && (
            <Text as="li" fontSize="sm" color="fg.muted" pt="2">
              {t.more(list.items.length, list.total)}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  )
}

function MoneyList({ id, title, money }: { id: string; title: string; money: Money }) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <Heading as="h2" size="md" id={`${id}-title`} mb="2">
        {title}
        <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="2">
          {t.count(money.count)}・{formatYen(money.yen)}
        </Text>
      </Heading>
      {money.items.length === 0 ? (
        <Text color="fg.muted">{t.moneyEmpty}</Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none">
          {money.items.map((p, i) => (
            <Flex as="li" key={`${p.ticketNumber}-${i}`} data-ticket-number={p.ticketNumber} gap="2" py="2" borderTopWidth="1px" justify="space-between" wrap="wrap" fontSize="sm">
              <HStack gap="2" minW="0" wrap="wrap">
                <Text as="span" fontVariantNumeric="tabular-nums" color="fg.muted">
                  {clock(p.at)}
                </Text>
                <ChakraLink asChild colorPalette="brand" fontWeight="medium">
                  <Link to="/staff/members/$memberId" params={{ memberId: p.memberId }}>
                    {p.memberName}
                  </Link>
                </ChakraLink>
                <Text as="span">{p.productName}</Text>
              </HStack>
              <Text as="span" fontWeight="medium" fontVariantNumeric="tabular-nums">
                {formatYen(p.amount)}
              </Text>
            </Flex>
          ))}
          {money.count > money.items.length && (
            <Text as="li" fontSize="sm" color="fg.muted" pt="2">
              {t.more(money.items.length, money.count)}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  )
}
