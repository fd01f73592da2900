import { Box, Grid, HStack, Stack, Text } from '@chakra-ui/react'
import { homeText } from '../../text/home'
import { calendarDays, weekdayJa, ymdOf } from '../../../contract/jst'

const c = homeText.calendar

/**
 * Three weeks from today in Japan time (product.md §9), marking business holidays and the member's
 * reservation days (product.md §2 "/"). Each day is a list item named by its date and marks, so it
 * reads well in a screen reader and tests find it by role.
 *
 * The weekdays head the 7 columns (the weeks start today, so each column is one weekday) and a
 * cell shows the day number and a short mark: at 390 px a cell is ~40 px wide, where
 * 「23（月）」 and 「ご予約日」 wrapped mid-word.
 */
export function HomeCalendar({ now, holidays, reservations }: { now: Date; holidays: Set<string>; reservations: Set<string> }) {
  const days = calendarDays(now)
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">{c.caption}</Text>
      <Stack gap="1">
        <Grid aria-hidden="true" templateColumns="repeat(7, minmax(0, 1fr))" gap="1">
          {days.slice(0, 7).map((day) => (
            <Text key={ymdOf(day)} fontSize="xs" color="fg.muted" textAlign="center">
              {weekdayJa(day)}
            </Text>
          ))}
        </Grid>
        <Grid as="ul" aria-label={c.title} templateColumns="repeat(7, minmax(0, 1fr))" gap="1" listStyleType="none" p="0" m="0">
          {days.map((day, i) => {
            const ymd = ymdOf(day)
            const holiday = holidays.has(ymd)
            const reserved = reservations.has(ymd)
            const marks = [i === 0 && c.today, holiday && c.holiday, reserved && c.reservation].filter(Boolean)
            const name = [c.dayLabel(day.monthValue(), day.dayOfMonth(), weekdayJa(day)), ...marks].join(' ')
            return (
              <Box
                as="li"
                key={ymd}
                aria-label={name}
                title={name}
                data-ymd={ymd}
                data-holiday={holiday || undefined}
                data-reservation={reserved || undefined}
                borderWidth="1px"
                borderColor={i === 0 ? 'brand.solid' : 'border'}
                borderRadius="md"
                p="1"
                minH="16"
                bg={holiday ? 'bg.muted' : 'bg'}
                textAlign="center"
              >
                <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                  {day.dayOfMonth() === 1 || i === 0 ? `${day.monthValue()}/` : ''}
                  {day.dayOfMonth()}
                </Text>
                {holiday && (
                  <Text fontSize="2xs" color="fg.error" fontWeight="bold" whiteSpace="nowrap">{c.holidayShort}</Text>
                )}
                {reserved && (
                  <Text fontSize="2xs" color="reserved.fg" fontWeight="bold" bg="reserved.subtle" borderRadius="sm" whiteSpace="nowrap">{c.reservationShort}</Text>
                )}
              </Box>
            )
          })}
        </Grid>
      </Stack>
      <HStack gap="4" fontSize="xs" aria-label={c.legend}>
        <HStack gap="1"><Box boxSize="3" bg="bg.muted" borderWidth="1px" /><Text>{c.holiday}</Text></HStack>
        <HStack gap="1"><Box boxSize="3" bg="reserved.subtle" borderWidth="1px" /><Text>{c.reservation}</Text></HStack>
      </HStack>
    </Stack>
  )
}
