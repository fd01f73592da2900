// The confirmation pages say what was booked (ticket number, date and time in Japan time,
// consultant, support method, coupon name and discount) and Back from them goes home (product.md §2
// usingBackButton), through the real app with fake ports.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import type { PurchaseItem, StaffProfile } from '../../contract/entities'
import { demoMember, renderApp } from './app-harness'
import { ticket } from './ticket-fixture'

const staff: StaffProfile = {
  staffId: 'ST01', staffNickname: 'さくら', staffAge: 30, staffGender: 'FEMALE', staffImageUrl: null,
  averageScore: 4.5, supportCompleteCount: 10, supportUnSolvedCount: 1,
} as StaffProfile

const booked = ticket({ ticketNumber: 'S0042', reservationTime: 'SUPPORT-20250612-10-30', staff, supportType: 'ONLINE' })
const row: PurchaseItem = {
  purchaseTime: 1748800000, amount: 4500, amountBeforeCoupon: 5500, couponCode: 'WELCOME1000', receiptNumber: 'R-1',
  productType: 'SUPPORT', ticketNumber: 'S0042', productName: '60分サポートチケット', couponName: '初回1,000円OFF',
  amountRefunded: 0, reservationTime: 'SUPPORT-20250612-10-30',
}

const api = async (name: string, request: { data?: string }) => {
  if (name === 'user-data') {
    if (request.data === 'MEMBER') return demoMember
    if (request.data === 'MEMBER_SUPPORT_TICKET') return { supportTicketList: [booked] }
    return {}
  }
  if (name === 'purchase-list') return { ticketList: [row], lastEvaluatedKey: null }
  if (name === 'nowonsale-products') return { productList: [] }
  throw new ApiError(404, 'not found')
}

describe('/buy-complete', { timeout: 20_000 }, () => {
  it('keeps the spec texts and shows what was bought', async () => {
    renderApp('/buy-complete?type=SUPPORT&ticketNumber=S0042&couponCode=WELCOME1000', { signedIn: true, call: api as never })
    const card = within(await screen.findByRole('region', { name: 'ご予約・ご購入内容' }))
    expect(screen.getByRole('heading', { name: 'ご購入ありがとうございます' })).toBeTruthy()
    expect(screen.getByText('サポートチケットのご購入とご予約が完了しました。')).toBeTruthy()
    expect(card.getByText('S0042')).toBeTruthy()
    expect(card.getByText('2025年6月12日（木） 10:30（日本時間）')).toBeTruthy()
    expect(card.getByText('さくら')).toBeTruthy()
    expect(card.getByText('オンライン')).toBeTruthy()
    expect(card.getByText('初回1,000円OFF（1,000円引き）')).toBeTruthy()
    expect(card.getByText('4,500円')).toBeTruthy()
    // The coupon by name, never its internal code.
    expect(screen.queryByText(/WELCOME1000/)).toBeNull()
  })

  it('still shows the page and the ticket number when the reads fail', async () => {
    renderApp('/buy-complete?type=SUPPORT&ticketNumber=S0043', {
      signedIn: true,
      call: (async (name: string, request: { data?: string }) => {
        if (name === 'user-data' && request.data === 'MEMBER') return demoMember
        throw new ApiError(500, 'down')
      }) as never,
    })
    const card = within(await screen.findByRole('region', { name: 'ご予約・ご購入内容' }))
    expect(card.getByText('S0043')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'ご購入ありがとうございます' })).toBeTruthy()
  })

  it('Back goes home, not to the page before (the bank)', async () => {
    const app = renderApp('/buy-complete?type=SUPPORT&ticketNumber=S0042', { signedIn: true, call: api as never })
    await screen.findByRole('region', { name: 'ご予約・ご購入内容' })
    await waitFor(() => expect(app.router.history.location.state.usingBackButton).toBe(true))
    app.router.history.back()
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'))
  })
})

describe('/reservationdate-change-complete', { timeout: 20_000 }, () => {
  it('shows the new date, time, consultant and method', async () => {
    renderApp('/reservationdate-change-complete?ticketNumber=S0042', { signedIn: true, call: api as never })
    const card = within(await screen.findByRole('region', { name: 'ご予約・ご購入内容' }))
    expect(card.getByText('2025年6月12日（木） 10:30（日本時間）')).toBeTruthy()
    expect(card.getByText('さくら')).toBeTruthy()
    expect(card.getByText('オンライン')).toBeTruthy()
    expect(card.queryByText('ご利用クーポン')).toBeNull()
  })
})
