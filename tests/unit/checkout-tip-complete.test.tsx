// The tip's thank-you page (/buy-complete?type=TIP) keeps its texts and names the
// consultant tipped, handed over by the checkout in the history state (`tippedStaff`).
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BuyComplete } from '../../src/features/checkout/buy-complete'
import { buyCompleteText } from '../../src/text/checkout'
import { system } from '../../src/theme'
import type { BookingSummary } from '../../src/ui/booking-summary'

const tipSummary: BookingSummary = {
  ticketNumber: 'T0007', productName: 'チップ 500円', reservation: null, staffNickname: null, supportType: null,
  reserved: false, amount: 500, couponName: null, discount: null,
}

function renderComplete(type: 'TIP' | 'SUPPORT', summary: BookingSummary | null, tippedStaff?: string) {
  const history = createMemoryHistory({ initialEntries: ['/'] })
  history.replace(`/buy-complete?type=${type}`, tippedStaff ? { tippedStaff } : {})
  const rootRoute = createRootRoute({ component: () => <BuyComplete type={type} summary={summary} /> })
  const router = createRouter({ routeTree: rootRoute, history })
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  )
}

describe('/buy-complete?type=TIP', () => {
  it('keeps the tip texts and names the consultant tipped as a summary line', async () => {
    renderComplete('TIP', tipSummary, 'さくら')
    expect(await screen.findByRole('heading', { name: buyCompleteText.types.TIP.title })).toBeTruthy()
    expect(screen.getByText(buyCompleteText.types.TIP.lead)).toBeTruthy()
    for (const line of buyCompleteText.common) expect(screen.getByText(line)).toBeTruthy()
    const card = within(screen.getByRole('region', { name: 'ご予約・ご購入内容' }))
    expect(card.getByText(buyCompleteText.tippedStaff)).toBeTruthy()
    expect(card.getByText('さくら')).toBeTruthy()
    expect(card.getByText('T0007')).toBeTruthy()
  })

  it('without a summary (an old link) the name still shows', async () => {
    renderComplete('TIP', null, 'さくら')
    expect(await screen.findByText(`${buyCompleteText.tippedStaff}：さくら`)).toBeTruthy()
  })

  it('without a name handed over (a reload of a paid attempt) no consultant line; other types never show one', async () => {
    renderComplete('TIP', tipSummary)
    expect(await screen.findByRole('heading', { name: buyCompleteText.types.TIP.title })).toBeTruthy()
    expect(screen.queryByText(buyCompleteText.tippedStaff)).toBeNull()
  })
})
