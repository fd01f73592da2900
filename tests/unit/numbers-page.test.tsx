// 数字 (src/features/staff/desk/numbers/numbers-page.tsx): the range form (a day, a month, any span; this
// month by default), the figures of desk-numbers in tables, and the CSV buttons asking for the
// range shown.
import { ChakraProvider } from '@chakra-ui/react'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { DeskNumbersResponse } from '../../contract/desk/numbers'
import type { DeskApiClient } from '../../src/api/desk-client'
import { modeOf, NumbersPage, rangeOf, thisMonth } from '../../src/features/staff/desk/numbers/numbers-page'
import { deskNumbersText as t } from '../../src/text/desk'
import { system } from '../../src/theme'

const money = { count: 3, gross: 16500, discount: 2000, refunds: 2000, refundCount: 1, net: 12500 }
const answer: DeskNumbersResponse = {
  from: '20250601',
  to: '20250630',
  trend: 'WEEK',
  now: 1749519600,
  sales: { rows: [{ productType: 'SUPPORT', productName: '60分サポートチケット', ...money }], byType: [{ productType: 'SUPPORT', ...money }], total: money },
  coupons: [{ couponCode: 'SUPPORT60-1000', couponName: '60分チケット1,000円OFF', uses: 2, discount: 2000 }],
  consultants: [{ staffId: 'STAFF-02', staffNickname: 'たけし', bookedMinutes: 120, shiftMinutes: 480, consultations: 2, ended: 2, completed: 1, unsolved: 0, noContact: 1, unrecorded: 0, ratingCount: 1, ratingAverage: 4.5 }],
  outcomes: { ended: 2, completed: 1, unsolved: 0, noContact: 1, unrecorded: 0 },
  ratings: { count: 1, average: 4.5, trend: [{ ymd: '20250609', count: 1, average: 4.5 }] },
}

function setup(search = {}) {
  const call = vi.fn(async (name: string) => {
    if (name === 'desk-numbers') return answer
    throw new Error(`unexpected ${name}`)
  })
  const onSearch = vi.fn()
  const download = vi.fn(async () => {})
  render(
    <ChakraProvider value={system}>
      <NumbersPage deskApi={{ call } as unknown as DeskApiClient} search={search} onSearch={onSearch} download={download} />
    </ChakraProvider>,
  )
  return { call, onSearch, download }
}

describe('the numbers page', () => {
  it('reads the range asked for and shows sales, coupons and consultants in tables', async () => {
    const { call } = setup({ from: '2025-06-01', to: '2025-06-30', trend: 'WEEK' })
    expect(call).toHaveBeenCalledWith('desk-numbers', { from: '20250601', to: '20250630', trend: 'WEEK' })
    const byType = await screen.findByRole('table', { name: t.salesByType })
    const total = within(byType).getByRole('rowheader', { name: t.total }).closest('tr')!
    expect(within(total).getByText('16,500円')).toBeTruthy()
    expect(within(total).getByText('12,500円')).toBeTruthy()
    expect(within(screen.getByRole('table', { name: t.couponsTitle })).getByText('60分チケット1,000円OFF')).toBeTruthy()
    const staff = within(screen.getByRole('table', { name: t.consultantsTitle })).getByRole('rowheader', { name: 'たけし' }).closest('tr')!
    expect(within(staff).getByText('2時間')).toBeTruthy()
    expect(within(staff).getByText('25%')).toBeTruthy()
    expect(within(screen.getByRole('table', { name: t.trend })).getByText(t.weekOf('2025-06-09'))).toBeTruthy()
  })

  it('a month chosen in the form asks for its first to its last day; a CSV button for the range shown', async () => {
    const { onSearch, download } = setup({ from: '2025-06-01', to: '2025-06-30' })
    expect((screen.getByRole('combobox', { name: t.range }) as HTMLSelectElement).value).toBe('MONTH')
    fireEvent.change(screen.getByLabelText(t.month), { target: { value: '2024-02' } })
    fireEvent.click(screen.getByRole('button', { name: t.show }))
    expect(onSearch).toHaveBeenCalledWith({ from: '2024-02-01', to: '2024-02-29', trend: 'WEEK' })
    fireEvent.click(screen.getByRole('button', { name: t.exports.refunds }))
    expect(download).toHaveBeenCalledWith('refunds', '20250601', '20250630')
  })

  it('the range of each mode, and this month by default (Japan time)', () => {
    const f = { day: '2025-06-12', month: '2025-02', from: '2025-06-03', to: '2025-07-09' }
    expect(rangeOf('DAY', f)).toEqual({ from: '2025-06-12', to: '2025-06-12' })
    expect(rangeOf('MONTH', f)).toEqual({ from: '2025-02-01', to: '2025-02-28' })
    expect(rangeOf('CUSTOM', f)).toEqual({ from: '2025-06-03', to: '2025-07-09' })
    expect(modeOf('2025-06-12', '2025-06-12')).toBe('DAY')
    expect(modeOf('2025-06-01', '2025-06-30')).toBe('MONTH')
    expect(modeOf('2025-06-01', '2025-06-29')).toBe('CUSTOM')
    // 2025-06-30 20:00 UTC is 2025-07-01 05:00 in Japan.
    expect(thisMonth(new Date('2025-06-30T20:00:00Z'))).toEqual({ from: '2025-07-01', to: '2025-07-31' })
  })
})
