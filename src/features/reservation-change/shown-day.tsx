import { Alert, Text } from '@chakra-ui/react'
import type { DateMove } from '../../../machines/reservation-change/schedule-slots'
import { scheduleText as t } from '../../text/schedule'
import { longDayLabel } from '../../../contract/schedule-dates'

/**
 * The day the grid shows, above it, and why it is not the day asked for (product.md §4: the schedule
 * served another day; a holiday or a full day no longer moves the date silently).
 */
export function ShownDay({ date, moved }: { date: string; moved: DateMove | null }) {
  return (
    <>
      <Text fontWeight="bold">{t.shownDate(longDayLabel(date))}</Text>
      {moved && (
        <Alert.Root status="info" role="status" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t.moved[moved.reason](longDayLabel(moved.from), longDayLabel(date))}</Alert.Title>
        </Alert.Root>
      )}
    </>
  )
}
