import { Box, Button, chakra, Field, Flex, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { Table } from '../../../../ui/later-recipes/table'
import { StaffTable } from '../../../../ui/staff-table'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { DeskNumbersResponse, NumbersTrend } from '../../../../../contract/desk/numbers'
import { DESK_EXPORT_KINDS, type DeskExportKind } from '../../../../../contract/desk-exports'
import { formatYen, todayJst, ymdOf } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskNumbersText as t } from '../../../../text/desk'
import { ErrorBanner } from '../../../../ui/error-banner'
import { useRemote } from '../../../../ui/use-remote'
import { ConsultantsChart, OutcomesChart, RatingsChart, SalesChart } from './numbers-charts'

/** The range as the URL holds it: days as `YYYY-MM-DD` (the date inputs' own format). */
export type NumbersSearch = { from?: string; to?: string; trend?: NumbersTrend }
type Mode = keyof typeof t.modes

const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`
const ymdOfIso = (day: string) => day.replaceAll('-', '')
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number)
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`
}

/** This month in Japan, the page's default. */
export function thisMonth(now = new Date()): { from: string; to: string } {
  const month = iso(ymdOf(todayJst(now))).slice(0, 7)
  return { from: `${month}-01`, to: lastDayOf(month) }
}

/** What the form shows for a range: one day, one whole month, or any other span. */
export function modeOf(from: string, to: string): Mode {
  if (from === to) return 'DAY'
  if (from.endsWith('-01') && to === lastDayOf(from.slice(0, 7))) return 'MONTH'
  return 'CUSTOM'
}

/** The range the form asks for. */
export function rangeOf(mode: Mode, f: { day: string; month: string; from: string; to: string }): { from: string; to: string } {
  if (mode === 'DAY') return { from: f.day, to: f.day }
  if (mode === 'MONTH') return { from: `${f.month}-01`, to: lastDayOf(f.month) }
  return { from: f.from, to: f.to }
}

const yen = (n: number) => formatYen(n)
const count = (n: number) => n.toLocaleString('ja-JP')

/**
 * 数字: the business numbers of a range of JST days (desk-numbers) — sales by type and product,
 * coupons, the consultants' booked and working hours, how consultations ended, ratings and their
 * trend — as tables, with charts of the same figures; and the accountant's CSV of the range.
 */
