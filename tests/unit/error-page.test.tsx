import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { errorHomeButton, errorPageText, sessionEndedText } from '../../src/text/error'
import { renderApp } from './app-harness'

let stop: (() => void) | undefined
afterEach(() => stop?.())

// The error page (product.md §2 codes; code 401 says the login ended and offers login).
describe('error page', () => {
  it('code 401 keeps the spec text, says the login ended and offers login beside home', async () => {
    const app = renderApp('/error?code=401')
    stop = app.stop
    await screen.findByText(errorPageText['401'].body)
    expect(screen.getByText(sessionEndedText.note)).toBeTruthy()
    expect(screen.getByRole('link', { name: errorHomeButton }).getAttribute('href')).toBe('/')
    fireEvent.click(screen.getByRole('link', { name: sessionEndedText.loginButton }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'))
  })

  // A refunded (or finished) booking's old change link explains itself, in Japanese, not as "not found".
  it('a change link of a refunded or finished booking says so', async () => {
    for (const code of ['reservationRefunded', 'reservationClosed'] as const) {
      const app = renderApp(`/error?code=${code}`)
      expect(await screen.findByText(errorPageText[code].title)).toBeTruthy()
      expect(screen.getByText(errorPageText[code].body)).toBeTruthy()
      expect(screen.queryByText(errorPageText['404'].title)).toBeNull()
      app.stop()
    }
    expect(errorPageText.reservationRefunded.title).toBe('このご予約は返金済みです')
  })

  it('other codes offer only home', async () => {
    const app = renderApp('/error?code=404')
    stop = app.stop
    await screen.findByText(errorPageText['404'].body)
    expect(screen.queryByText(sessionEndedText.note)).toBeNull()
    expect(screen.queryByRole('link', { name: sessionEndedText.loginButton })).toBeNull()
    expect(screen.getByRole('link', { name: errorHomeButton })).toBeTruthy()
  })
})

describe('errorSearch', () => {
  it('writes numeric codes without quotes and keeps named codes', async () => {
    const { errorSearch } = await import('../../src/ui/error-search')
    const app = renderApp('/error?code=404')
    stop = app.stop
    await screen.findByText(errorPageText['404'].body)
    for (const [code, href] of [['400', '/error?code=400'], [500, '/error?code=500'], ['rating', '/error?code=rating']] as const) {
      await app.router.navigate({ to: '/error', search: errorSearch(code) })
      await waitFor(() => expect(app.router.state.location.href).toBe(href))
    }
  })
})
