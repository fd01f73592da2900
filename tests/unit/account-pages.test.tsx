// Account pages : name length messages and input caps on signup and
// /settings, the last confirmation and the 「退会しました」 page of a cancellation, and the
// provisional-registration page naming the address.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import type { ApiClient } from '../../src/api/client'
import { EMAIL_MAX, NAME_MAX } from '../../contract/fields'
import { fieldMessages as m } from '../../contract/messages'
import { accountCommon, cancelAccountText, cancelCompleteText, registrationTempText, settingsText, signupText } from '../../src/text/account'
import { demoMember, renderApp } from './app-harness'

let stop: (() => void) | undefined
afterEach(() => stop?.())

function start(url: string, options?: Parameters<typeof renderApp>[1]) {
  const app = renderApp(url, options)
  stop = app.stop
  return app
}
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })
const maxLength = (element: HTMLElement) => (element as HTMLInputElement).maxLength

describe('name length (product.md §5 names max 25)', () => {
  it('signup: caps the inputs and names the length, not "required", over 25', async () => {
    start('/signup')
    const lastname = await screen.findByLabelText(signupText.lastname)
    const firstname = screen.getByLabelText(signupText.firstname)
    expect(maxLength(lastname)).toBe(NAME_MAX)
    expect(maxLength(firstname)).toBe(NAME_MAX)
    expect(maxLength(screen.getByLabelText(signupText.emailLocal))).toBe(EMAIL_MAX)
    expect(maxLength(screen.getByLabelText(signupText.emailDomain))).toBe(EMAIL_MAX)
    // A new password is never cut: a password manager would save the long one it offered, and
    // the member could not log in with it. Too long gets the spec's message instead.
    expect(maxLength(screen.getByLabelText(signupText.password))).toBe(-1)
    expect(maxLength(screen.getByLabelText(signupText.phone))).toBeGreaterThanOrEqual(11)

    // A paste or an IME can still go past the cap: the message says why.
    type(lastname, 'あ'.repeat(26))
    type(firstname, 'い'.repeat(26))
    expect(await screen.findByText(m.lastnameTooLong)).toBeTruthy()
    expect(screen.getByText(m.firstnameTooLong)).toBeTruthy()
    expect(screen.queryByText(m.lastnameRequired)).toBeNull()
    type(lastname, '')
    expect(await screen.findByText(m.lastnameRequired)).toBeTruthy()
  })

  it('/settings: caps the inputs and gives the length message over 25', async () => {
    start('/settings', { signedIn: true })
    const lastname = await screen.findByLabelText(settingsText.lastname)
    await waitFor(() => expect((lastname as HTMLInputElement).value).toBe(demoMember.memberLastname))
    expect(maxLength(lastname)).toBe(NAME_MAX)
    expect(maxLength(screen.getByLabelText(settingsText.firstname))).toBe(NAME_MAX)
    type(lastname, 'a'.repeat(26))
    expect(await screen.findByText(m.nameTooLong)).toBeTruthy()
  })
})

