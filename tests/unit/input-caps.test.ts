// The caps added to the request schemas must not change what a form shows: at and
// past each product.md §5 bound the member sees the same Japanese message as before the caps.
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { formErrors } from '../../machines/shared/form-errors'
import { SignupForm } from '../../machines/signup/signup-machine'
import { PasswordChangeRequest, PasswordResetRequest, SignupRequest, UserUpdateRequest } from '../../contract/calls'
import { LP_SOURCE_MAX, URL_MAX } from '../../contract/fields'
import { fieldMessages as m } from '../../contract/messages'
import { SignupSearch } from '../../src/features/signup/signup-search'

const signup = { memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '09012345678', email: 'taro@example.com', password: 'abc123' }

describe('form messages at the caps', () => {
  it('signup: a 12-digit phone and a 13-character password show the spec messages', () => {
    expect(formErrors(SignupForm, { ...signup, phoneNumber: '090123456789' })).toEqual({ phoneNumber: m.phoneSignup })
    expect(formErrors(SignupForm, { ...signup, password: 'abcdefghijklm' })).toEqual({ password: m.passwordRule })
    expect(formErrors(SignupForm, { ...signup, memberLastname: 'あ'.repeat(26) })).toEqual({ memberLastname: m.lastnameTooLong })
  })

  it('profile: 12 digits show the profile phone message', () => {
    expect(formErrors(UserUpdateRequest, { memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '090123456789' })).toEqual({ phoneNumber: m.phoneProfile })
  })

  it('reset and change: a 13-character password and a too-long confirmation show the spec messages', () => {
    const reset = { authCode: '123456', email: 'taro@example.com', newPassword: 'abc123', newPasswordConfirm: 'abc123' }
    expect(formErrors(PasswordResetRequest, { ...reset, newPassword: 'abcdefghijklm', newPasswordConfirm: 'abcdefghijklm' })).toMatchObject({ newPassword: m.resetPasswordRule })
    expect(formErrors(PasswordResetRequest, { ...reset, newPasswordConfirm: 'abc123abc123abc' })).toEqual({ newPasswordConfirm: m.resetPasswordMismatch })
    expect(formErrors(PasswordChangeRequest, { newPassword: 'abc123', newPasswordConfirm: 'abc123abc123abc' })).toEqual({ newPasswordConfirm: m.changePasswordMismatch })
    expect(formErrors(PasswordChangeRequest, { newPassword: 'abcdefghijklm', newPasswordConfirm: 'abcdefghijklm' })).toMatchObject({ newPassword: m.passwordRule })
  })
})

describe('signup page query', () => {
  it('clips lpSource and chatbotSourceUrl to the request caps, so a long landing-page link never blocks a signup', () => {
    const search = v.parse(SignupSearch, { display: 'lp', lpSource: 'x'.repeat(5_000), chatbotSourceUrl: `https://example.com/${'a'.repeat(5_000)}`, other: 'kept' })
    expect(search.lpSource).toHaveLength(LP_SOURCE_MAX)
    expect(search.chatbotSourceUrl).toHaveLength(URL_MAX)
    expect(search.other).toBe('kept')
    const request = { ...signup, registrationAnswers: [], source: 'SIGNUP_FORM_LP', recaptchaToken: 'off', lpSource: search.lpSource, chatbotSourceUrl: search.chatbotSourceUrl }
    expect(v.safeParse(SignupRequest, request).success).toBe(true)
    expect(v.parse(SignupSearch, { lpSource: 12345 }).lpSource).toBe('12345')
  })
})
