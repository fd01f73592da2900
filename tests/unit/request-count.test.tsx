// Each page asks for each piece of data once. React's StrictMode (development and
// these jsdom tests) mounts a component twice: a fetch started by a chart created in a component
// ran twice (ticket-data, purchase-list, nowonsale-products).
import { waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { coalesceReads } from '../../src/api/coalesce-reads'
import { ApiError } from '../../src/api/api-error'
import type { ApiClient } from '../../src/api/client'
import { demoMember, renderApp } from './app-harness'
import { ticket } from './ticket-fixture'

const answers: Record<string, (request: Record<string, unknown>) => unknown> = {
  'user-data': (r) => (r.data === 'MEMBER' ? demoMember : { businnesHoliday: [] }),
  'nowonsale-products': () => ({ productList: [{ productId: 'SUPPORT-60', productType: 'SUPPORT', productName: '60分', price: 5500, minutesToSupport: 60, showOnMypage: true }] }),
  'reservation-menu-list': () => ({ reservationMenuList: [] }),
  'purchase-list': () => ({ ticketList: [], lastEvaluatedKey: null }),
  'ticket-data': () => ticket({ ticketNumber: 'S0000001', reservationTime: 'SUPPORT-20991231-10-00', productName: '60分サポート' }),
  'reservation-schedule': (r) => ({
    selectDate: r.dt, staffSchedules: [], noAssignSchedules: { '10-00': true }, isAvailableAnyTime: true, firstDate: r.dt, lastDate: r.dt,
  }),
}
const fake = (async (name: string, request: Record<string, unknown>) => {
  const answer = answers[name]
  if (!answer) throw new ApiError(404, 'not found')
  return answer(request)
}) as unknown as ApiClient['call']

const countOf = (call: ReturnType<typeof renderApp>['call'], name: string) => (call as unknown as { mock: { calls: unknown[][] } }).mock.calls.filter((c) => c[0] === name).length

describe('each page requests its data once', () => {
  it.each([
    ['/purchase-list', 'purchase-list'],
    ['/support/menu', 'nowonsale-products'],
    ['/support/staff?productId=SUPPORT-60', 'nowonsale-products'],
    ['/support/reservation-date-change?ticketNumber=S0000001', 'ticket-data'],
    ['/rating?ticketNumber=S0000001', 'ticket-data'],
  ])('%s asks for %s once', async (url, name) => {
    const { call } = renderApp(url, { signedIn: true, call: fake })
    await waitFor(() => expect(countOf(call, name)).toBeGreaterThan(0))
    // Let a second, duplicate start settle before counting.
    await new Promise((r) => setTimeout(r, 300))
    expect(countOf(call, name)).toBe(1)
  })
})

describe('coalesceReads', () => {
  const api = () => {
    const call = vi.fn(async (name: string) => ({ name }))
    return { call, shared: coalesceReads({ call } as unknown as ApiClient) }
  }
  it('shares an identical read in flight, not a later one, not another query', async () => {
    const { call, shared } = api()
    await Promise.all([shared.call('purchase-list', {}), shared.call('purchase-list', {}), shared.call('purchase-list', { period: '2024' })])
    expect(call).toHaveBeenCalledTimes(2)
    await shared.call('purchase-list', {})
    expect(call).toHaveBeenCalledTimes(3)
  })
  it('never shares a write', async () => {
    const { call, shared } = api()
    await Promise.all([shared.call('cancel-account', {}), shared.call('cancel-account', {})])
    expect(call).toHaveBeenCalledTimes(2)
  })
})
