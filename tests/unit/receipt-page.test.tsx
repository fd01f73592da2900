// The receipt page (docs/product.md "Receipts"): the sheet states the issuer and its registration
// number, the addressee, the coupon and refund lines, the total with its one tax line, 再発行 on a
// re-issue; 印刷 is the browser's print; the addressee is changed once, a refusal shown in Japanese.
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { receiptMessages, type Receipt } from '../../contract/receipt'
import { receiptMachine } from '../../machines/receipt/receipt-machine'
import { ApiError } from '../../src/api/api-error'
import { ReceiptPage } from '../../src/features/receipt/receipt-page'
import { system } from '../../src/theme'

const receipt: Receipt = {
  receiptNumber: 'R0000000000007', ticketNumber: 'S0000000000007',
  issuer: { name: 'ITサポート株式会社', address: '東京都千代田区千代田1-1', registrationNumber: 'T1234567890123' },
  addressee: '山田 太郎 様', addresseeEditable: true,
  // 2025-06-10 10:00 JST; the refund 2025-06-11 09:00 JST.
  purchaseTime: 1749517200, productType: 'SUPPORT', productName: '60分サポートチケット',
  amountBeforeCoupon: 5500, couponName: '60分チケット1,000円OFF', couponDiscount: 1000, amountPaid: 4500,
  refunds: [{ refundedAt: 1749600000, amount: 2000 }], total: 2500, taxRate: 10, tax: 227,
  issueCount: 1, firstIssuedAt: 1749517200, reissued: false,
}

function show(loaded: Receipt, save: (input: { receiptNumber: string; addressee: string }) => Promise<Receipt> = async () => loaded) {
  const saved = vi.fn(save)
  const actor = createActor(
    receiptMachine.provide({ actors: { loadReceipt: fromPromise(async () => loaded), saveAddressee: fromPromise(({ input }) => saved(input)) } }),
    { input: { receiptNumber: loaded.receiptNumber } },
  ).start()
  const rootRoute = createRootRoute({ component: () => <ReceiptPage actor={actor} /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  )
  return { saved }
}

afterEach(() => vi.restoreAllMocks())

describe('receipt page', () => {
  it('states the issuer, the addressee, the coupon and the refund, the total and its tax line; no 再発行 on the original', async () => {
    show(receipt)
    const sheet = await screen.findByRole('article', { name: '領収書' })
    const s = within(sheet)
    expect(s.getByText('登録番号：T1234567890123')).toBeTruthy()
    expect(s.getByText('ITサポート株式会社')).toBeTruthy()
    expect(s.getByText('山田 太郎 様')).toBeTruthy()
    expect(s.getByText('クーポン割引（60分チケット1,000円OFF）')).toBeTruthy()
    expect(s.getByText('−¥1,000')).toBeTruthy()
    expect(s.getByText('返金（2025/06/11）')).toBeTruthy()
    expect(s.getByText('−¥2,000')).toBeTruthy()
    expect(s.getAllByText('うち消費税（10%対象） ¥227')).toHaveLength(1)
    expect(s.getByText('お支払い日：2025/06/10')).toBeTruthy()
    expect(s.getByText('但し 60分サポートチケット 代として')).toBeTruthy()
    expect(s.queryByText('再発行')).toBeNull()
    expect(sheet.textContent).toContain('R0000000000007')
  })

  it('says 再発行 on a re-issue, with the first issue day', async () => {
    show({ ...receipt, issueCount: 2, reissued: true, addresseeEditable: false })
    const sheet = await screen.findByRole('article', { name: '領収書' })
    expect(within(sheet).getByText('再発行')).toBeTruthy()
    expect(within(sheet).getByText('初回発行日：2025/06/10')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '宛名を変更' })).toBeNull()
    expect(screen.getByText('宛名は変更済みです。')).toBeTruthy()
  })

  it('印刷 opens the browser’s print', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    show(receipt)
    fireEvent.click(await screen.findByRole('button', { name: '印刷' }))
    expect(print).toHaveBeenCalledTimes(1)
  })

  it('changes the addressee once: sends what was typed, shows it, and offers no second change', async () => {
    const { saved } = show(receipt, async ({ addressee }) => ({ ...receipt, addressee, addresseeEditable: false }))
    fireEvent.click(await screen.findByRole('button', { name: '宛名を変更' }))
    const field = screen.getByLabelText('宛名')
    expect((field as HTMLInputElement).value).toBe('山田 太郎 様')
    fireEvent.change(field, { target: { value: '' } })
    expect(screen.getByText(receiptMessages.addresseeRequired)).toBeTruthy()
    fireEvent.change(field, { target: { value: ' 株式会社サンプル 御中 ' } })
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('宛名を変更いたしました。')).toBeTruthy()
    expect(saved).toHaveBeenCalledWith({ receiptNumber: 'R0000000000007', addressee: '株式会社サンプル 御中' })
    expect(within(screen.getByRole('article', { name: '領収書' })).getByText('株式会社サンプル 御中')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '宛名を変更' })).toBeNull()
  })

  it('shows the server’s refusal of a second change in Japanese, on the form', async () => {
    show(receipt, async () => Promise.reject(new ApiError(409, receiptMessages.addresseeAlreadyChanged)))
    fireEvent.click(await screen.findByRole('button', { name: '宛名を変更' }))
    fireEvent.change(screen.getByLabelText('宛名'), { target: { value: '別の会社 御中' } })
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText(receiptMessages.addresseeAlreadyChanged)).toBeTruthy()
    expect(screen.getByLabelText('宛名')).toBeTruthy()
  })
})
