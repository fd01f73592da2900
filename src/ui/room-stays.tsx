import { Stack, Text } from '@chakra-ui/react'
import { formatDateTimeUnix } from '../../contract/jst'
import type { RoomStay } from '../../contract/room'
import { roomText as t } from '../text/room'

/** When each side came into an online consultation's room and left (room_presence): the consultant's day and the desk. */
export function RoomStays({ stays }: { stays: readonly RoomStay[] }) {
  return (
    <Stack gap="0" as="section" aria-label={t.staysTitle} data-testid="room-stays">
      <Text fontSize="sm" fontWeight="bold">{t.staysTitle}</Text>
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
