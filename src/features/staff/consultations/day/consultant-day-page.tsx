import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import type { Consultation, ConsultantDayResponse } from '../../../../../contract/staff-calls'
import { offeredOutcomes } from '../../../../../machines/consultation-outcome/consultation-outcome-machine'
import type { StaffApiClient } from '../../../../api/staff-client'
import { consultantDayText as t } from '../../../../text/staff'
import { ConsultationDetails, dayLabel, dayOf, liveFirst, LoopBadges, loopOf, StatusBadge, timeRange } from '../../../../ui/staff-consultation'
import { ExtensionLinkButton } from './extension-link-button'
import { ROOM_GRACE_MINUTES } from '../../../../../contract/room'
import { hasStarted } from '../../../../../contract/outcome-rules'
import { roomText } from '../../../../text/room'
import { PathLink } from '../../../../ui/path-link'
import { MemberInRoomBadge, memberInRoom, RoomStays } from '../../../../ui/room-stays'

/** How many days the consultant's list spans: today and the next two weeks (Japan). */
export const CONSULTANT_DAYS = 14

/**
 * How often the day is read again while shown (decision 121): a member coming into the room late,
 * an outcome recorded elsewhere, show without a reload.
 */
export const DAY_REFRESH_MS = 20_000

/**
 * An outcome is recorded once a live consultation has started, while it has not got its final
 * status. A refunded or cancelled one has no actions (docs/server.md "Consultation state").
 */
const canRecord = (c: Consultation, nowMs: number) => c.state === 'live' && c.startUnixTime * 1000 <= nowMs && offeredOutcomes(c.supportStatus, c.noContact).length > 0
/**
 * An extension is offered for a live consultation under way: started (an extension of one not yet
 * begun makes no sense to the member, and the server refuses it, decision 121) and not yet given an
 * outcome.
 */
const canExtend = (c: Consultation, nowMs: number) => c.state === 'live' && c.supportStatus === 'UNSUPPORTED' && hasStarted(c, nowMs)

/**
 * 今日の相談: today's and upcoming consultations (Japan time), each with what the consultant needs
 * to reach the member, the outcome form (`outcomePanel`, the consultation-outcome flow composed by
 * the route) and the extension link.
 */
export function ConsultantDayPage({
  day,
  staffApi,
  outcomePanel,
}: {
  day: ConsultantDayResponse
  staffApi: StaffApiClient
  outcomePanel: (consultation: Consultation, close: () => void) => ReactNode
}) {
  const [recording, setRecording] = useState<string | null>(null)
  // The list is reloaded after every outcome, and with every visit: read the clock as it renders.
  const now = Date.now()
  const today = day.from
  const todays = liveFirst(day.consultations.filter((c) => dayOf(c) === today))
  const later = day.consultations.filter((c) => dayOf(c) !== today)
  const laterDays = [...new Set(later.map(dayOf))]

  const card = (c: Consultation) => {
    // A refunded or cancelled booking: muted, marked, its note instead of actions (docs/server.md
    // "Consultation state"); the cell's live booking, if any, is the only one a consultant acts on.
    if (c.state !== 'live') {
      return (
        <Card.Root key={c.ticketNumber} as="article" size="sm" variant="subtle" color="fg.muted" aria-label={`${timeRange(c)} ${c.memberName}（${t.ended[c.state]}）`} data-ticket-number={c.ticketNumber} data-state={c.state}>
          <Card.Body>
            <Stack gap="1">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="bold" textDecoration="line-through">
                  {timeRange(c)} {c.memberName}
                </Text>
                <StatusBadge consultation={c} />
              </HStack>
              <Text fontSize="sm">{t.endedNote[c.state]}</Text>
              <Text fontSize="sm">
                {t.ticketNumber}: {c.ticketNumber}
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      )
    }
    return (
      <Card.Root key={c.ticketNumber} as="article" size="sm" aria-label={`${timeRange(c)} ${c.memberName}`} data-ticket-number={c.ticketNumber} data-state={c.state}>
        <Card.Header>
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Heading as="h3" size="md">
              {timeRange(c)} {c.memberName}
            </Heading>
            <HStack gap="2" wrap="wrap">
              {/* A late member arriving after ご連絡なし is seen at once (decision 120). */}
              {c.supportType === 'ONLINE' && memberInRoom(c.roomStays, c.endUnixTime + ROOM_GRACE_MINUTES * 60, now) && <MemberInRoomBadge />}
              <LoopBadges {...loopOf(c)} />
              <StatusBadge consultation={c} />
            </HStack>
          </HStack>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <ConsultationDetails consultation={c} />
            {c.supportType === 'ONLINE' && <RoomStays stays={c.roomStays} />}
            {recording === c.ticketNumber ? (
              outcomePanel(c, () => setRecording(null))
            ) : (
              <HStack gap="3" wrap="wrap">
                {canRecord(c, now) && (
                  <Button size="sm" colorPalette="brand" onClick={() => setRecording(c.ticketNumber)}>
                    {t.recordOutcome}
                  </Button>
                )}
                {c.supportType === 'ONLINE' && now / 1000 < c.endUnixTime + ROOM_GRACE_MINUTES * 60 && (
                  <Button asChild size="sm" colorPalette="brand" variant="outline">
                    <PathLink href={`/staff/room/${encodeURIComponent(c.ticketNumber)}`}>{roomText.enterStaff}</PathLink>
                  </Button>
                )}
                {canExtend(c, now) && <ExtensionLinkButton staffApi={staffApi} ticketNumber={c.ticketNumber} />}
              </HStack>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    )
  }

  return (
    <Stack gap="8">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Box as="section" aria-labelledby="staff-day-today">
        <Heading id="staff-day-today" as="h2" size="lg" mb="3">
          {t.today} {dayLabel(today)}
        </Heading>
        {todays.length ? <Stack gap="4">{todays.map(card)}</Stack> : <Text color="fg.muted">{t.emptyToday}</Text>}
      </Box>
      <Box as="section" aria-labelledby="staff-day-upcoming">
        <Heading id="staff-day-upcoming" as="h2" size="lg" mb="3">
          {t.upcoming}
        </Heading>
        {laterDays.length ? (
          <Stack gap="6">
            {laterDays.map((ymd) => (
              <Stack key={ymd} gap="3">
                <Heading as="h3" size="md" color="fg.muted">
                  {dayLabel(ymd)}
                </Heading>
                {liveFirst(later.filter((c) => dayOf(c) === ymd)).map(card)}
              </Stack>
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted">{t.empty}</Text>
        )}
      </Box>
    </Stack>
  )
}
