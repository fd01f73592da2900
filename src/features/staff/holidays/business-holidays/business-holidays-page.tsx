import { Box, Button, chakra, Heading, HStack, Input, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { BusinessHolidayUpdateRequest } from '../../../../../contract/staff-calls'
import { heldBookingsOf, staffMessages } from '../../../../../contract/staff-messages'
import { failureStatus } from '../../../../../machines/shared/api-failure'
import type { StaffApiClient } from '../../../../api/staff-client'
import { holidaysText as t } from '../../../../text/staff'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { ErrorBanner } from '../../../../ui/error-banner'
import { dayLabel } from '../../../../ui/staff-consultation'
import { toaster } from '../../../../ui/toaster'

/**
 * 休業日 (operators): the business holidays from today on; each add or removal is confirmed first
 * and is one call whose answer is the new list, and says it is done. A day that holds bookings is
 * refused by the server (docs/server.md "Shifts and holidays"): the bookings are listed one a line
 * with a link to the assignments, where they are moved first.
 */
export function BusinessHolidaysPage({ staffApi, holidays: initial }: { staffApi: StaffApiClient; holidays: Array<{ ymd: string }> }) {
  const [holidays, setHolidays] = useState(initial)
  const [day, setDay] = useState('')
  const [dayError, setDayError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  /** The change waiting for confirmation. */
  const [pending, setPending] = useState<{ add?: string[]; remove?: string[] } | null>(null)
  const [refused, setRefused] = useState<string[] | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const update = async (change: { add?: string[]; remove?: string[] }) => {
    setBusy(true)
    setRefused(null)
    setDone(null)
    try {
      const answer = await staffApi.call('business-holiday-update', change)
      setHolidays(answer.holidays)
      const message = change.add ? t.added(dayLabel(change.add[0])) : t.removed(dayLabel(change.remove![0]))
      setDone(message)
      toaster.create({ id: 'holidays', title: message, type: 'success' })
      return true
    } catch (error) {
      const listed = error instanceof Error ? heldBookingsOf(error.message) : []
      if (failureStatus(error) === 409 && listed.length > 0) setRefused(listed)
      else toaster.create({ id: 'holidays', title: t.failed, description: error instanceof Error ? error.message : undefined, type: 'error' })
      return false
    } finally {
      setBusy(false)
      setPending(null)
    }
  }
  const add = (e: FormEvent) => {
    e.preventDefault()
    // The call's own schema decides, as the server's does (contract/staff-calls.ts).
    const change = v.safeParse(BusinessHolidayUpdateRequest, { add: [day.replace(/-/g, '')] })
    if (!change.success) {
      setDayError(staffMessages.dateInvalid)
      return
    }
    setDayError(null)
    setPending(change.output)
  }
  const confirm = async () => {
    if (!pending) return
    if ((await update(pending)) && pending.add) setDay('')
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      {done && (
        <Text role="status" color="fg.success" fontWeight="medium">
          {done}
        </Text>
      )}
      {refused && (
        <Stack gap="2">
          <ErrorBanner
            title={t.refused}
            description={
              <Stack gap="1">
                <Text>{t.refusedLead}</Text>
                <List.Root as="ul" ps="4">
                  {refused.map((b) => (
                    <List.Item key={b}>{b}</List.Item>
                  ))}
                </List.Root>
              </Stack>
            }
          />
          <ChakraLink asChild colorPalette="brand" alignSelf="start">
            <Link to="/staff/assignments">{t.toAssignments}</Link>
          </ChakraLink>
        </Stack>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.add ? t.addConfirmTitle : t.removeConfirmTitle}
        cancelLabel={t.cancel}
        confirmLabel={pending?.add ? t.add : t.remove}
        confirmColorPalette={pending?.add ? 'brand' : 'red'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => !busy && setPending(null)}
      >
        <Text>{pending?.add ? t.addConfirm(dayLabel(pending.add[0])) : pending?.remove ? t.removeConfirm(dayLabel(pending.remove[0])) : ''}</Text>
      </ConfirmDialog>
      <chakra.form onSubmit={add} noValidate>
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
              <Button size="xs" variant="outline" disabled={busy} aria-label={`${dayLabel(h.ymd)}を${t.remove}`} onClick={() => setPending({ remove: [h.ymd] })}>
                {t.remove}
              </Button>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  )
}
