import { Badge, Stack, Text } from '@chakra-ui/react'
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

/** The member's latest stay in the room, or null when they never came in. */
const memberLatest = (stays: readonly RoomStay[]): RoomStay | null => stays.filter((s) => s.side === 'member').at(-1) ?? null

/**
 * The member is in the room now (decision 120): their latest stay has no leaving time and the room
 * has not closed (`closesUnixTime`; a connection cut without a goodbye leaves no leaving time
 * either, so a closed room claims nobody).
 */
export const memberInRoom = (stays: readonly RoomStay[], closesUnixTime: number, nowMs: number): boolean => {
  const last = memberLatest(stays)
  return last !== null && last.leftUnixTime === null && nowMs < closesUnixTime * 1000
}

/** 「会員が入室中」: on a consultation's card while the member is in its room (the consultant sees a late member arrive). */
export function MemberInRoomBadge() {
  return (
    <Badge colorPalette="completed" variant="solid" data-testid="member-in-room">
      {t.memberInRoom}
    </Badge>
  )
}

/** The member's latest stay in a few characters (HH:MM in Japan), for a chip of 今日の状況's board; null when they never came in. */
export function memberStayShort(stays: readonly RoomStay[]): string | null {
  const last = memberLatest(stays)
  if (!last) return null
  const hm = (seconds: number) => formatDateTimeUnix(seconds).slice(-5)
  return t.memberStayShort(hm(last.joinedUnixTime), last.leftUnixTime === null ? null : hm(last.leftUnixTime))
}
