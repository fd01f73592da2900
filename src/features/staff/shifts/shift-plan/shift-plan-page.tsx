import { Alert, Box, Button, chakra, Heading, HStack, Input, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { Table } from '../../../../ui/later-recipes/table'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import type { ShiftChange } from '../../../../../contract/staff-calls'
import { heldBookingsOf } from '../../../../../contract/staff-messages'
import type { ShiftPlanActorRef } from '../../../../../machines/shift-plan/shift-plan-machine'
import { shiftPlanView } from '../../../../../machines/shift-plan/shift-plan-view'
import type { StaffApiClient } from '../../../../api/staff-client'
import { shiftPlanText as t, staffCommonText } from '../../../../text/staff'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { ErrorBanner } from '../../../../ui/error-banner'
import { dayLabel } from '../../../../ui/staff-consultation'
import { StaffPageSkeleton } from '../../../../ui/staff-page-states'
import { useShiftPlanActor } from './use-shift-plan-actor'

/** 09:00, 09:30 … 21:00: the business day on the 30-minute grid (docs/product.md §9). */
const times = Array.from({ length: 25 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`)

export type StaffOption = { staffId: string; staffNickname: string }

/**
 * 勤務予定: the weekly plan and dated exceptions of a consultant. `staffOptions` (operators): the
 * consultants to choose from; without it the page edits the signed-in consultant's own plan.
 */
export function ShiftPlanPage({ staffApi, ownStaffId, staffOptions }: { staffApi: StaffApiClient; ownStaffId: string | null; staffOptions?: StaffOption[] }) {
  const actor = useShiftPlanActor(staffApi, ownStaffId ?? staffOptions?.[0]?.staffId ?? null)
  const loading = useSelector(actor, shiftPlanView.isLoading)
  const loadFailed = useSelector(actor, shiftPlanView.isLoadFailed)
  const staffId = useSelector(actor, (s) => s.context.staffId)
  const message = useSelector(actor, (s) => s.context.message)

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      {staffOptions && (
        <Box maxW="xs">
          <chakra.label htmlFor="shift-staff" fontWeight="medium" display="block" mb="1">
            {t.consultantLabel}
          </chakra.label>
          <NativeSelect.Root>
            <NativeSelect.Field id="shift-staff" value={staffId ?? ''} onChange={(e) => actor.send({ type: 'staff.choose', staffId: e.target.value })}>
              {staffOptions.map((o) => (
                <option key={o.staffId} value={o.staffId}>
                  {o.staffNickname}（{o.staffId}）
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
      )}
      {loading ? (
        <StaffPageSkeleton title={t.weeklyTitle} rows={2} />
      ) : loadFailed ? (
        <Stack gap="3">
          <ErrorBanner title={staffCommonText.loadFailed} description={message || undefined} />
          <Button alignSelf="start" variant="outline" onClick={() => actor.send({ type: 'retry' })}>
            {t.reload}
          </Button>
        </Stack>
      ) : (
        <ShiftPlanForm actor={actor} />
      )}
    </Stack>
  )
}

function TimeSelect({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {times.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

const periodsText = (ps: { start: string; end: string }[]) => ps.map((p) => `${p.start}〜${p.end}`).join('、')

/** What a change does to the member's grid, a day a line (the server's preview or the save's answer). */
function ChangeList({ changes }: { changes: ShiftChange[] }) {
  if (changes.length === 0) return <Text>{t.noGridChange}</Text>
  return (
    <List.Root as="ul" gap="2" ps="4" aria-label={t.confirmLead}>
      {changes.map((c) => (
        <List.Item key={c.ymd} data-ymd={c.ymd}>
          <Text as="span" fontWeight="bold">
            {dayLabel(c.ymd)}
            {c.holiday && t.holidayNote}
          </Text>{' '}
          <Text as="span">{`${c.before.length ? periodsText(c.before) : t.dayOff} → ${c.after.length ? periodsText(c.after) : t.dayOff}`}</Text>
          {c.lost.length > 0 && <Text color="fg.error" fontSize="sm">{`${t.lost}：${periodsText(c.lost)}`}</Text>}
          {c.gained.length > 0 && <Text color="fg.success" fontSize="sm">{`${t.gained}：${periodsText(c.gained)}`}</Text>}
        </List.Item>
      ))}
    </List.Root>
  )
}

function ShiftPlanForm({ actor }: { actor: ShiftPlanActorRef }) {
  const weekly = useSelector(actor, (s) => s.context.weekly)
  const exceptions = useSelector(actor, (s) => s.context.exceptions)
  const days = useSelector(actor, (s) => s.context.days)
  const message = useSelector(actor, (s) => s.context.message)
  const outcome = useSelector(actor, shiftPlanView.outcome)
  const saving = useSelector(actor, shiftPlanView.isSaving)
  const previewing = useSelector(actor, shiftPlanView.isPreviewing)
  const confirming = useSelector(actor, shiftPlanView.isConfirming)
  const changes = useSelector(actor, (s) => s.context.changes)
  const derived = useSelector(actor, (s) => s.context.planSource === 'rows')
  const invalid = useSelector(actor, shiftPlanView.isPlanInvalid)
  const canSave = useSelector(actor, shiftPlanView.canSave)
  const canRetry = useSelector(actor, shiftPlanView.canRetry)
  const [newDay, setNewDay] = useState('')

  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: canRetry ? 'retry' : 'form.submit' })
  }
  const addException = () => {
    const ymd = newDay.replace(/-/g, '')
    if (/^\d{8}$/.test(ymd)) actor.send({ type: 'plan.edit', edit: { kind: 'exception.add', ymd } })
    setNewDay('')
  }

  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="8">
        {outcome === 'saved' && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t.saved}</Alert.Title>
              <Alert.Description>
                <ChangeList changes={changes} />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {outcome === 'refused' && (
          <Stack gap="2">
            <ErrorBanner
              title={t.refused}
              description={
                heldBookingsOf(message).length > 0 ? (
                  <List.Root as="ul" ps="4" aria-label={t.refusedBookings}>
                    {heldBookingsOf(message).map((b) => (
                      <List.Item key={b}>{b}</List.Item>
                    ))}
                  </List.Root>
                ) : (
                  <Text whiteSpace="pre-wrap">{message}</Text>
                )
              }
            />
            <ChakraLink asChild colorPalette="brand" alignSelf="start">
              <Link to="/staff/assignments">{t.toAssignments}</Link>
            </ChakraLink>
          </Stack>
        )}
        {derived && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{t.derivedNote}</Alert.Description>
          </Alert.Root>
        )}
        <ConfirmDialog
          open={confirming || saving}
          title={t.confirmTitle}
          cancelLabel={t.backToEdit}
          confirmLabel={t.save}
          busy={saving}
          loadingText={t.saving}
          onConfirm={() => actor.send({ type: 'save.confirm' })}
          onCancel={() => actor.send({ type: 'save.cancel' })}
        >
          <Stack gap="3">
            <Text>{t.confirmLead}</Text>
            <ChangeList changes={changes} />
          </Stack>
        </ConfirmDialog>
        {outcome === 'failed' && <ErrorBanner title={t.failed} description={message || undefined} />}

        <Box as="fieldset">
          <Heading as="legend" size="md" mb="3">
            {t.weeklyTitle}
          </Heading>
          <Stack gap="3">
            {weekly.map((periods, weekday) => {
              const day = t.weekdays[weekday]
              return (
                <HStack key={weekday} gap="3" align="center" wrap="wrap" data-weekday={weekday + 1}>
                  <Text fontWeight="bold" w="6">
                    {day}
                  </Text>
                  {periods.length === 0 && <Text color="fg.muted">{t.dayOff}</Text>}
                  {periods.map((p, index) => (
                    <HStack key={index} gap="1">
                      <TimeSelect label={t.startLabel(day)} value={p.start} onChange={(value) => actor.send({ type: 'plan.edit', edit: { kind: 'period.change', weekday, index, field: 'start', value } })} />
                      <Text>〜</Text>
                      <TimeSelect label={t.endLabel(day)} value={p.end} onChange={(value) => actor.send({ type: 'plan.edit', edit: { kind: 'period.change', weekday, index, field: 'end', value } })} />
                      <Button size="xs" variant="ghost" aria-label={`${day}曜日の時間帯${index + 1}を削除`} onClick={() => actor.send({ type: 'plan.edit', edit: { kind: 'period.remove', weekday, index } })}>
                        ×
                      </Button>
                    </HStack>
                  ))}
                  <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'plan.edit', edit: { kind: 'period.add', weekday } })}>
                    {`${day}曜日に${t.working}時間を追加`}
                  </Button>
                </HStack>
              )
            })}
          </Stack>
        </Box>

        <Box as="fieldset">
          <Heading as="legend" size="md" mb="3">
            {t.exceptionsTitle}
          </Heading>
          <Stack gap="3">
            {exceptions.length === 0 && <Text color="fg.muted">{t.noExceptions}</Text>}
            {exceptions.map((e) => (
              <HStack key={e.ymd} gap="3" wrap="wrap" data-ymd={e.ymd}>
                <Text fontWeight="medium" minW="8em">
                  {dayLabel(e.ymd)}
                </Text>
                <chakra.label display="flex" alignItems="center" gap="1">
                  <chakra.input type="checkbox" checked={e.off} onChange={(ev) => actor.send({ type: 'plan.edit', edit: { kind: 'exception.change', ymd: e.ymd, field: 'off', value: ev.target.checked } })} w="4" h="4" accentColor="teal.600" />
                  {t.exceptionOff}
                </chakra.label>
                {!e.off && (
                  <HStack gap="1">
                    <TimeSelect label={`${dayLabel(e.ymd)} ${t.exceptionStart}`} value={e.start} onChange={(value) => actor.send({ type: 'plan.edit', edit: { kind: 'exception.change', ymd: e.ymd, field: 'start', value } })} />
                    <Text>〜</Text>
                    <TimeSelect label={`${dayLabel(e.ymd)} ${t.exceptionEnd}`} value={e.end} onChange={(value) => actor.send({ type: 'plan.edit', edit: { kind: 'exception.change', ymd: e.ymd, field: 'end', value } })} />
                  </HStack>
                )}
                <Button size="xs" variant="ghost" aria-label={`${dayLabel(e.ymd)}の例外を${t.removeException}`} onClick={() => actor.send({ type: 'plan.edit', edit: { kind: 'exception.remove', ymd: e.ymd } })}>
                  {t.removeException}
                </Button>
              </HStack>
            ))}
            <HStack gap="2" align="end">
              <Box>
                <chakra.label htmlFor="shift-exception-day" display="block" fontSize="sm" mb="1">
                  {t.exceptionDate}
                </chakra.label>
                <Input id="shift-exception-day" type="date" size="sm" value={newDay} onChange={(e) => setNewDay(e.target.value)} />
              </Box>
              <Button size="sm" variant="outline" disabled={!newDay} onClick={addException}>
                {t.addException}
              </Button>
            </HStack>
          </Stack>
        </Box>

        {invalid && <Text color="fg.error">{t.invalidTime}</Text>}
        <Button type="submit" colorPalette="brand" alignSelf="start" disabled={!canSave && !canRetry} loading={previewing} loadingText={t.previewing}>
          {t.review}
        </Button>

        {days.length > 0 && (
          <Box>
            <Heading as="h2" size="md" mb="3">
              {t.upcomingTitle}
            </Heading>
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" aria-label={t.upcomingTitle}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t.exceptionDate}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.hours}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.bookings}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {days.map((d) => (
                    <Table.Row key={d.ymd}>
                      <Table.Cell whiteSpace="nowrap">{dayLabel(d.ymd)}</Table.Cell>
                      {/* A busy day's list wraps after each 、 instead of widening the table past a phone's screen. */}
                      <Table.Cell whiteSpace="normal" overflowWrap="anywhere">{d.holiday ? t.holiday : d.periods.length ? d.periods.map((p) => `${p.start}〜${p.end}`).join('、') : t.dayOff}</Table.Cell>
                      <Table.Cell whiteSpace="normal" overflowWrap="anywhere">{d.bookings.length ? d.bookings.map((b) => `${b.start}〜${b.end}`).join('、') : '—'}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Box>
        )}
      </Stack>
    </chakra.form>
  )
}
