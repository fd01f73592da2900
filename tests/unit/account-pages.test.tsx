// Account pages (issue 15 "Words and pages"): name length messages and input caps on signup and
// /settings, the last confirmation and the 「退会しました」 page of a cancellation, and the
// provisional-registration page naming the address.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from '../../src/contract/fields'
import { fieldMessages as m } from '../../src/contract/messages'
import { settingsText, signupText } from '../../src/text/account'
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

describe('name length (spec §5 names max 25)', () => {
  it('signup: caps the inputs and names the length, not "required", over 25', async () => {
    start('/signup')
    const lastname = await screen.findByLabelText(signupText.lastname)
    const firstname = screen.getByLabelText(signupText.firstname)
    expect(maxLength(lastname)).toBe(NAME_MAX)
    expect(maxLength(firstname)).toBe(NAME_MAX)
    expect(maxLength(screen.getByLabelText(signupText.emailLocal))).toBe(EMAIL_MAX)
    expect(maxLength(screen.getByLabelText(signupText.emailDomain))).toBe(EMAIL_MAX)
    expect(maxLength(screen.getByLabelText(signupText.password))).toBe(PASSWORD_MAX)
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