describe('cancelling membership (product.md §4, §8)', () => {
  const api = (cancel: () => Promise<unknown>) =>
    (async (name: string, request: { data?: string }) => {
      if (name === 'cancel-account') return cancel()
      if (name === 'user-data') return request.data === 'MEMBER' ? demoMember : {}
      if (name === 'nowonsale-products') return { productList: [] }
      if (name === 'login' || name === 'logout') return {}
      throw new ApiError(404, 'not found')
    }) as unknown as ApiClient['call']
  const tickBoth = async () => {
    fireEvent.click(await screen.findByText(cancelAccountText.ticketsForfeited))
    fireEvent.click(screen.getByText(cancelAccountText.dataDeleted))
    await waitFor(() => expect((screen.getByRole('button', { name: cancelAccountText.submit }) as HTMLButtonElement).disabled).toBe(false))
  }

  it('the consent matches the rule: unused support tickets block, other tickets are forfeited', async () => {
    start('/settings', { signedIn: true })
    expect(await screen.findByText(cancelAccountText.lead)).toBeTruthy()
    expect(cancelAccountText.lead).toContain('未使用のサポートチケット')
    expect(cancelAccountText.ticketsForfeited).toContain('サポートチケット以外')
  })

  it('asks 本当に退会しますか？ before the call; cancel keeps the account, confirm ends on 退会しました', async () => {
    const app = start('/settings', { signedIn: true, call: api(async () => ({})) })
    await tickBoth()
    fireEvent.click(screen.getByRole('button', { name: cancelAccountText.submit }))
    let dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(cancelAccountText.confirmTitle)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: cancelAccountText.confirmCancel }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(app.call).not.toHaveBeenCalledWith('cancel-account', expect.anything())

    fireEvent.click(screen.getByRole('button', { name: cancelAccountText.submit }))
    dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: cancelAccountText.confirmSubmit }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/cancel-complete'))
    expect(app.call).toHaveBeenCalledWith('cancel-account', {})
    expect(await screen.findByRole('heading', { name: cancelCompleteText.title })).toBeTruthy()
    expect(screen.getByRole('link', { name: cancelCompleteText.login }).getAttribute('href')).toBe('/login')
    expect(app.auth.getSnapshot().matches('signedIn')).toBe(false)
  })

  it('unused support tickets: the dialog closes and the spec message shows', async () => {
    start('/settings', { signedIn: true, call: api(async () => Promise.reject(new ApiError(400, 'UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE'))) })
    await tickBoth()
    fireEvent.click(screen.getByRole('button', { name: cancelAccountText.submit }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: cancelAccountText.confirmSubmit }))
    expect(await screen.findByText(cancelAccountText.unusedTickets)).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })
})

describe('/registeration-temp: the address and a resend', () => {
  const fill = async () => {
    type(await screen.findByLabelText(signupText.lastname), '山田')
    type(screen.getByLabelText(signupText.firstname), '太郎')
    type(screen.getByLabelText(signupText.phone), '09012345678')
    type(screen.getByLabelText(signupText.emailLocal), 'taro')
    type(screen.getByLabelText(signupText.emailDomain), 'example.com')
    type(screen.getByLabelText(signupText.password), 'abc123')
    const submit = screen.getByRole('button', { name: signupText.submit })
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(submit)
  }

  it('names the address (not in the URL) and sends the same request again; 429 shows the wait message', async () => {
    let answer: () => Promise<unknown> = async () => ({})
    const app = start('/signup?lpSource=ad1', {
      call: (async (name: string) => {
        if (name === 'signup-request') return answer()
        throw new ApiError(404, 'not found')
      }) as unknown as ApiClient['call'],
    })
    await fill()
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/registeration-temp'))
    expect(app.router.state.location.href).not.toContain('taro')
    expect(app.router.state.location.href).toContain('lpSource=ad1')
    expect((await screen.findByTestId('signup-sent-to')).textContent).toBe('taro@example.com')
    const link = screen.getByRole('link', { name: registrationTempText.signupAgain })
    expect(link.getAttribute('href')).toBe('/signup?lpSource=ad1')

    fireEvent.click(screen.getByRole('button', { name: registrationTempText.resend }))
    expect(await screen.findByText(registrationTempText.resent)).toBeTruthy()
    const sent = (app.call as unknown as { mock: { calls: [string, Record<string, unknown>][] } }).mock.calls.filter(([n]) => n === 'signup-request')
    expect(sent).toHaveLength(2)
    expect(sent[1][1]).toEqual(sent[0][1])
    expect(sent[1][1]).toMatchObject({ email: 'taro@example.com', password: 'abc123', lpSource: 'ad1' })

    answer = async () => Promise.reject(new ApiError(429, 'Too Many Requests'))
    fireEvent.click(screen.getByRole('button', { name: registrationTempText.resend }))
    expect(await screen.findByText(accountCommon.rateLimited)).toBeTruthy()
  })

  it('opened afresh (no request in this tab): no resend button, the help text and a way back', async () => {
    const app = renderApp('/registeration-temp')
    stop = app.stop
    app.services.session.set('mypage.signupSentTo', 'other@example.com')
    expect(await screen.findByText(registrationTempText.notArrivedTitle)).toBeTruthy()
    expect(screen.queryByRole('button', { name: registrationTempText.resend })).toBeNull()
    expect(screen.getByRole('link', { name: registrationTempText.signupAgain }).getAttribute('href')).toBe('/signup')
  })
})
