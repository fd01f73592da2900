// A rating link reopened after the ticket was rated shows the rating error page (product.md §2
// error code `rating`: "bad link or rating already submitted"), not 「ページが見つかりません」; any other
// 4xx of the rating fetch keeps product.md §8's /error?code=400. Through the real app with fake ports.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import { demoMember, renderApp } from './app-harness'

function openRating(message: string) {
  return renderApp('/rating?ticketNumber=S0001', {
    signedIn: true,
    call: (async (name: string, request: { data?: string }) => {
      if (name === 'user-data' && request.data === 'MEMBER') return demoMember
      if (name === 'ticket-data') throw new ApiError(400, message)
      if (name === 'nowonsale-products') return { productList: [] }
      throw new ApiError(404, 'not found')
    }) as never,
  })
}

describe('reopened rating link', { timeout: 20_000 }, () => {
  it('of a rated ticket says the rating was already sent', async () => {
    const app = openRating('ALREADY_RATED')
    expect(await screen.findByText('リンクが正しくないか、すでに評価が送信されています。')).toBeTruthy()
    expect(app.router.state.location.search).toEqual({ code: 'rating' })
    expect(screen.queryByText('ページが見つかりません')).toBeNull()
  })
  it('of a ticket that cannot be rated keeps the 400 page', async () => {
    const app = openRating('RATING_NOT_AVAILABLE')
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/error'))
    expect(app.router.state.location.search).toEqual({ code: 400 })
  })
})
