import { Badge } from '@chakra-ui/react'
import type { DeskBookingStatus } from '../../contract/desk/bookings'
import { deskBookingStatusText } from '../text/desk'

/**
 * The palette of a booking's status on the desk's pages (src/theme.ts domain palettes; 未解決 is
 * the one state that asks for work, in red). The word is always written beside the colour.
 */
export const bookingStatusPalette: Record<DeskBookingStatus, string> = {
  UNSUPPORTED: 'reserved',
  COMPLETED: 'completed',
  UNSOLVED: 'red',
  UNSOLVED_COMPLETED: 'completed',
  NO_CONTACT: 'expired',
  REFUNDED: 'refunded',
}

export function BookingStatusBadge({ status }: { status: DeskBookingStatus }) {
  return (
    <Badge colorPalette={bookingStatusPalette[status]} variant={status === 'UNSOLVED' ? 'solid' : 'subtle'} whiteSpace="nowrap">
      {deskBookingStatusText[status]}
    </Badge>
  )
}
