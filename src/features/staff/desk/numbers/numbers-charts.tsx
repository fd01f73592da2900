import { Box, Heading } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { DeskNumbersResponse } from '../../../../../contract/desk/numbers'
import { formatYen } from '../../../../../contract/jst'
import { deskCommonText as c, deskNumbersText as t } from '../../../../text/desk'

// The numbers page's charts (recharts, the library Chakra UI's own charts wrap; docs/decisions.md 88).
// Each draws figures the table beside it lists, in Chakra's colour tokens, so they read at a glance
// and the table stays the accessible, exact record. Only this module imports recharts, and only
// the desk's numbers route imports it: the library lives in that route's chunk alone.

const color = (token: string) => `var(--chakra-colors-${token.replace('.', '-')})`
const palette = { net: color('teal.500'), discount: color('orange.400'), refunds: color('red.400'), booked: color('blue.500'), shift: color('gray.300'), line: color('gray.700') }
const outcomeColors = [color('green.500'), color('orange.400'), color('red.400'), color('gray.400')]
const yenTick = (v: number) => (Math.abs(v) >= 10_000 ? `${(v / 10_000).toLocaleString('ja-JP')}万` : v.toLocaleString('ja-JP'))
const yenTooltip = (v: unknown) => formatYen(Number(v))

function ChartBox({ title, children, height = 260 }: { title: string; children: ReactNode; height?: number }) {
  return (
    <Box as="figure" role="img" aria-label={t.chartOf(title)} borderWidth="1px" borderRadius="md" p="3" m="0">
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      <Box h={`${height}px`}>
        <ResponsiveContainer width="100%" height="100%">
          {children as React.ReactElement}
        </ResponsiveContainer>
      </Box>
    </Box>
  )
}

/** Per product type: net, coupon discounts and refunds stacked (together the list-price sales). */
export function SalesChart({ sales }: { sales: DeskNumbersResponse['sales'] }) {
  const data = sales.byType.map((r) => ({ name: c.productTypes[r.productType], net: r.net, discount: r.discount, refunds: r.refunds }))
  return (
    <ChartBox title={t.salesByType}>
      <BarChart data={data} margin={{ left: 8, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" />
        <YAxis tickFormatter={yenTick} width={56} />
        <Tooltip formatter={yenTooltip} />
        <Legend />
        <Bar dataKey="net" name={t.cards.net} stackId="s" fill={palette.net} />
        <Bar dataKey="discount" name={t.cards.discount} stackId="s" fill={palette.discount} />
        <Bar dataKey="refunds" name={t.cards.refunds} stackId="s" fill={palette.refunds} />
      </BarChart>
    </ChartBox>
  )
}

/** Per consultant: booked hours beside shift hours. */
export function ConsultantsChart({ consultants }: { consultants: DeskNumbersResponse['consultants'] }) {
  const data = consultants.map((s) => ({ name: s.staffNickname, booked: s.bookedMinutes / 60, shift: s.shiftMinutes / 60 }))
  return (
    <ChartBox title={t.consultantsTitle} height={Math.max(200, 40 * data.length + 60)}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" />
        <YAxis type="category" dataKey="name" width={72} />
        <Tooltip formatter={(v) => t.hours(Number(v) * 60)} />
        <Legend />
        <Bar dataKey="shift" name={t.consultantColumns.shift} fill={palette.shift} />
        <Bar dataKey="booked" name={t.consultantColumns.booked} fill={palette.booked} />
      </BarChart>
    </ChartBox>
  )
}

/** How the consultations whose time is over ended. */
export function OutcomesChart({ outcomes }: { outcomes: DeskNumbersResponse['outcomes'] }) {
  const data = (['completed', 'unsolved', 'noContact', 'unrecorded'] as const).map((k) => ({ name: t.outcomeNames[k], value: outcomes[k] }))
  return (
    <ChartBox title={t.outcomesTitle}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="75%" isAnimationActive={false}>
          {data.map((d, i) => (
            <Cell key={d.name} fill={outcomeColors[i]} />
          ))}
        </Pie>
        <Tooltip formatter={(v) => `${Number(v).toLocaleString('ja-JP')}件（${t.percent(Number(v), outcomes.ended)}）`} />
        <Legend />
      </PieChart>
    </ChartBox>
  )
}

/** The mean rating per week or month. */
export function RatingsChart({ ratings, periodLabel }: { ratings: DeskNumbersResponse['ratings']; periodLabel: (ymd: string) => string }) {
  const data = ratings.trend.map((p) => ({ name: periodLabel(p.ymd), average: p.average, count: p.count }))
  return (
    <ChartBox title={t.trend}>
      <LineChart data={data} margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} width={32} />
        <Tooltip />
        <Line type="monotone" dataKey="average" name={t.ratingColumns.average} stroke={palette.line} strokeWidth={2} dot isAnimationActive={false} />
      </LineChart>
    </ChartBox>
  )
}
