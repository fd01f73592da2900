import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../src/api/client'
import { prefetchHome, takePrefetchedHome } from '../../src/features/home/home-prefetch'

/** An API that answers the home's reads and counts them. */
function fakeApi() {
  const calls: string[] = []
  const api = {
    call: async (name: string, request: { data?: string }) => {
      calls.push(request.data ?? name)
      if (name === 'nowonsale-products') return { productList: [] }
      return {}
    },
  } as unknown as ApiClient
  return { api, calls }
}

describe("the home's reads started early", () => {
  it('are taken once by the loader, with the answers the reads gave', async () => {
    const { api, calls } = fakeApi()
    prefetchHome(api, 1_000)
    expect(calls).toEqual(['INFORMATION', 'BUSSINESS_HOLIDAY', 'MEMBER_COUPON', 'MEMBER_INTERVIEW_TICKET', 'MEMBER_SUPPORT_TICKET', 'nowonsale-products'])
    const taken = takePrefetchedHome(2_000)
    await expect(taken).resolves.toMatchObject({ supportTickets: [], products: [] })
    // A second load of the page (a navigation back home) reads afresh.
    expect(takePrefetchedHome(2_001)).toBeNull()
  })

  it('are not used once older than a few seconds', () => {
    const { api } = fakeApi()
    prefetchHome(api, 1_000)
    expect(takePrefetchedHome(12_000)).toBeNull()
    expect(takePrefetchedHome(12_001)).toBeNull()
  })

  it('that failed do not stay an unhandled rejection; the loader reads again', async () => {
    const api = { call: async () => Promise.reject(new Error('offline')) } as unknown as ApiClient
    prefetchHome(api, 1_000)
    await expect(takePrefetchedHome(1_500)).rejects.toThrow('offline')
  })
})
