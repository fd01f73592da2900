import { Alert, Box, Heading, Stack, Text } from '@chakra-ui/react'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { ReservationChangeActorRef } from '../../../machines/reservation-change/reservation-change-machine'
import { reservationChangeView } from '../../../machines/reservation-change/reservation-change-view'
import { scheduleText as t } from '../../text/schedule'
import { PageCard } from '../../ui/page-card'
import { PageSpinner } from '../../ui/page-spinner'
import { toaster } from '../../ui/toaster'
import { BandPicker } from './band-picker'
import { ConfirmChangeDialog } from './confirm-change-dialog'
import { DatePicker } from './date-picker'
import { reservationLabel } from '../../../contract/schedule-dates'
import { parseReservationTime } from '../../../contract/reservation-time'
import { ShownDay } from './shown-day'
import { ScheduleGrid } from './schedule-grid'
import { StepBreadcrumb } from '../../ui/step-breadcrumb'

/**
 * The date and consultant screen shared by /support/staff (new purchase) and
 * /support/reservation-date-change (change): renders the reservation-change chart.
 */
/** The grid cell of the reservation being changed (product.md §2: the change page marks where it is now). */
function currentSlotOf(ticket: { reservationTime: string | null; staff?: { staffId: string } | null }) {
  const at = parseReservationTime(ticket.reservationTime)
  if (!at) return null
  const pad = (n: number) => String(n).padStart(2, '0')
  return { ymd: at.ymd, time: `${pad(at.hour)}-${pad(at.minute)}`, staffId: ticket.staff?.staffId ?? null }
}

export function ReservationPage({ actor, toast }: { actor: ReservationChangeActorRef; toast?: string }) {
  const changeMode = useSelector(actor, reservationChangeView.isChangeMode)
  const view = useSelector(actor, (s) => s.context.view)
  const date = useSelector(actor, (s) => s.context.date)
  const band = useSelector(actor, (s) => s.context.band)
  const choice = useSelector(actor, (s) => s.context.choice)
  const slotTaken = useSelector(actor, (s) => s.context.slotTaken)
  const ticket = useSelector(actor, (s) => s.context.ticket)
  const moved = useSelector(actor, (s) => s.context.moved)
  const loading = useSelector(actor, reservationChangeView.isLoading)
  const canPick = useSelector(actor, reservationChangeView.canPick)
  const gridTop = useRef<HTMLDivElement>(null)
  // The checkout sends members back with a message (STAFF_DENY / STAFF_ASSING_DENY, product.md §8). Same id
  // as the grid's "saved slot gone" toast, which follows when the refused slot is no longer open:
  // one toast, not two near-identical ones.
  useEffect(() => {
    if (toast) toaster.create({ id: 'saved-slot-gone', title: toast, type: 'warning' })
  }, [toast])

  return (
    <Stack gap="4" w="full">
      <StepBreadcrumb variant={changeMode ? 'change' : 'purchase'} current="staff" onCurrentStep={() => gridTop.current?.scrollIntoView({ behavior: 'smooth' })} />
      <PageCard title={changeMode ? t.changeTitle : t.staffTitle}>
        <Stack gap="6" ref={gridTop}>
          {slotTaken && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{t.slotTaken}</Alert.Title>
            </Alert.Root>
          )}
          {ticket && (
            <Box bg="bg.muted" p="3" borderRadius="l2" fontSize="sm">
              <Text fontWeight="bold">{t.currentReservation}</Text>
              <Text>
                {t.ticket}: {ticket.productName}（{ticket.ticketNumber}）
              </Text>
              <Text>
                {reservationLabel(ticket.reservationTime)} {ticket.staff?.staffNickname ?? ''}
              </Text>
            </Box>
          )}
          {!view ? (
            <PageSpinner />
          ) : (
            <>
              <Stack gap="2">
                <Heading as="h2" size="md">
                  {t.dateHeading}
                </Heading>
                <DatePicker
                  first={view.schedule.firstDate}
                  last={view.schedule.lastDate}
                  selected={date}
                  holidays={view.holidays}
                  disabled={!canPick}
                  onSelect={(d) => actor.send({ type: 'date.select', date: d })}
                />
              </Stack>
              <Stack gap="2">
                <Heading as="h2" size="md">
                  {t.bandHeading}
                </Heading>
                <BandPicker band={band} disabled={!canPick} onSelect={(b) => actor.send({ type: 'band.select', band: b })} />
              </Stack>
              <Stack gap="2" position="relative" aria-busy={loading}>
                <Heading as="h2" size="md">
                  {t.gridHeading}
                </Heading>
                <ShownDay date={date} moved={loading ? null : moved} />
                {loading ? (
                  <PageSpinner />
                ) : (
                  <ScheduleGrid
                    view={view}
                    band={band}
                    selected={choice}
                    disabled={!canPick}
                    current={ticket ? currentSlotOf(ticket) : null}
                    onSelect={(c) => actor.send({ type: 'slot.select', choice: c })}
                  />
                )}
              </Stack>
            </>
          )}
        </Stack>
      </PageCard>
      <ConfirmChangeDialog actor={actor} />
    </Stack>
  )
}
