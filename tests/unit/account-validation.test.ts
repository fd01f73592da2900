// Every product.md §5 rule of the account forms: each message, each boundary, full-width input.
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { EmailChangeRequest, PasswordChangeRequest, PasswordResetRequest, PasswordResetRequestRequest, UserUpdateRequest } from '../../contract/calls'
import { fieldMessages as m } from '../../contract/messages'
import { formErrors } from '../../machines/shared/form-errors'
import { SignupForm } from '../../machines/signup/signup-machine'
import {
  generatePassword,
  joinEmail,
  normalizePassword,
  normalizePhone,
  splitEmail,
  suggestDomains,
  toHalfWidth,
} from '../../src/ui/normalize'

const signup = { memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '09012345678', email: 'taro@example.com', password: 'abc123' }
const signupError = (patch: Partial<typeof signup>) => formErrors(SignupForm, { ...signup, ...patch })
const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`

describe('normalisers', () => {
  it('turns full-width ASCII into half-width', () => {
    expect(toHalfWidth('ＡＢＣ１２３！～')).toBe('ABC123!~')
    expect(toHalfWidth('a\u3000b')).toBe('a b')
  })

  it('phone: full-width digits become half-width, other characters go, at most 11 digits', () => {
    expect(normalizePhone('０９０１２３４５６７８')).toBe('09012345678')
    expect(normalizePhone('090-1234-5678')).toBe('09012345678')
    expect(normalizePhone('０３ー１２３４ー５６７８')).toBe('0312345678')
    expect(normalizePhone('0901234567890')).toBe('09012345678')
    expect(normalizePhone('でんわ')).toBe('')
  })

  it('password: Japanese stripped, full-width converted, cut to 12', () => {
    expect(normalizePassword('ぱすabcワード123')).toBe('abc123')
    expect(normalizePassword('ＡＢＣ１２３')).toBe('ABC123')
    expect(normalizePassword('漢字ｐａｓｓ！')).toBe('pass!')
    expect(normalizePassword('a b\u3000c')).toBe('abc')
    expect(normalizePassword('abcdefghijklm')).toBe('abcdefghijkl')
    expect(normalizePassword('ａｂｃｄｅｆｇｈｉｊｋｌｍ')).toBe('abcdefghijkl')
  })

  it('generated password: 6 digits from 100000 to 999999', () => {
    expect(generatePassword(() => 0)).toBe('100000')
    expect(generatePassword(() => 0.999999999)).toBe('999999')
    for (let i = 0; i < 200; i++) {
      const p = generatePassword()
      expect(p).toMatch(/^\d{6}$/)
      expect(Number(p)).toBeGreaterThanOrEqual(100000)
      expect(Number(p)).toBeLessThanOrEqual(999999)
    }
  })

  it('e-mail domain suggestions follow what was typed after the @', () => {
    expect(suggestDomains('')).toContain('gmail.com')
    expect(suggestDomains('y')).toEqual(['yahoo.co.jp', 'ymobile.ne.jp', 'yahoo.com'])
    expect(suggestDomains('DOCOMO')).toEqual(['docomo.ne.jp'])
    expect(suggestDomains('gmail.com')).toEqual([])
    expect(suggestDomains('unknown.example')).toEqual([])
  })

  it('e-mail is split at @ and joined again', () => {
    expect(splitEmail('taro@gmail.com', '')).toEqual({ local: 'taro', domain: 'gmail.com' })
    expect(splitEmail('taro', 'gmail.com')).toEqual({ local: 'taro', domain: 'gmail.com' })
    expect(splitEmail('taro@', 'gmail.com')).toEqual({ local: 'taro', domain: 'gmail.com' })
    expect(joinEmail('taro', 'gmail.com')).toBe('taro@gmail.com')
    expect(joinEmail('', '')).toBe('')
  })
})

describe('signup form rules (product.md §5)', () => {
  it('accepts a complete form', () => {
    expect(signupError({})).toEqual({})
  })

  it('e-mail: 319 characters pass, 320 do not', () => {
    expect(emailOf(319)).toHaveLength(319)
    expect(signupError({ email: emailOf(319) }).email).toBeUndefined()
    expect(signupError({ email: emailOf(320) }).email).toBe(m.emailTooLong)
  })

  it('e-mail: shape x@y.z, no ordinary or full-width spaces', () => {
    expect(signupError({ email: 'taro@example' }).email).toBe(m.emailFormat)
    expect(signupError({ email: 'taroexample.com' }).email).toBe(m.emailFormat)
    expect(signupError({ email: 'ta ro@example.com' }).email).toBe(m.emailFormat)
    expect(signupError({ email: 'ta\u3000ro@example.com' }).email).toBe(m.emailFormat)
    expect(signupError({ email: '' }).email).toBe(m.emailFormat)
  })

  it('password: 5 and 13 characters fail, 6 and 12 pass; empty has its own message', () => {
    expect(signupError({ password: 'abc12' }).password).toBe(m.passwordRule)
    expect(signupError({ password: 'abc123' }).password).toBeUndefined()
    expect(signupError({ password: 'abcdef123456' }).password).toBeUndefined()
    expect(signupError({ password: 'abcdef1234567' }).password).toBe(m.passwordRule)
    expect(signupError({ password: '' }).password).toBe(m.passwordRequired)
  })

  it('password: symbols pass; full-width and Japanese input is normalised before the rule', () => {
    expect(signupError({ password: 'a!#$%&' }).password).toBeUndefined()
    expect(signupError({ password: 'ａｂｃ１２３' }).password).toBe(m.passwordRule)
    expect(signupError({ password: normalizePassword('ａｂｃ１２３') }).password).toBeUndefined()
    expect(signupError({ password: normalizePassword('ぱすわーどabc12') }).password).toBe(m.passwordRule)
  })

  it('phone: 9 and 12 digits fail, 10 and 11 pass; full-width digits normalised', () => {
    expect(signupError({ phoneNumber: '031234567' }).phoneNumber).toBe(m.phoneSignup)
    expect(signupError({ phoneNumber: '0312345678' }).phoneNumber).toBeUndefined()
    expect(signupError({ phoneNumber: '09012345678' }).phoneNumber).toBeUndefined()
    expect(signupError({ phoneNumber: '090123456789' }).phoneNumber).toBe(m.phoneSignup)
    expect(signupError({ phoneNumber: '０９０１２３４５６７８' }).phoneNumber).toBe(m.phoneSignup)
    expect(signupError({ phoneNumber: normalizePhone('０９０１２３４５６７８') }).phoneNumber).toBeUndefined()
  })

  it('names: required with their own messages, 25 characters pass, 26 get the length message', () => {
    expect(signupError({ memberLastname: '' }).memberLastname).toBe(m.lastnameRequired)
    expect(signupError({ memberFirstname: '' }).memberFirstname).toBe(m.firstnameRequired)
    expect(signupError({ memberLastname: 'あ'.repeat(25) }).memberLastname).toBeUndefined()
    expect(signupError({ memberLastname: 'あ'.repeat(26) }).memberLastname).toBe(m.lastnameTooLong)
    expect(signupError({ memberFirstname: 'Ａ'.repeat(25) }).memberFirstname).toBeUndefined()
    expect(signupError({ memberFirstname: 'Ａ'.repeat(26) }).memberFirstname).toBe(m.firstnameTooLong)
  })
})

describe('profile form rules (product.md §5, /settings)', () => {
  const profile = { memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '0312345678' }
  const err = (patch: Partial<typeof profile>) => formErrors(UserUpdateRequest, { ...profile, ...patch })
  it('names: 入力してください when empty, 25文字以内で入力してください over 25', () => {
    expect(err({})).toEqual({})
    expect(err({ memberLastname: '' }).memberLastname).toBe(m.profileRequired)
    expect(err({ memberFirstname: '' }).memberFirstname).toBe(m.profileRequired)
    expect(err({ memberLastname: 'a'.repeat(25) }).memberLastname).toBeUndefined()
    expect(err({ memberLastname: 'a'.repeat(26) }).memberLastname).toBe(m.nameTooLong)
  })
  it('phone: 半角の数値10桁か11桁で入力してください at 9 and 12 digits', () => {
    expect(err({ phoneNumber: '031234567' }).phoneNumber).toBe(m.phoneProfile)
    expect(err({ phoneNumber: '0312345678' }).phoneNumber).toBeUndefined()
    expect(err({ phoneNumber: '09012345678' }).phoneNumber).toBeUndefined()
    expect(err({ phoneNumber: '090123456789' }).phoneNumber).toBe(m.phoneProfile)
  })
})

describe('password reset rules (product.md §5)', () => {
  const reset = { authCode: '123456', email: 'taro@example.com', newPassword: 'abc123', newPasswordConfirm: 'abc123' }
  const err = (patch: Partial<typeof reset>) => formErrors(PasswordResetRequest, { ...reset, ...patch })
  it('request: the e-mail is required', () => {
    expect(v.is(PasswordResetRequestRequest, { email: '' })).toBe(false)
    expect(v.is(PasswordResetRequestRequest, { email: 'taro@example.com' })).toBe(true)
  })
  it('auth code required: 認証コードを入力してください', () => {
    expect(err({})).toEqual({})
    expect(err({ authCode: '' }).authCode).toBe(m.authCodeRequired)
  })
  it('new password 5/6/12/13 with the reset message', () => {
    expect(err({ newPassword: 'abc12', newPasswordConfirm: 'abc12' }).newPassword).toBe(m.resetPasswordRule)
    expect(err({ newPassword: 'abc123', newPasswordConfirm: 'abc123' }).newPassword).toBeUndefined()
    expect(err({ newPassword: 'abcdef123456', newPasswordConfirm: 'abcdef123456' }).newPassword).toBeUndefined()
    expect(err({ newPassword: 'abcdef1234567', newPasswordConfirm: 'abcdef1234567' }).newPassword).toBe(m.resetPasswordRule)
  })
  it('confirmation must match: 新しいパスワードと確認用パスワードが一致しません', () => {
    expect(err({ newPasswordConfirm: 'abc124' }).newPasswordConfirm).toBe(m.resetPasswordMismatch)
  })
  it('e-mail: 319 passes, 320 does not', () => {
    expect(err({ email: emailOf(319) }).email).toBeUndefined()
    expect(err({ email: emailOf(320) }).email).toBe(m.emailTooLong)
  })
})

describe('password change rules (product.md §5)', () => {
  const err = (newPassword: string, newPasswordConfirm = newPassword) => formErrors(PasswordChangeRequest, { newPassword, newPasswordConfirm })
  it('5/6/12/13 characters', () => {
    expect(err('abc12').newPassword).toBe(m.passwordRule)
    expect(err('abc123')).toEqual({})
    expect(err('abcdef123456')).toEqual({})
    expect(err('abcdef1234567').newPassword).toBe(m.passwordRule)
  })
  it('mismatch: 新しいパスワードと新しいパスワード（確認）が異なります', () => {
    expect(err('abc123', 'abc124').newPasswordConfirm).toBe(m.changePasswordMismatch)
  })
})

describe('e-mail change rules (product.md §5)', () => {
  const err = (email: string) => formErrors(EmailChangeRequest, { email })
  it('319/320 characters, shape and spaces', () => {
    expect(err(emailOf(319))).toEqual({})
    expect(err(emailOf(320)).email).toBe(m.emailTooLong)
    expect(err('new@example').email).toBe(m.emailFormat)
    expect(err('new @example.com').email).toBe(m.emailFormat)
    expect(err('new\u3000@example.com').email).toBe(m.emailFormat)
  })
})
