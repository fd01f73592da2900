// Payment history: the coupon by name and discount (not its code), refunded purchases
// marked, the ticket number and a SUPPORT reservation's date, the receipt's link. The app's own Chakra system.
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { purchaseListMachine, type PurchasePage } from '../../machines/purchase-list/purchase-list-machine'
import type { PurchaseItem } from '../../contract/entities'
import { PurchaseListPage } from '../../src/features/purchase-list/purchase-list-page'
import { system } from '../../src/theme'

const item = (over: Partial<PurchaseItem>): PurchaseItem => ({
  purchaseTime: 1748800000, amount: 5500, amountBeforeCoupon: 5500, couponCode: null, receiptNumber: 'R-1', productType: 'SUPPORT',
  ticketNumber: 'S0000001', productName: '60分サポート', couponName: null, amountRefunded: 0, reservationTime: null, ...over,
})

async function show(rows: PurchaseItem[]) {
  const page: PurchasePage = { ticketList: rows, lastEvaluatedKey: null }
  const actor = createActor(purchaseListMachine.provide({ actors: { fetchPage: fromPromise(async () => page) } }), { input: {} }).start()
  // The rows link to their receipts: the page needs a router around it.
  const rootRoute = createRootRoute({ component: () => <PurchaseListPage actor={actor} /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  )
  return screen.findByRole('table', { name: 'お支払い履歴' })
}

describe('payment history rows', () => {
  it("names the coupon and its discount, never its code", async () => {
    const table = await show([item({ couponCode: 'USED1000', couponName: '使用済み1,000円OFF', amount: 4500, amountBeforeCoupon: 5500 })])
    expect(within(table).getByText('使用済み1,000円OFF（1,000円引き）')).toBeTruthy()
    expect(within(table).queryByText(/USED1000/)).toBeNull()
  })
  it('marks a refunded purchase and says how much came back', async () => {
    const table = await show([item({ receiptNumber: 'R-2', amountRefunded: 5500 })])
    const row = table.querySelector('tbody tr')!
    expect(row.getAttribute('data-refunded')).toBe('true')
    expect(within(row as HTMLElement).getByText('返金済み')).toBeTruthy()
    expect(within(row as HTMLElement).getByText('返金額 5,500円')).toBeTruthy()
  })
  it('gives the ticket number and, for SUPPORT, the reservation date', async () => {
    const table = await show([
      item({ receiptNumber: 'R-3', ticketNumber: 'S0000042', reservationTime: 'SUPPORT-20250612-10-30' }),
      item({ receiptNumber: 'R-4', ticketNumber: 'T0000007', productType: 'TIP', productName: 'チップ' }),
    ])
    expect(within(table).getByText('チケット番号 S0000042')).toBeTruthy()
    expect(within(table).getByText('ご予約日時 2025年6月12日（木） 10:30')).toBeTruthy()
    expect(within(table).getByText('チケット番号 T0000007')).toBeTruthy()
    expect(within(table).getAllByText(/ご予約日時/)).toHaveLength(1)
  })
  it("links each row to its receipt's page", async () => {
    const table = await show([item({ receiptNumber: 'R0000000000042' })])
    const link = within(table).getByRole('link', { name: '領収書を表示：R0000000000042' })
    expect(link.getAttribute('href')).toBe('/receipt/R0000000000042')
  })
})
