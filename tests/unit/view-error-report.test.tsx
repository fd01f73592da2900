import { screen, waitFor } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { expect, it, vi } from 'vitest'
import { errorPageText } from '../../src/text/error'
import { renderApp } from './app-harness'

// What a page's view throws while rendering reaches the error-reporting port (the router's
// defaultOnCatch, src/app/router.ts), and the member sees an error instead of a blank page.

vi.mock('../../src/features/auth/login-form', () => ({
  LoginForm: function Broken() {
    // Fine on the first render, then it breaks: the test spies on the port in between.
    const [broken, setBroken] = useState(false)
    useEffect(() => {
      const t = setTimeout(() => setBroken(true), 0)
      return () => clearTimeout(t)
    }, [])
    if (broken) throw new Error('the login form broke')
    return <p>form</p>
  },
}))

it('an error thrown in a view is reported with where it happened', async () => {
  const app = renderApp('/login')
  const report = vi.spyOn(app.services.errors, 'report')
  await waitFor(() => expect(report).toHaveBeenCalled())
  const [error, context] = report.mock.calls[0]
  expect((error as Error).message).toBe('the login form broke')
  expect(context).toEqual({ where: 'route' })
  expect(screen.queryByText('form')).toBeNull()
  // The system error page in its place.
  expect(await screen.findByText(errorPageText['500'].body)).toBeTruthy()
})