export function NumbersPage({ deskApi, search, onSearch, download }: { deskApi: DeskApiClient; search: NumbersSearch; onSearch: (next: NumbersSearch) => void; download: (kind: DeskExportKind, from: string, to: string) => Promise<void> }) {
  const fallback = thisMonth()
  const from = search.from ?? fallback.from
  const to = search.to ?? fallback.to
  const trend = search.trend ?? 'WEEK'
  const [mode, setMode] = useState<Mode>(modeOf(from, to))
  const [form, setForm] = useState({ day: from, month: from.slice(0, 7), from, to, trend })
  const result = useRemote(() => deskApi.call('desk-numbers', { from: ymdOfIso(from), to: ymdOfIso(to), trend }), [deskApi, from, to, trend])
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch({ ...rangeOf(mode, form), trend: form.trend })
  }
  const n = result.data
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="xl">
          {t.title}
        </Heading>
        <Text color="fg.muted">{t.lead}</Text>
      </Box>
      <chakra.form onSubmit={submit} aria-label={t.range}>
        <Flex gap="3" align="end" wrap="wrap">
          <Field.Root w={{ base: 'full', md: '36' }}>
            <Field.Label>{t.range}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
                {(Object.keys(t.modes) as Mode[]).map((m) => (
                  <option key={m} value={m}>
                    {t.modes[m]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {mode === 'DAY' && (
            <Field.Root w={{ base: 'full', md: '44' }} required>
              <Field.Label>{t.day}</Field.Label>
              <Input type="date" size="sm" value={form.day} onChange={set('day')} />
            </Field.Root>
          )}
          {mode === 'MONTH' && (
            <Field.Root w={{ base: 'full', md: '44' }} required>
              <Field.Label>{t.month}</Field.Label>
              <Input type="month" size="sm" value={form.month} onChange={set('month')} />
            </Field.Root>
          )}
          {mode === 'CUSTOM' && (
            <>
              <Field.Root w={{ base: 'calc(50% - 6px)', md: '44' }} required>
                <Field.Label>{t.from}</Field.Label>
                <Input type="date" size="sm" value={form.from} onChange={set('from')} />
              </Field.Root>
              <Field.Root w={{ base: 'calc(50% - 6px)', md: '44' }} required>
                <Field.Label>{t.to}</Field.Label>
                <Input type="date" size="sm" value={form.to} onChange={set('to')} />
              </Field.Root>
            </>
          )}
          <Field.Root w={{ base: 'full', md: '36' }}>
            <Field.Label>{t.trend}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={form.trend} onChange={set('trend')}>
                {(Object.keys(t.trends) as NumbersTrend[]).map((k) => (
                  <option key={k} value={k}>
                    {t.trends[k]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit" size="sm" colorPalette="teal">
            {t.show}
          </Button>
        </Flex>
      </chakra.form>
      <Text fontWeight="bold" aria-live="polite">
        {t.rangeLabel(from, to)}
      </Text>
      {result.status === 'failed' && (
        <Box>
          <ErrorBanner title={c.loadFailed} description={failureMessage(result.error)} />
          <Button size="sm" mt="2" onClick={result.reload}>
            {c.retry}
          </Button>
        </Box>
      )}
      {!n && result.status === 'loading' && <Skeleton h="40" aria-label={c.loading} />}
      {n && <Numbers n={n} />}
      <Exports from={from} to={to} download={download} />
    </Stack>
  )
}

function Numbers({ n }: { n: DeskNumbersResponse }) {
  const total = n.sales.total
  const periodLabel = (ymd: string) => (n.trend === 'WEEK' ? t.weekOf(iso(ymd)) : iso(ymd).slice(0, 7))
  return (
    <Stack gap="8">
      <Section title={t.summary}>
        <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="3">
          <Card label={t.cards.net} value={yen(total.net)} />
          <Card label={t.cards.gross} value={yen(total.gross)} />
          <Card label={t.cards.discount} value={yen(total.discount)} />
          <Card label={t.cards.refunds} value={yen(total.refunds)} />
          <Card label={t.cards.count} value={count(total.count)} />
          <Card label={t.cards.rating} value={n.ratings.average === null ? t.none : n.ratings.average.toFixed(1)} />
        </SimpleGrid>
      </Section>

      <Section title={t.salesTitle} lead={t.salesLead}>
        {n.sales.byType.length > 0 && <SalesChart sales={n.sales} />}
        <NumbersTable
          caption={t.salesByType}
          head={[t.salesColumns.type, t.salesColumns.count, t.salesColumns.gross, t.salesColumns.discount, t.salesColumns.refunds, t.salesColumns.net]}
          rows={n.sales.byType.map((r) => ({ key: r.productType, cells: [c.productTypes[r.productType], count(r.count), yen(r.gross), yen(r.discount), yen(r.refunds), yen(r.net)] }))}
          foot={[t.total, count(total.count), yen(total.gross), yen(total.discount), yen(total.refunds), yen(total.net)]}
        />
        <NumbersTable
          caption={t.salesByProduct}
          head={[t.salesColumns.product, t.salesColumns.type, t.salesColumns.count, t.salesColumns.gross, t.salesColumns.discount, t.salesColumns.refundCount, t.salesColumns.refunds, t.salesColumns.net]}
          rows={n.sales.rows.map((r) => ({ key: `${r.productType}/${r.productName}`, cells: [r.productName, c.productTypes[r.productType], count(r.count), yen(r.gross), yen(r.discount), count(r.refundCount), yen(r.refunds), yen(r.net)] }))}
        />
      </Section>

      <Section title={t.couponsTitle}>
        <NumbersTable
          caption={t.couponsTitle}
          head={[t.couponColumns.code, t.couponColumns.name, t.couponColumns.uses, t.couponColumns.discount]}
          rows={n.coupons.map((r) => ({ key: r.couponCode, cells: [r.couponCode, r.couponName, count(r.uses), yen(r.discount)] }))}
          empty={t.couponsEmpty}
        />
      </Section>

      <Section title={t.consultantsTitle} lead={t.consultantsLead}>
        {n.consultants.length > 0 && <ConsultantsChart consultants={n.consultants} />}
        <NumbersTable
          caption={t.consultantsTitle}
          head={Object.values(t.consultantColumns)}
          rows={n.consultants.map((s) => ({
            key: s.staffId,
            cells: [
              s.staffNickname,
              t.hours(s.bookedMinutes),
              t.hours(s.shiftMinutes),
              t.percent(s.bookedMinutes, s.shiftMinutes),
              count(s.consultations),
              `${count(s.completed)}（${t.percent(s.completed, s.ended)}）`,
              `${count(s.unsolved)}（${t.percent(s.unsolved, s.ended)}）`,
              `${count(s.noContact)}（${t.percent(s.noContact, s.ended)}）`,
              count(s.unrecorded),
              s.ratingAverage === null ? t.none : `${s.ratingAverage.toFixed(1)}（${count(s.ratingCount)}件）`,
            ],
          }))}
        />
      </Section>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Section title={t.outcomesTitle} lead={t.outcomesLead(n.outcomes.ended)}>
          {n.outcomes.ended > 0 && <OutcomesChart outcomes={n.outcomes} />}
          <NumbersTable
            caption={t.outcomesTitle}
            head={[t.outcomesTitle, t.salesColumns.count, '%']}
            rows={(['completed', 'unsolved', 'noContact', 'unrecorded'] as const).map((k) => ({ key: k, cells: [t.outcomeNames[k], count(n.outcomes[k]), t.percent(n.outcomes[k], n.outcomes.ended)] }))}
          />
        </Section>
        <Section title={t.ratingsTitle} lead={t.ratingsLead(n.ratings.count, n.ratings.average)}>
          {n.ratings.trend.length > 0 && <RatingsChart ratings={n.ratings} periodLabel={periodLabel} />}
          <NumbersTable
            caption={t.trend}
            head={[t.ratingColumns.period, t.ratingColumns.count, t.ratingColumns.average]}
            rows={n.ratings.trend.map((p) => ({ key: p.ymd, cells: [periodLabel(p.ymd), count(p.count), p.average.toFixed(1)] }))}
          />
        </Section>
      </SimpleGrid>
    </Stack>
  )
}

function Exports({ from, to, download }: { from: string; to: string; download: (kind: DeskExportKind, from: string, to: string) => Promise<void> }) {
  const [busy, setBusy] = useState<DeskExportKind | null>(null)
  const [error, setError] = useState<unknown>(null)
  const run = async (kind: DeskExportKind) => {
    setBusy(kind)
    setError(null)
    try {
      await download(kind, ymdOfIso(from), ymdOfIso(to))
    } catch (e) {
      setError(e)
    } finally {
      setBusy(null)
    }
  }
  return (
    <Section title={t.exportsTitle} lead={t.exportsLead}>
      {error !== null && <ErrorBanner title={t.exportFailed} description={failureMessage(error)} />}
      <HStack gap="3" wrap="wrap">
        {DESK_EXPORT_KINDS.map((kind) => (
          <Button key={kind} size="sm" variant="outline" loading={busy === kind} loadingText={t.exporting} disabled={busy !== null} onClick={() => void run(kind)}>
            {t.exports[kind]}
          </Button>
        ))}
      </HStack>
    </Section>
  )
}

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {lead && (
        <Text color="fg.muted" fontSize="sm">
          {lead}
        </Text>
      )}
      {children}
    </Stack>
  )
}

function Card({ label, value }: { label: string; value: string }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="3">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="bold">
        {value}
      </Text>
    </Box>
  )
}

/**
 * A table of figures: the first column is the row's name, the rest right-aligned numbers. A staff
 * table (src/ui/staff-table.tsx): below `md` each row is a card, each figure beside its column's
 * name, so no column sits off a phone's screen (the sales and consultants tables ran to 773 px).
 */
function NumbersTable({ caption, head, rows, foot, empty = c.empty }: { caption: string; head: string[]; rows: { key: string; cells: string[] }[]; foot?: string[]; empty?: string }) {
  if (rows.length === 0) return <Text color="fg.muted">{empty}</Text>
  // The row's name heads its card on a phone: no column label in front of it.
  const cells = (values: string[], bold = false) =>
    values.map((cell, i) =>
      i === 0 ? (
        <StaffTable.Cell key={i} label={null} as="th" scope="row" display={{ base: 'block', md: 'table-cell' }} fontWeight={bold ? 'bold' : 'normal'}>
          {cell}
        </StaffTable.Cell>
      ) : (
        // One line in the table; on a phone's card a long value (a coupon's name) wraps.
        <StaffTable.Cell key={i} label={head[i]} textAlign={{ base: 'start', md: 'end' }} whiteSpace={{ base: 'normal', md: 'nowrap' }} fontWeight={bold ? 'bold' : undefined}>
          {cell}
        </StaffTable.Cell>
      ),
    )
  return (
    <StaffTable.Root label={caption}>
      <StaffTable.Caption captionSide="top" textAlign="start" px="3" pt="2" display={{ base: 'block', md: 'table-caption' }}>
        {caption}
      </StaffTable.Caption>
      <StaffTable.Header>
        <StaffTable.HeaderRow>
          {head.map((h, i) => (
            <StaffTable.ColumnHeader key={h} textAlign={i === 0 ? 'start' : 'end'} whiteSpace="nowrap">
              {h}
            </StaffTable.ColumnHeader>
          ))}
        </StaffTable.HeaderRow>
      </StaffTable.Header>
      <StaffTable.Body>
        {rows.map((r) => (
          <StaffTable.Row key={r.key}>{cells(r.cells)}</StaffTable.Row>
        ))}
      </StaffTable.Body>
      {foot && (
        <Table.Footer display={{ base: 'block', md: 'table-footer-group' }}>
          <StaffTable.Row>{cells(foot, true)}</StaffTable.Row>
        </Table.Footer>
      )}
    </StaffTable.Root>
  )
}
