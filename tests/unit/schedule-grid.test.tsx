// Component tests of the consultant grid: band switch, selection payload, closed cells,
// fallback image, empty state. Rendered with the app's own Chakra system.
import { ChakraProvider } from '@chakra-ui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Band, ScheduleView, SlotChoice } from '../../machines/reservation-change/schedule-slots'
import { BandPicker } from '../../src/features/reservation-change/band-picker'
import { ScheduleGrid } from '../../src/features/reservation-change/schedule-grid'
import { FALLBACK_STAFF_IMAGE } from '../../src/features/reservation-change/staff-card'
import { system } from '../../src/theme'

const staff = (staffId: string, staffNickname: string, schedules: Record<string, boolean>, staffImageUrl: string | null = null) => ({
  staffId, staffNickname, staffAge: 41, staffGender: 'MALE' as const, staffImageUrl, averageScore: 4, supportCompleteCount: 10, supportUnSolvedCount: 1,
  isAvailableAnyTime: Object.values(schedules).some(Boolean), schedules,
})

function view(overrides: Partial<ScheduleView['schedule']> = {}, holidays: string[] = []): ScheduleView {
  return {
    schedule: {
      selectDate: '20250602',
      staffSchedules: [
        staff('STAFF-01', '山田', { '09-00': false, '10-30': true, '17-00': true }, 'https://example.invalid/yamada.png'),
        staff('STAFF-02', '佐藤', { '09-00': true }),
        staff('STAFF-03', '鈴木', { '09-00': false }),
      ],
      noAssignSchedules: { '09-00': true, '10-30': true, '17-00': true },
      isAvailableAnyTime: true,
      firstDate: '20250602',
      lastDate: '20250616',
      ...overrides,
    },
    holidays,
  }
}

/** The grid with its band picker, as the page wires them (the band lives in the chart there). */
function Harness({ v, onSelect, current = null }: { v: ScheduleView; onSelect: (c: SlotChoice) => void; current?: { ymd: string; time: string; staffId: string | null } | null }) {
  const [band, setBand] = useState<Band>('morning')
  return (
    <ChakraProvider value={system}>
      <BandPicker band={band} onSelect={setBand} />
      <ScheduleGrid view={v} band={band} selected={null} onSelect={onSelect} current={current} />
    </ChakraProvider>
  )
}

/** An open cell: a real button named by time, who and availability. */
function cell(name: string): HTMLElement {
  const el = screen.getByLabelText(name)
  expect(el.tagName).toBe('BUTTON')
  return el
}

describe('ScheduleGrid', { timeout: 20_000 }, () => {
  it('marks the cell of the reservation being changed, in its consultant’s row, and says so in its name', () => {
    render(<Harness v={view()} onSelect={() => {}} current={{ ymd: '20250602', time: '10-30', staffId: 'STAFF-01' }} />)
    const here = cell('10:30 山田 予約可能（現在のご予約）')
    expect(here.closest('td')?.getAttribute('data-current')).toBe('true')
    expect(screen.getAllByText('現在のご予約')).toHaveLength(1)
    // The same time without a preference, or for another consultant, is not it.
    expect(cell('10:30 指名なし 予約可能').closest('td')?.hasAttribute('data-current')).toBe(false)
  })

  it('marks nothing on another day', () => {
    render(<Harness v={view()} onSelect={() => {}} current={{ ymd: '20250603', time: '10-30', staffId: 'STAFF-01' }} />)
    expect(screen.queryByText('現在のご予約')).toBeNull()
    expect(cell('10:30 山田 予約可能')).toBeTruthy()
  })

  it('shows the morning band first and switches bands', () => {
    render(<Harness v={view()} onSelect={() => {}} />)
    expect(cell('10:30 山田 予約可能')).toBeTruthy()
    expect(screen.queryByLabelText('17:00 山田 予約可能')).toBeNull()
    expect([...document.querySelectorAll('thead th')].map((h) => h.textContent).slice(1)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'])
    fireEvent.click(screen.getByText('夕方 17:00〜21:00'))
    expect(cell('17:00 山田 予約可能')).toBeTruthy()
    expect(screen.queryByLabelText('10:30 山田 予約可能')).toBeNull()
  })

  it('puts the no-preference row first and shows only consultants free some time that day', () => {
    render(<Harness v={view()} onSelect={() => {}} />)
    const rows = [...document.querySelectorAll('tbody th')].map((r) => r.textContent ?? '')
    expect(rows[0]).toContain('指名なし')
    expect(rows.some((r) => r.includes('山田'))).toBe(true)
    expect(rows.some((r) => r.includes('佐藤'))).toBe(true)
    expect(rows.some((r) => r.includes('鈴木'))).toBe(false)
  })

  it('sends a withStaff or noAssign payload for the clicked cell', () => {
    const onSelect = vi.fn()
    render(<Harness v={view()} onSelect={onSelect} />)
    fireEvent.click(cell('10:30 山田 予約可能'))
    expect(onSelect).toHaveBeenLastCalledWith({ slotType: 'withStaff', time: '10-30', staffId: 'STAFF-01', staffNickname: '山田' })
    fireEvent.click(cell('09:00 指名なし 予約可能'))
    expect(onSelect).toHaveBeenLastCalledWith({ slotType: 'noAssign', time: '09-00', staffId: null, staffNickname: null })
  })

  it('does not let closed cells be chosen', () => {
    const onSelect = vi.fn()
    render(<Harness v={view()} onSelect={onSelect} />)
    const closed = screen.getByLabelText('09:00 山田 予約不可')
    expect(closed.tagName).not.toBe('BUTTON')
    fireEvent.click(closed)
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('falls back to our own image when a consultant has none or it fails to load', () => {
    render(<Harness v={view()} onSelect={() => {}} />)
    const sato = screen.getByAltText('佐藤の写真') as HTMLImageElement
    expect(sato.getAttribute('src')).toBe(FALLBACK_STAFF_IMAGE)
    const yamada = screen.getByAltText('山田の写真') as HTMLImageElement
    expect(yamada.getAttribute('src')).toBe('https://example.invalid/yamada.png')
    fireEvent.error(yamada)
    expect(yamada.src).toContain(FALLBACK_STAFF_IMAGE)
  })

  it('shows the spec text when nobody is free, and on a business holiday', () => {
    const empty = view({ noAssignSchedules: { '09-00': false }, staffSchedules: [staff('STAFF-03', '鈴木', { '09-00': false })] })
    const { unmount } = render(<Harness v={empty} onSelect={() => {}} />)
    expect(screen.getByText('担当可能な相談員が不在です。お手数ですが、別の日時をご選択ください。')).toBeTruthy()
    unmount()
    render(<Harness v={view({}, ['20250602'])} onSelect={() => {}} />)
    expect(screen.getByText('担当可能な相談員が不在です。お手数ですが、別の日時をご選択ください。')).toBeTruthy()
    expect(screen.queryAllByLabelText(/予約可能/)).toEqual([])
  })
})
