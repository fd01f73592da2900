import { Badge, Box, Button, Card, chakra, Field, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { useState, type FormEvent, type ReactNode } from 'react'
import { hasStarted } from '../../../../../contract/outcome-rules'
import type { ConsultationRecord, PastFilter } from '../../../../../contract/staff-calls'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import { offeredOutcomes } from '../../../../../machines/consultation-outcome/consultation-outcome-machine'
import type { StaffApiClient } from '../../../../api/staff-client'
import { pastText as t, staffCommonText } from '../../../../text/staff'
import { ErrorBanner } from '../../../../ui/error-banner'
import { ConsultationDetails, LoopBadges, loopOf, StatusBadge, timeRange, whenLabel } from '../../../../ui/staff-consultation'
import { RoomStays } from '../../../../ui/room-stays'
import { useRemote } from '../../../../ui/use-remote'

/** The list as the URL keeps it; days `YYYY-MM-DD` (Japan), as date inputs give them. */
export type PastSearch = { filter?: PastFilter; from?: string; to?: string; page?: number; staffId?: string }

const FILTERS: PastFilter[] = ['ALL', 'NO_OUTCOME', 'OVERDUE', 'UNSOLVED']
const ymd = (day: string | undefined) => (day ? day.replaceAll('-', '') : undefined)

/** Something is still owed on it: an outcome (結果未記録, also after ご連絡なし) or the close of a 未解決. */
const canRecord = (c: ConsultationRecord, nowMs: number) => !c.refunded && hasStarted(c, nowMs) && offeredOutcomes(c.supportStatus, c.noContact).length > 0

/**
 * 過去の相談 (docs/product.md §10 "The consultant's past"): the consultations that have started,
 * newest first, paged by the server; all, 結果未記録 or 未解決, in a range of days. From a card the
 * consultant records a missing outcome or closes a 未解決 with its follow-up (`outcomePanel`, the
 * consultation-outcome flow composed by the route). An operator picks whose past, or everyone's.
 */
export function ConsultantPastPage({
  staffApi,
  operator,
  search,
  onSearch,
  outcomePanel,
}: {
  staffApi: StaffApiClient
  /** The caller is an operator: the consultant picker is shown. */
  operator: boolean
  search: PastSearch
  onSearch: (next: PastSearch) => void
  outcomePanel: (consultation: ConsultationRecord, close: () => void, saved: () => void) => ReactNode
}) {
  const filter = search.filter ?? 'ALL'
  const page = search.page ?? 1
  const list = useRemote(
    () =>
      staffApi.call('past-consultations', {
        filter,
        page,
        ...(search.staffId ? { staffId: search.staffId } : {}),
        ...(search.from ? { from: ymd(search.from) } : {}),
        ...(search.to ? { to: ymd(search.to) } : {}),
      }),
    [staffApi, filter, page, search.staffId, search.from, search.to],
  )
  const [range, setRange] = useState({ from: search.from ?? '', to: search.to ?? '' })
  // The panel open on one card belongs to the list it was opened from: another filter, page or range closes it.
  const listKey = JSON.stringify([filter, page, search.staffId, search.from, search.to])
  const [opened, setOpened] = useState<{ ticketNumber: string; listKey: string } | null>(null)
  const recording = opened?.listKey === listKey ? opened.ticketNumber : null
  const setRecording = (ticketNumber: string | null) => setOpened(ticketNumber ? { ticketNumber, listKey } : null)
  const [changed, setChanged] = useState(false)
  // A saved outcome may take the consultation out of the filter: the list is read again once the
  // panel (with its 記録しました) is closed, not under the consultant's eyes.
  const close = () => {
    setRecording(null)
    if (changed) {
      setChanged(false)
      list.reload()
    }
  }
  const submitRange = (e: FormEvent) => {
    e.preventDefault()
    onSearch({ ...search, from: range.from || undefined, to: range.to || undefined, page: 1 })
  }
  const data = list.data
  const now = Date.now()
  const first = data && data.total ? (data.page - 1) * data.pageSize + 1 : 0
  const last = data ? Math.min(data.total, (data.page - 1) * data.pageSize + data.consultations.length) : 0
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  const card = (c: ConsultationRecord) => (
    <Card.Root key={c.ticketNumber} as="article" size="sm" aria-label={`${whenLabel(c)} ${c.memberName}`} data-ticket-number={c.ticketNumber}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="md">
            {whenLabel(c)} {c.memberName}
          </Heading>
          <HStack gap="2" wrap="wrap">
            {operator && <Text fontSize="sm" color="fg.muted">{c.staffNickname}</Text>}
            <LoopBadges {...loopOf(c)} />
            <StatusBadge consultation={c} />
          </HStack>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {timeRange(c)}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Outcome consultation={c} />
          {c.supportType === 'ONLINE' && <RoomStays stays={c.roomStays} />}
          <chakra.details>
            <chakra.summary cursor="pointer" fontSize="sm" color="brand.fg">
              {t.details}
            </chakra.summary>
            <Box mt="2">
              <ConsultationDetails consultation={c} />
            </Box>
          </chakra.details>
          {recording === c.ticketNumber
            ? outcomePanel(c, close, () => setChanged(true))
            : canRecord(c, now) && (
                <Button alignSelf="start" size="sm" colorPalette="brand" onClick={() => setRecording(c.ticketNumber)}>
                  {c.supportStatus === 'UNSOLVED' ? t.closeUnsolved : t.recordOutcome}
                </Button>
              )}
        </Stack>
      </Card.Body>
    </Card.Root>
  )

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      <Stack gap="3">
        <HStack gap="2" wrap="wrap" role="group" aria-label={t.filterLabel}>
          {FILTERS.map((f) => (
            <Button key={f} size="sm" variant={f === filter ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={f === filter} onClick={() => onSearch({ ...search, filter: f, page: 1 })}>
              {t.filters[f]}
            </Button>
          ))}
        </HStack>
        <chakra.form onSubmit={submitRange} aria-label={t.rangeLabel}>
          <HStack gap="3" align="end" wrap="wrap">
            {operator && (
              <Field.Root w={{ base: 'full', sm: '56' }}>
                <Field.Label>{t.consultantLabel}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={search.staffId ?? ''} onChange={(e) => onSearch({ ...search, staffId: e.target.value || undefined, page: 1 })}>
                    <option value="">{t.allConsultants}</option>
                    {(data?.consultants ?? []).map((s) => (
                      <option key={s.staffId} value={s.staffId}>
                        {s.staffNickname}（{s.staffId}）
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
            <Field.Root w={{ base: 'full', sm: '44' }}>
              <Field.Label>{t.fromLabel}</Field.Label>
              <Input size="sm" type="date" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
            </Field.Root>
            <Field.Root w={{ base: 'full', sm: '44' }}>
              <Field.Label>{t.toLabel}</Field.Label>
              <Input size="sm" type="date" value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
            </Field.Root>
            <Button type="submit" size="sm" colorPalette="brand">
              {t.apply}
            </Button>
            {(search.from || search.to) && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setRange({ from: '', to: '' })
                  onSearch({ ...search, from: undefined, to: undefined, page: 1 })
                }}
              >
                {t.clearRange}
              </Button>
            )}
          </HStack>
        </chakra.form>
      </Stack>
      {list.status === 'failed' && <ErrorBanner title={staffCommonText.loadFailed} description={failureMessage(list.error) || undefined} />}
      {list.status === 'failed' && (
        <Button alignSelf="start" size="sm" variant="outline" onClick={list.reload}>
          {staffCommonText.retry}
        </Button>
      )}
      {list.status === 'loading' && !data ? (
        <HStack gap="2" color="fg.muted" role="status">
          <Spinner size="sm" />
          <Text>{staffCommonText.loading}</Text>
        </HStack>
      ) : data ? (
        <Stack gap="4" aria-busy={list.status === 'loading'}>
          <Text fontSize="sm" color="fg.muted" role="status">
            {t.count(data.total, first, last)}
          </Text>
          {data.consultations.length ? <Stack gap="4">{data.consultations.map(card)}</Stack> : <Text color="fg.muted">{t.empty}</Text>}
          {pages > 1 && (
            <HStack as="nav" aria-label={t.pager} gap="3" justify="center">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onSearch({ ...search, page: page - 1 })}>
                {t.prev}
              </Button>
              <Text fontSize="sm">
                {page} / {pages}
              </Text>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onSearch({ ...search, page: page + 1 })}>
                {t.next}
              </Button>
            </HStack>
          )}
        </Stack>
      ) : null}
    </Stack>
  )
}

/** What was recorded: minutes used, the follow-up of a closed 未解決, the staff-only case note. */
function Outcome({ consultation: c }: { consultation: ConsultationRecord }) {
  const rows: Array<[string, string]> = []
  if (c.minutesUsed !== null) rows.push([t.minutesUsed, `${c.minutesUsed}${staffCommonText.minutesUnit}`])
  if (c.unsolvedAfterFollowContent) rows.push([t.followUp, c.unsolvedAfterFollowContent])
  if (c.caseNote) rows.push([t.caseNote, c.caseNote])
  return (
    <Stack gap="1" fontSize="sm">
      {c.refunded && (
        <Badge alignSelf="start" colorPalette="refunded" variant="subtle">
          {t.refunded}
        </Badge>
      )}
      {rows.map(([label, value]) => (
        <Text key={label} whiteSpace="pre-wrap" wordBreak="break-word">
          <Text as="span" fontWeight="medium">
            {label}：
          </Text>
          {value}
        </Text>
      ))}
    </Stack>
  )
}
