import { describe, expect, it } from 'vitest'
import { safeRedirect } from '../../src/features/auth/auth-guard'
import { resolveErrorCode } from '../../src/features/error/error-code'
import { errorPageText } from '../../src/text/error'

describe('resolveErrorCode (product.md §2 error page codes)', () => {
  it('defaults to 400', () => {
    expect(resolveErrorCode(undefined)).toBe('400')
    expect(resolveErrorCode('')).toBe('400')
  })

  it('keeps every known code, as string or number', () => {
    for (const code of ['400', '401', '404', '500', 'RESERVATION_TIMEOUT', 'signup', 'rating', 'getCoupon', 'emailchange']) {
      expect(resolveErrorCode(code)).toBe(code)
    }
    expect(resolveErrorCode(500)).toBe('500')
  })

  it('shows any other code as 404', () => {
    expect(resolveErrorCode('teapot')).toBe('404')
    expect(resolveErrorCode(418)).toBe('404')
    expect(resolveErrorCode('toString')).toBe('404')
  })

  it('400, 401 and 404 share the page-not-found text', () => {
    expect(errorPageText['400']).toEqual(errorPageText['404'])
    expect(errorPageText['401']).toEqual(errorPageText['404'])
  })
})

describe('safeRedirect', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeRedirect('/purchase-list?year=2025')).toBe('/purchase-list?year=2025')
  })

  it('refuses anything that could leave the app', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 42, undefined]) {
      expect(safeRedirect(bad)).toBe('/')
    }
  })
})
