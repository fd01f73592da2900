import { Box, Button, chakra, Heading, HStack, Input, List, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { BusinessHolidayUpdateRequest } from '../../../contract/staff-calls'
import { staffMessages } from '../../../contract/staff-messages'
import type { StaffApiClient } from '../../api/staff-client'
import { holidaysText as t } from '../../text/staff'
import { dayLabel } from '../../ui/staff-consultation'
import { toaster } from '../../ui/toaster'

/**
 * 休業日 (operators): the business holidays from today on; each add or removal is one call whose
 * answer is the new list. A day that holds bookings is refused with the server's message.
 */
export function BusinessHolidaysPage({ staffApi, holidays: initial }: { staffApi: StaffApiClient; holidays: Array<{ ymd: string }> }) {
  const [holidays, setHolidays] = useState(initial)
  const [day, setDay] = useState('')
  const [dayError, setDayError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const update = async (change: { add?: string[]; remove?: string[] }) => {
    setBusy(true)
    try {
      const answer = await staffApi.call('business-holiday-update', change)
      setHolidays(answer.holidays)
      toaster.create({ id: 'holidays', title: t.saved, type: 'success' })
      return true
    } catch (error) {
      toaster.create({ id: 'holidays', title: t.failed, description: error instanceof Error ? error.message : undefined, type: 'error' })
      return false
    } finally {
      setBusy(false)
    }
  }
  const add = async (e: FormEvent) => {
    e.preventDefault()
    // The call's own schema decides, as the server's does (contract/staff-calls.ts).
    const change = v.safeParse(BusinessHolidayUpdateRequest, { add: [day.replace(/-/g, '')] })
    if (!change.success) {
      setDayError(staffMessages.dateInvalid)
      return
    }
    setDayError(null)
    if (await update(change.output)) setDay('')
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      <chakra.form onSubmit={(e) => void add(e)} noValidate>
        <HStack gap="2" align="end">
          <Box>
            <chakra.label htmlFor="holiday-day" display="block" fontSize="sm" mb="1">
              {t.dateLabel}
            </chakra.label>
            <Input
              id="holiday-day"
              type="date"
              value={day}
              aria-invalid={dayError ? true : undefined}
              aria-describedby={dayError ? 'holiday-day-error' : undefined}
              onChange={(e) => {
                setDay(e.target.value)
                setDayError(null)
              }}
            />
            {dayError && (
              <Text id="holiday-day-error" role="alert" color="fg.error" fontSize="sm" mt="1">
                {dayError}
              </Text>
            )}
          </Box>
          <Button type="submit" colorPalette="brand" disabled={!day || busy} loading={busy}>
            {t.add}
          </Button>
        </HStack>
      </chakra.form>
      {holidays.length === 0 ? (
        <Text color="fg.muted">{t.empty}</Text>
      ) : (
        <List.Root as="ul" listStyle="none" gap="2" aria-label={t.title}>
          {holidays.map((h) => (
            <List.Item key={h.ymd} display="flex" alignItems="center" gap="3">
              <Text minW="9em">{dayLabel(h.ymd)}</Text>
              <Button size="xs" variant="outline" disabled={busy} aria-label={`${dayLabel(h.ymd)}を${t.remove}`} onClick={() => void update({ remove: [h.ymd] })}>
                {t.remove}
              </Button>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  )
}
