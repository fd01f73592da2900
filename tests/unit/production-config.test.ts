import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config'
import { parseClientConfig } from '../../src/config'

// Issue 13 "production configuration is safe by construction": a production box with a local or
// test setting left on does not start; the SPA's production build fails on a missing value.

const root = path.resolve(import.meta.dirname, '../..')

/** A complete production environment; each test breaks one thing. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://mypage@db.internal:5432/mypage',
  FIREBASE_PROJECT_ID: 'mypage-prod',
  SMTP_URL: 'smtp://mail.internal:587',
  APP_ORIGIN: 'https://mypage.example.com',
  RECAPTCHA_SECRET: 'recaptcha-secret',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  SUPPORT_TEL: '0120-123-456',
  SUPPORT_TEL_BY_LP_SOURCE: '{"spring-ad":"0120-123-457","partner":"0120-123-458"}',
}

describe('server configuration in production', () => {
  it('starts with a complete production environment', () => {
    expect(parseConfig(production)).toMatchObject({ env: 'production', paymentProvider: 'stripe', seedDemo: false, enableTestRoutes: false, firebaseAuthEmulatorHost: undefined })
    expect(parseConfig({ ...production, NODE_ENV: undefined, MYPAGE_ENV: 'production' }).env).toBe('production')
  })

  it('refuses the Auth Emulator, whose unsigned tokens anyone can write', () => {
    expect(() => parseConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow('Refused in production: FIREBASE_AUTH_EMULATOR_HOST')
  })

  it('refuses demo seeding, test routes, a demo project and a plain-http origin', () => {
    expect(() => parseConfig({ ...production, SEED_DEMO: '1' })).toThrow('Refused in production: SEED_DEMO')
    expect(() => parseConfig({ ...production, ENABLE_TEST_ROUTES: '1' })).toThrow('Refused in production: ENABLE_TEST_ROUTES')
    expect(() => parseConfig({ ...production, FIREBASE_PROJECT_ID: 'demo-mypage' })).toThrow('Refused in production: FIREBASE_PROJECT_ID')
    expect(() => parseConfig({ ...production, APP_ORIGIN: 'http://mypage.example.com' })).toThrow('Refused in production: APP_ORIGIN')
  })

  it('refuses the payment sandbox unless explicitly allowed', () => {
    expect(() => parseConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow('Refused in production: PAYMENT_PROVIDER=sandbox')
    expect(parseConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: '1' }).paymentProvider).toBe('sandbox')
  })

  it('has no local defaults: each missing value stops it with the spec’s message', () => {
    for (const name of ['DATABASE_URL', 'FIREBASE_PROJECT_ID', 'SMTP_URL', 'APP_ORIGIN', 'RECAPTCHA_SECRET', 'PAYMENT_PROVIDER', 'SUPPORT_TEL'] as const) {
      expect(() => parseConfig({ ...production, [name]: undefined }), name).toThrow(`Not Configured Environment Value: ${name}`)
    }
    expect(() => parseConfig({ ...production, STRIPE_SECRET_KEY: '' })).toThrow('Not Configured Environment Value: STRIPE_SECRET_KEY')
  })

  it('reads the support numbers (spec §9): a default and one per landing-page source, checked at start', () => {
    expect(parseConfig(production).supportTel).toEqual({ default: '0120-123-456', byLpSource: { 'spring-ad': '0120-123-457', partner: '0120-123-458' } })
    expect(parseConfig({ ...production, SUPPORT_TEL_BY_LP_SOURCE: undefined }).supportTel).toEqual({ default: '0120-123-456', byLpSource: {} })
    expect(() => parseConfig({ ...production, SUPPORT_TEL: 'call us' })).toThrow('Invalid Environment Value: SUPPORT_TEL')
    expect(() => parseConfig({ ...production, SUPPORT_TEL_BY_LP_SOURCE: '{spring-ad: 0120}' })).toThrow('SUPPORT_TEL_BY_LP_SOURCE: not JSON')
    expect(() => parseConfig({ ...production, SUPPORT_TEL_BY_LP_SOURCE: '{"spring-ad":"x"}' })).toThrow('Invalid Environment Value: SUPPORT_TEL_BY_LP_SOURCE')
    // Outside production: fictional local numbers for the default and two landing pages.
    expect(parseConfig({}).supportTel).toEqual({ default: '0120-000-111', byLpSource: { 'lp-a': '0120-000-222', 'lp-b': '0120-000-333' } })
  })

  it('keeps the local defaults outside production, with demo seeding only when asked for', () => {
    expect(parseConfig({})).toMatchObject({ env: 'local', paymentProvider: 'sandbox', firebaseProjectId: 'demo-mypage', seedDemo: false, staticDir: undefined })
    expect(parseConfig({ SEED_DEMO: '1', STATIC_DIR: 'dist' })).toMatchObject({ seedDemo: true, staticDir: 'dist' })
  })

  it('the production start command exits at once with the reason, before opening anything', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root, encoding: 'utf8', timeout: 60_000,
      env: { PATH: process.env.PATH, ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
    })
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('Refused in production: FIREBASE_AUTH_EMULATOR_HOST')
  }, 60_000)
})

describe('browser configuration of a production build', () => {
  const complete = {
    MODE: 'production', PROD: true,
    VITE_FIREBASE_API_KEY: 'AIza-key', VITE_FIREBASE_AUTH_DOMAIN: 'mypage.example.com', VITE_FIREBASE_PROJECT_ID: 'mypage-prod', VITE_PAYMENT_PROVIDER: 'stripe', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  }

  it('talks to the real Firebase, never to an emulator it was not told about', () => {
    expect(parseClientConfig(complete).firebase.emulatorUrl).toBeUndefined()
  })

  it('has no demo fallbacks', () => {
    for (const name of ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_PROJECT_ID', 'VITE_PAYMENT_PROVIDER']) {
      expect(() => parseClientConfig({ ...complete, [name]: undefined }), name).toThrow(`Not Configured Environment Value: ${name}`)
    }
  })

  it('`vite build` fails on a missing value', () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_')))
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', path.join(root, '.tmp', 'never-built')], {
      cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    })
    expect(r.status).not.toBe(0)
    expect(`${r.stdout}${r.stderr}`).toContain('Not Configured Environment Value: VITE_')
  }, 60_000)
})
