import { domainToASCII } from 'node:url'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { emailField, normalizeEmail } from '../../contract/fields'
import { fieldMessages } from '../../contract/messages'

// The form and the server run this one schema (contract/fields.ts): what a member types is checked
// and turned into the one address the server stores, mails and counts.
describe('e-mail normalisation', () => {
  it.each([
    ['demo@ｅｘａｍｐｌｅ.ｃｏｍ', 'demo@example.com'],
    ['ｄｅｍｏ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'demo@example.com'],
    ['  Demo@Example.COM ', 'demo@example.com'],
    ['taro@例え。jp', 'taro@xn--r8jz45g.jp'],
    ['a.b+c@mail.example.co.jp', 'a.b+c@mail.example.co.jp'],
  ])('%s is %s', (typed, stored) => {
    expect(normalizeEmail(typed)).toBe(stored)
    expect(v.parse(emailField, typed)).toBe(stored)
    // The browser's URL parser and node's IDNA agree on the domain.
    expect(domainToASCII(typed.normalize('NFKC').split('@')[1].trim())).toBe(stored.split('@')[1])
  })

  it.each([
    ['zero-width space', 'demo\u200b@example.com'],
    ['zero-width joiner in the domain', 'demo@exa\u200dmple.com'],
    ['soft hyphen', 'demo@exam\u00adple.com'],
    ['word joiner', 'de\u2060mo@example.com'],
    ['right-to-left mark', 'demo@example.com\u200f'],
    ['variation selector', 'demo@example.com\ufe0f'],
    ['Cyrillic о in the local part', 'dem\u043e@example.com'],
    ['Cyrillic а in the domain', 'demo@ex\u0430mple.com'],
    ['Greek ο in the domain', 'demo@examp\u03bfle.com'],
    ['Japanese local part', 'たろう@example.com'],
    ['full-width space', 'demo\u3000@example.com'],
    ['IP literal', 'demo@127.0.0.1'],
    ['no dot', 'demo@localhost'],
    ['URL syntax in the domain', 'demo@example.com/x'],
  ])('refuses a %s with the format message', (_, typed) => {
    expect(normalizeEmail(typed)).toBeNull()
    const r = v.safeParse(emailField, typed)
    expect(r.success ? r.output : r.issues[0].message).toBe(fieldMessages.emailFormat)
  })

  it('still counts 319 characters as typed and as stored', () => {
    const long = `${'a'.repeat(307)}@example.com`
    expect(long).toHaveLength(319)
    expect(v.parse(emailField, long)).toBe(long)
    const r = v.safeParse(emailField, `a${long}`)
    expect(r.success ? r.output : r.issues[0].message).toBe(fieldMessages.emailTooLong)
  })
})
