import { describe, expect, it } from 'vitest'
import { parseClientConfig } from '../../src/config'

describe('parseClientConfig', () => {
  it('defaults to the embedded local stack', () => {
    const config = parseClientConfig({})
    expect(config).toEqual({
      production: false,
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-mypage.firebaseapp.com',
        projectId: 'demo-mypage',
        emulatorUrl: 'http://127.0.0.1:9099',
      },
      apiBase: '/api',
      payment: { provider: 'sandbox' },
      recaptchaSiteKey: undefined,
      gaId: undefined,
    })
  })

  it('an empty emulator URL means the real Firebase', () => {
    expect(parseClientConfig({ VITE_FIREBASE_AUTH_EMULATOR_URL: '' }).firebase.emulatorUrl).toBeUndefined()
  })

  it('reads production values', () => {
    const config = parseClientConfig({
      PROD: true,
      VITE_FIREBASE_API_KEY: 'AIza-key',
      VITE_FIREBASE_AUTH_DOMAIN: 'mypage.example.com',
      VITE_FIREBASE_PROJECT_ID: 'mypage-prod',
      VITE_FIREBASE_AUTH_EMULATOR_URL: '',
      VITE_API_BASE: 'https://api.example.com/v1/',
      VITE_PAYMENT_PROVIDER: 'stripe',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      VITE_RECAPTCHA_SITE_KEY: 'site-key',
      VITE_GA_ID: 'G-TEST',
    })
    expect(config.production).toBe(true)
    expect(config.apiBase).toBe('https://api.example.com/v1')
    expect(config.payment).toEqual({ provider: 'stripe', publishableKey: 'pk_live_x' })
    expect(config.recaptchaSiteKey).toBe('site-key')
    expect(config.gaId).toBe('G-TEST')
  })

  it('stripe without its publishable key stops with the spec message', () => {
    expect(() => parseClientConfig({ VITE_PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'Not Configured Environment Value: VITE_STRIPE_PUBLISHABLE_KEY',
    )
  })

  it('rejects a colon in the API key or the auth domain (product.md §5)', () => {
    expect(() => parseClientConfig({ VITE_FIREBASE_API_KEY: 'a:b' })).toThrow(/VITE_FIREBASE_API_KEY/)
    expect(() => parseClientConfig({ VITE_FIREBASE_AUTH_DOMAIN: 'https://x.example.com' })).toThrow(
      /VITE_FIREBASE_AUTH_DOMAIN/,
    )
  })

  it('rejects an unknown payment provider', () => {
    expect(() => parseClientConfig({ VITE_PAYMENT_PROVIDER: 'paypal' })).toThrow(/Invalid Environment Value/)
  })

  it('treats blank optional values as unset', () => {
    const config = parseClientConfig({ VITE_RECAPTCHA_SITE_KEY: ' ', VITE_GA_ID: '' })
    expect(config.recaptchaSiteKey).toBeUndefined()
    expect(config.gaId).toBeUndefined()
  })
})
