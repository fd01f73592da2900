import { Badge, Box, Button, Card, HStack, Image, Link, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { Ticket } from '../../../contract/entities'
import type { SavedFile } from '../../api/ticket-calendar'
import { saveFile } from '../../ui/save-file'
import { homeText } from '../../text/home'
import { roomText } from '../../text/room'
import { formatReservation } from '../../../contract/jst'
import { PathLink } from '../../ui/path-link'
import { canAddToCalendar, canChangeTicket, changeClosedNote, rateButton, ticketLabel, type TicketLabel } from '../../../contract/ticket-rules'
import { parseReservationTime } from '../../../contract/reservation-time'
import { NoCallReport, type ReportNoCall } from './no-call-report'

const palettes: Record<TicketLabel, string> = {
  completed: 'completed',
  reserved: 'reserved',
  checking: 'reserved',
  noContact: 'expired',
  refunded: 'refunded',
}

const t = homeText.tickets

/** A booking's calendar file, fetched with the member's token (src/api/ticket-calendar.ts). */
export type CalendarFileOf = (ticketNumber: string) => Promise<SavedFile>

/**
 * 「カレンダーに追加」 (docs/product.md §6): fetches the booking's calendar file and hands it to the
 * browser's download; a failure is said under the buttons.
 */
function AddToCalendar({ ticketNumber, calendarFile, onFailed }: { ticketNumber: string; calendarFile: CalendarFileOf; onFailed: (failed: boolean) => void }) {
  const [busy, setBusy] = useState(false)
  const add = async () => {
    setBusy(true)
    onFailed(false)
    try {
      saveFile(await calendarFile(ticketNumber))
    } catch {
      onFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button size="sm" variant="outline" colorPalette="brand" loading={busy} onClick={() => void add()}>
      {t.addToCalendar}
    </Button>
  )
}

/**
 * One held SUPPORT/ADD ticket: label of product.md §4, change and rate buttons of product.md §6; an
 * ADD names its consultation (`parent`). With `calendarFile`, a booking still to come offers
 * 「カレンダーに追加」; with `reportNoCall`, the "no call came" report (no-call-report.tsx).
 */
export function TicketCard({ ticket, now, parent = null, calendarFile, reportNoCall }: { ticket: Ticket; now: Date; parent?: Ticket | null; calendarFile?: CalendarFileOf; reportNoCall?: ReportNoCall }) {
  const [calendarFailed, setCalendarFailed] = useState(false)
  const label = ticketLabel(ticket, now)
  const calendar = calendarFile !== undefined && canAddToCalendar(ticket, now)
  // An extension (ADD) is held only with its consultation (docs/product.md §4) and names it.
  const parentWhen = parent ? parseReservationTime(parent.reservationTime) : null
  const when = parseReservationTime(ticket.reservationTime)
  const rate = rateButton(ticket)
  const encoded = encodeURIComponent(ticket.ticketNumber)
  // An online consultation still booked: its room (docs/product.md "The online consultation room").
  const room = ticket.productType === 'SUPPORT' && ticket.supportType === 'ONLINE' && label === 'reserved' && ticket.reservationUnixTime !== null
  return (
    <Card.Root as="article" aria-label={ticket.productName} data-ticket-number={ticket.ticketNumber} size="sm">
      <Card.Body>
        <HStack align="start" gap="4">
          <Image src={`/images/icon_${ticket.minutesToSupport}min.png`} alt="" boxSize="14" flexShrink={0} />
          <Stack gap="1" flex="1" minW="0">
            <HStack wrap="wrap" gap="2">
              <Text fontWeight="bold">{ticket.productName}</Text>
              <Badge colorPalette={palettes[label]} variant="solid" data-label={label}>
                {homeText.labels[label]}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t.ticketNumber}: {ticket.ticketNumber}
            </Text>
            {when && (
              <Text fontSize="sm">
                {t.reservation}: {formatReservation(when.ymd, when.hour, when.minute)}
              </Text>
            )}
            {parent && (
              <Text fontSize="sm" data-testid="extends">
                {t.extends}: {parentWhen ? `${formatReservation(parentWhen.ymd, parentWhen.hour, parentWhen.minute)} ` : ''}
                {parent.staff?.staffNickname ? `${parent.staff.staffNickname} ` : ''}（{parent.ticketNumber}）
              </Text>
            )}
            {ticket.productType === 'SUPPORT' && (
              <Text fontSize="sm">
                {/* Each "label: value" stays whole; a narrow card breaks at the slash, never inside a word. */}
                <Box as="span" display="inline-block">
                  {t.staff}: {ticket.staff?.staffNickname ?? t.noAssign}
                </Box>
                {ticket.supportType && (
                  <>
                    {' ／ '}
                    <Box as="span" display="inline-block">
                      {t.supportType}: {homeText.supportType[ticket.supportType]}
                    </Box>
                  </>
                )}
              </Text>
            )}
            <Text fontSize="sm" color="fg.muted">
              {t.minutes(ticket.minutesToSupport)}
            </Text>
          </Stack>
        </HStack>
        {changeClosedNote(ticket, now) && (
          <Text fontSize="sm" color="fg.muted" mt="3" data-testid="change-closed">
            {t.changeClosed}
          </Text>
        )}
        {(canChangeTicket(ticket, now) || rate !== 'hidden' || calendar || room) && (
          <HStack justify="end" mt="3" gap="2" wrap="wrap">
            {room && (
              <Button asChild size="sm" colorPalette="brand">
                <PathLink href={`/room/${encoded}`}>{roomText.enter}</PathLink>
              </Button>
            )}
            {calendar && <AddToCalendar ticketNumber={ticket.ticketNumber} calendarFile={calendarFile} onFailed={setCalendarFailed} />}
            {canChangeTicket(ticket, now) && (
              <Button asChild size="sm" colorPalette="brand">
                <PathLink href={`/support/reservation-date-change?ticketNumber=${encoded}`}>{t.change}</PathLink>
              </Button>
            )}
            {rate === 'rate' && (
              <Button asChild size="sm" colorPalette="brand" variant="outline">
                <PathLink href={`/rating?ticketNumber=${encoded}`}>{t.rate}</PathLink>
              </Button>
            )}
            {rate === 'rated' && (
              <Button size="sm" variant="outline" disabled>
                {t.rated}
              </Button>
            )}
          </HStack>
        )}
        {calendarFailed && (
          <Text role="alert" fontSize="sm" color="fg.error" mt="2" textAlign="end">
            {t.addToCalendarFailed}
          </Text>
        )}
        {reportNoCall && <NoCallReport ticket={ticket} now={now} report={reportNoCall} />}
      </Card.Body>
    </Card.Root>
  )
}

/**
 * The free interview ticket (product.md §4 "First-time user"): the phone-consultation card when the
 * ticket-is-free flag is set (always, today), the interview card otherwise.
 */
export function InterviewTicketCard({ ticket, kind, offered = ticket.supportStatus === 'UNSUPPORTED' }: { ticket: Ticket; kind: 'interview' | 'phone'; offered?: boolean }) {
  const text = kind === 'phone' ? homeText.phoneCard : homeText.interviewCard
  // The free phone consultation is offered to a first-time member only (product.md §4); once used it says so.
  const used = !offered
  return (
    <Card.Root as="article" aria-label={text.title} data-ticket-number={ticket.ticketNumber} size="sm" variant="subtle">
      <Card.Body>
        <Stack gap="1">
          <Text fontWeight="bold">{text.title}</Text>
          {used && kind === 'phone' ? (
            <Text fontSize="sm" color="fg.muted">{homeText.phoneCard.used}</Text>
          ) : (
            <>
              <Text fontSize="sm">{text.body}</Text>
              {kind === 'phone' && ticket.interviewTelNumber && (
                <Box>
                  <Text fontSize="sm" color="fg.muted">{homeText.phoneCard.tel}</Text>
                  <Link href={`tel:${ticket.interviewTelNumber.replace(/-/g, '')}`} fontSize="xl" fontWeight="bold" color="brand.fg">
                    {ticket.interviewTelNumber}
                  </Link>
                </Box>
              )}
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
