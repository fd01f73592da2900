// Dates and the grid: holidays marked on the date buttons, the day shown and why it
// moved, and a consultant without completed support shown as new. The app's own Chakra system.
import { ChakraProvider } from '@chakra-ui/react'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DatePicker } from '../../src/features/reservation-change/date-picker'
import { ShownDay } from '../../src/features/reservation-change/shown-day'
import { StaffCard } from '../../src/features/reservation-change/staff-card'
import { system } from '../../src/theme'

const wrap = (ui: React.ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>)

describe('date buttons', () => {
  it('mark business holidays in their name and text', () => {
    wrap(<DatePicker first="20250602" last="20250616" selected="20250602" holidays={['20250604']} onSelect={() => {}} />)
    const strip = screen.getByRole('group', { name: '日付' })
    const holiday = screen.getByRole('button', { name: '6/4(水) 休業日' })
    expect(strip.contains(holiday)).toBe(true)
    expect(screen.getByRole('button', { name: '6/3(火)' })).toBeTruthy()
  })
})

describe('the day shown above the grid', () => {
  it('names the day, and says why a holiday moved it', () => {
    wrap(<ShownDay date="20250608" moved={{ from: '20250607', reason: 'holiday' }} />)
    expect(screen.getByText('2025年6月8日(日)の空き状況')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('2025年6月7日(土)は休業日のため、2025年6月8日(日)を表示しています。')
  })
  it('says when today was full, and nothing when the day was not moved', () => {
    const { unmount } = wrap(<ShownDay date="20250603" moved={{ from: '20250602', reason: 'full' }} />)
    expect(screen.getByRole('status').textContent).toContain('空きがないため')
    unmount()
    wrap(<ShownDay date="20250603" moved={null} />)
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('consultant card', () => {
  const staff = { staffId: 'S', staffNickname: 'みなと', staffAge: 28, staffGender: 'MALE' as const, staffImageUrl: null, averageScore: 0, supportUnSolvedCount: 0 }
  it('shows a consultant with no completed support as new, not as 0 stars and 0 %', () => {
    wrap(<StaffCard staff={{ ...staff, supportCompleteCount: 0 }} />)
    expect(screen.getByText('新人')).toBeTruthy()
    expect(screen.queryByText(/解決率/)).toBeNull()
    expect(screen.queryByRole('img', { name: /評価/ })).toBeNull()
  })
  it('keeps stars, count and ratio for the others', () => {
    wrap(<StaffCard staff={{ ...staff, averageScore: 4, supportCompleteCount: 10, supportUnSolvedCount: 1 }} />)
    expect(screen.getByRole('img', { name: '評価 4 / 5' })).toBeTruthy()
    expect(screen.getByText(/解決率 90%/)).toBeTruthy()
    expect(screen.queryByText('新人')).toBeNull()
  })
})
