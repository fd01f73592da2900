import { Button, HStack, IconButton, Stack, Text, useBreakpointValue } from '@chakra-ui/react'
import { NativeSelect } from '../../ui/later-recipes/native-select'
import { useEffect, useState } from 'react'
import { scheduleText as t } from '../../text/schedule'
import { dayLabel, daysBetween, parseYmd } from '../../../contract/schedule-dates'

export type DatePickerProps = {
  first: string
  last: string
  selected: string
  holidays: string[]
  onSelect: (ymd: string) => void
  disabled?: boolean
}

/**
 * Day choice (product.md §2, §5 Reservation dates): a strip of day buttons, 4 at a time and 7 from
 * 768 px, plus a drop-down of the same days, today … 2 weeks ahead.
 */
export function DatePicker({ first, last, selected, holidays, onSelect, disabled = false }: DatePickerProps) {
  const days = daysBetween(first, last)
  const perPage = useBreakpointValue({ base: 4, md: 7 }) ?? 4
  const selectedIndex = Math.max(0, days.indexOf(selected))
  const [start, setStart] = useState(() => Math.floor(selectedIndex / perPage) * perPage)
  // Keep the selected day in view when it changes from outside (drop-down, served date).
  useEffect(() => {
    setStart((s) => (selectedIndex < s || selectedIndex >= s + perPage ? Math.floor(selectedIndex / perPage) * perPage : s))
  }, [selectedIndex, perPage])
  const page = days.slice(start, start + perPage)

  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t.dateHint}
      </Text>
      <HStack gap="1" role="group" aria-label={t.dateStripLabel}>
        <IconButton aria-label={t.previousDates} variant="ghost" size="sm" disabled={start === 0} onClick={() => setStart(Math.max(0, start - perPage))}>
          ‹
        </IconButton>
        {page.map((d) => {
          const holiday = holidays.includes(d)
          const day = parseYmd(d)
          // Two lines (date, weekday) and a holiday mark: 4 buttons fit a 390 px phone.
          return (
            <Button
              key={d}
              flex="1"
              minW="0"
              h="auto"
              py="1"
              px="1"
              size="sm"
              flexDirection="column"
              gap="0"
              lineHeight="1.3"
              variant={d === selected ? 'solid' : 'outline'}
              colorPalette={holiday ? 'gray' : 'brand'}
              aria-label={t.dayButtonLabel(dayLabel(d), holiday)}
              aria-pressed={d === selected}
              disabled={disabled}
              onClick={() => d !== selected && onSelect(d)}
            >
              <span>{`${day.monthValue()}/${day.dayOfMonth()}`}</span>
              <Text as="span" fontSize="xs" fontWeight="normal">
                {dayLabel(d).slice(dayLabel(d).indexOf('('))}
              </Text>
              <Text
                as="span"
                fontSize="2xs"
                fontWeight="normal"
                color={d === selected ? undefined : 'fg.error'}
                visibility={holiday ? 'visible' : 'hidden'}
                aria-hidden="true"
              >
                {t.holiday}
              </Text>
            </Button>
          )
        })}
        <IconButton
          aria-label={t.nextDates}
          variant="ghost"
          size="sm"
          disabled={start + perPage >= days.length}
          onClick={() => setStart(Math.min(days.length - 1, start + perPage))}
        >
          ›
        </IconButton>
      </HStack>
      <NativeSelect.Root size="sm" maxW="xs" disabled={disabled}>
        <NativeSelect.Field aria-label={t.dateSelectLabel} value={selected} onChange={(e) => onSelect(e.currentTarget.value)}>
          {days.map((d) => (
            <option key={d} value={d}>
              {dayLabel(d)}
              {holidays.includes(d) ? ` ${t.holiday}` : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  )
}
