import { createFileRoute } from '@tanstack/react-router'
import { RoomPage } from '../features/room/room-page'
import { roomText } from '../text/room'

/** The member's side of an online consultation (docs/product.md "The online consultation room"). */
export const Route = createFileRoute('/_auth/room/$ticketNumber')({
  component: MemberRoom,
})

function MemberRoom() {
  const { services } = Route.useRouteContext()
  const { ticketNumber } = Route.useParams()
  const ports = {
    loadRoom: (n: string) => services.api.call('room-access', { ticketNumber: n }),
    getToken: () => services.identity.getIdToken(),
  }
  return <RoomPage ports={ports} ticketNumber={ticketNumber} side="member" backHref="/" backLabel={roomText.backHome} />
}
