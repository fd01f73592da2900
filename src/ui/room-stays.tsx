import { Stack, Text } from '@chakra-ui/react'
import { formatDateTimeUnix } from '../../contract/jst'
import type { RoomStay } from '../../contract/room'
import { roomText as t } from '../text/room'

/**
 * When each side came into an online consultation's room and left (room_presence), JST: every view
 * that shows an ONLINE consultation to the staff (the consultant's day and past, the desk's bookings
 * and today's lists) draws it with this, from the same rows. `compact` leaves the heading out where
 * a column or the list already says what it is.
 */
export function RoomStays({ stays, compact = false }: { stays: readonly RoomStay[]; compact?: boolean }) {
  return (
    <Stack gap="0" as="section" aria-label={t.staysTitle} data-testid="room-stays">
      {!compact && <Text fontSize="sm" fontWeight="bold">{t.staysTitle}</Text>}
      {stays.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">{t.noStays}</Text>
      ) : (
        stays.map((s, i) => (
          <Text key={i} fontSize="sm">
            {t.stay(t.stayWho[s.side], formatDateTimeUnix(s.joinedUnixTime), s.leftUnixTime === null ? null : formatDateTimeUnix(s.leftUnixTime))}
          </Text>
        ))
      )}
    </Stack>
  )
}
