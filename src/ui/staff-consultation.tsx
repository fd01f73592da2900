import type { ReactNode } from 'react'
import { Badge, DataList, HStack, Link as ChakraLink, Text } from '@chakra-ui/react'
import type { Consultation } from '../../contract/staff-calls'
import { formatDayJa, JstDate } from '../../contract/jst'
import { parseReservationTime, clockOf } from '../../contract/reservation-time'
import { buyText as checkoutText } from '../text/checkout'
import { consultantDayText as t } from '../text/staff'

const pad = (n: number) => String(n).padStart(2, '0')

/** 11月25日（水） for a `YYYYMMDD` day (Japan); with its year when that is not this year (contract/jst.ts `formatDayJa`). */
export function dayLabel(ymd: string, now?: Date): string {
  return formatDayJa(JstDate.of(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)), Number(ymd.slice(6, 8))), now)
}

/** 10:30〜11:30 (Japan wall clock) of a consultation. */
export function timeRange(c: Pick<Consultation, 'startUnixTime' | 'endUnixTime'>): string {
  const clock = (seconds: number) => {
    const jst = new Date(seconds * 1000 + 9 * 3600 * 1000)
    return `${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}`
  }
  return `${clock(c.startUnixTime)}〜${clock(c.endUnixTime)}`
}

/** 11月25日（水） 10:30 of a consultation's `SUPPORT-YYYYMMDD-HH-MM` (2025年1月7日（火） 10:30 in another year). */
export function whenLabel(c: Pick<Consultation, 'reservationTime'>, now?: Date): string {
  const at = parseReservationTime(c.reservationTime)
  return at ? `${dayLabel(at.ymd, now)} ${clockOf(at)}` : c.reservationTime
}

/** The day (`YYYYMMDD`) a consultation is on. */
export const dayOf = (c: Pick<Consultation, 'reservationTime'>): string => parseReservationTime(c.reservationTime)?.ymd ?? ''

/**
 * The status as the staff pages name it: a refunded or cancelled booking by its state (返金済み /
 * 取消, never 未対応: docs/server.md "Consultation state"), ご連絡なし beside UNSUPPORTED.
 */
export const statusLabel = (c: Pick<Consultation, 'supportStatus' | 'noContact' | 'state'>): string =>
  c.state !== 'live' ? t.ended[c.state] : c.noContact && c.supportStatus === 'UNSUPPORTED' ? t.status.NO_CONTACT : (t.status[c.supportStatus] ?? c.supportStatus)

export function StatusBadge({ consultation }: { consultation: Pick<Consultation, 'supportStatus' | 'noContact' | 'state'> }) {
  const palette =
    consultation.state !== 'live'
      ? 'refunded'
      : consultation.supportStatus === 'COMPLETED' || consultation.supportStatus === 'UNSOLVED_COMPLETED'
        ? 'completed'
        : consultation.noContact
          ? 'expired'
          : 'reserved'
  return (
    <Badge colorPalette={palette} variant={consultation.state === 'live' ? 'subtle' : 'solid'} data-state={consultation.state}>
      {statusLabel(consultation)}
    </Badge>
  )
}

/**
 * What the consultation loop still owes, beside the status (docs/decisions.md 85–86): 未解決's
 * follow-up due day (pass it only while UNSOLVED and not refunded), and the member's report that
 * no call came (while no outcome but ご連絡なし is recorded). Nothing when neither.
 */
export function LoopBadges({ followUpDue, noCallReported }: { followUpDue: string | null; noCallReported: boolean }) {
  return (
    <>
      {followUpDue && (
        <Badge colorPalette="expired" variant="outline" data-testid="follow-up-due">
          {t.followUpDue(dayLabel(followUpDue))}
        </Badge>
      )}
      {noCallReported && (
        <Badge colorPalette="expired" variant="solid" data-testid="no-call-reported">
          {t.noCallReported}
        </Badge>
      )}
    </>
  )
}

/** LoopBadges of a staff consultation: only a live one owes anything. */
export const loopOf = (c: Pick<Consultation, 'state' | 'supportStatus' | 'followUpDue' | 'noCallReportedUnixTime'>) => ({
  followUpDue: c.state === 'live' && c.supportStatus === 'UNSOLVED' ? c.followUpDue : null,
  noCallReported: c.state === 'live' && c.supportStatus === 'UNSUPPORTED' && c.noCallReportedUnixTime !== null,
})

/** Live consultations first, then the refunded and cancelled ones, each in the server's order (by start). */
export const liveFirst = <C extends Pick<Consultation, 'state'>>(list: readonly C[]): C[] => [...list.filter((c) => c.state === 'live'), ...list.filter((c) => c.state !== 'live')]

/**
 * What a consultant needs to call or meet the member: name, how (a TEL number to dial, or the
 * online meeting's address), the concern, device, OS, remote-support wish, minutes and the
 * extensions (ADD) bought on it.
 */
export function ConsultationDetails({ consultation: c }: { consultation: Consultation }) {
  const rows: Array<[string, ReactNode]> = [
    [t.columns.member, c.memberName],
    [
      t.columns.method,
      c.supportType === 'TEL' && c.telNumber ? (
        <HStack gap="2">
          <Text as="span">{t.tel}</Text>
          <ChakraLink href={`tel:${c.telNumber}`} color="brand.fg">
            {c.telNumber}
          </ChakraLink>
        </HStack>
      ) : c.supportType === 'ONLINE' ? (
        `${t.online}${c.onlineEmail ? `（${c.onlineEmail}）` : ''}`
      ) : (
        '—'
      ),
    ],
    [t.columns.concern, c.concernText || '—'],
    [t.columns.device, c.device ? checkoutText.devices[c.device] : '—'],
    [t.columns.os, c.os ? checkoutText.oses[c.os] : '—'],
    [t.columns.remote, c.remoteSupport ? checkoutText.remoteSupports[c.remoteSupport] : '—'],
    [t.columns.minutes, `${c.minutes}分${c.menuTitles.length ? `（${c.menuTitles.join('、')}）` : ''}`],
    [t.columns.extensions, t.extensionCount(c.addTickets.length, c.addedMinutes)],
    [t.ticketNumber, c.ticketNumber],
  ]
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1.5">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="8.5em">{label}</DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="pre-wrap" wordBreak="break-word">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}
