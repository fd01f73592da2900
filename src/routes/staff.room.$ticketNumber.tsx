import { Box, Button } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { ymdOf, JstDate } from '../../contract/jst'
import type { RoomAccessResponse } from '../../contract/room'
import type { StaffApiClient } from '../api/staff-client'
import { refuseOtherRoles } from '../app/staff/staff-role-guard'
import { OutcomePanel } from '../features/staff/consultations/consultation-outcome/outcome-panel'
import { RoomPage } from '../features/room/room-page'
import { useRemote } from '../ui/use-remote'
import { roomText } from '../text/room'

/** The consultant's side of an online consultation; when it ends, the outcome is recorded from here. */
export const Route = createFileRoute('/staff/room/$ticketNumber')({
  staticData: { staffRoles: ['consultant'] },
  beforeLoad: (options): void => refuseOtherRoles(options),
  component: StaffRoom,
})

/** 対応結果を記録: the consultation as the consultant's day has it, in the outcome form of their day. */
function RoomOutcome({ staffApi, room }: { staffApi: StaffApiClient; room: RoomAccessResponse }) {
  const [open, setOpen] = useState(false)
  const [saved, setSaved] = useState(false)
  const day = useRemote(() => staffApi.call('consultant-day', { from: ymdOf(JstDate.at(room.startUnixTime * 1000)), days: 1 }), [staffApi, room.startUnixTime])
  const consultation = day.status === 'ready' ? day.data.consultations.find((c) => c.ticketNumber === room.ticketNumber) : undefined
  if (saved || !consultation) return null
  if (!open) return <Box><Button colorPalette="brand" onClick={() => setOpen(true)}>{roomText.recordOutcome}</Button></Box>
  return <OutcomePanel staffApi={staffApi} consultation={consultation} onSaved={() => setSaved(true)} onClose={() => setOpen(false)} />
}

function StaffRoom() {
  const { services, staffApi } = Route.useRouteContext()
  const { ticketNumber } = Route.useParams()
  const ports = {
    loadRoom: (n: string) => staffApi.call('room-access', { ticketNumber: n }),
    getToken: () => services.identity.getIdToken(),
  }
  return (
    <RoomPage ports={ports} ticketNumber={ticketNumber} side="consultant" backHref="/staff" backLabel={roomText.backDay} afterEnd={(room) => <RoomOutcome staffApi={staffApi} room={room} />} />
  )
}
