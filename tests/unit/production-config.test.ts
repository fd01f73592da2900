import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createFirebaseIdentity } from '../../server/adapters/identity'
import { parseConfig } from '../../server/config'
import { parseClientConfig } from '../../src/config'

// Production configuration is safe by construction (docs/operations.md "Refused in production"): a
// production box with a local or test setting left on does not start, production wins over any
// other variable, and the SPA's production build fails on a missing value.

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
  RECEIPT_ISSUER_NAME: '株式会社マイページ',
  RECEIPT_ISSUER_ADDRESS: '東京都港区1-2-3',
  INVOICE_REGISTRATION_NUMBER: 'T9876543210987',
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
    for (const name of ['DATABASE_URL', 'FIREBASE_PROJECT_ID', 'SMTP_URL', 'APP_ORIGIN', 'RECAPTCHA_SECRET', 'PAYMENT_PROVIDER', 'SUPPORT_TEL', 'RECEIPT_ISSUER_NAME', 'RECEIPT_ISSUER_ADDRESS', 'INVOICE_REGISTRATION_NUMBER'] as const) {
      expect(() => parseConfig({ ...production, [name]: undefined }), name).toThrow(`Not Configured Environment Value: ${name}`)
    }
    expect(() => parseConfig({ ...production, STRIPE_SECRET_KEY: '' })).toThrow('Not Configured Environment Value: STRIPE_SECRET_KEY')
  })

  it('reads the support numbers (product.md §9): a default and one per landing-page source, checked at start', () => {
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
    const start = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH, ...production, ...env } })
    for (const [env, reason] of [
      [{ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, 'Refused in production: FIREBASE_AUTH_EMULATOR_HOST'],
      // What the outside probe started: a test box's settings under NODE_ENV=production.
      [{ MYPAGE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', SEED_DEMO: '1', ENABLE_TEST_ROUTES: '1', PAYMENT_PROVIDER: 'sandbox' }, 'Refused in production: MYPAGE_ENV=test contradicts NODE_ENV=production'],
      [{ NODE_ENV: 'Production' }, 'Invalid Environment Value: NODE_ENV'],
    ] as const) {
      const r = start(env)
      const output = `${r.stdout}${r.stderr}`
      expect(r.status, JSON.stringify(env)).toBe(1)
      // One fatal log line with the reason (JSON on a pipe), and never a line saying it serves.
      expect(output).toContain(reason)
      expect(output).not.toMatch(/listening|ready on/i)
    }
  }, 120_000)
})

describe('production wins over every other setting', () => {
  const testBox = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', SEED_DEMO: '1', ENABLE_TEST_ROUTES: '1', PAYMENT_PROVIDER: 'sandbox', FIREBASE_PROJECT_ID: 'demo-mypage' }

  it('refuses NODE_ENV=production beside a MYPAGE_ENV that says otherwise, and the reverse', () => {
    for (const mypage of ['test', 'local']) {
      expect(() => parseConfig({ ...production, MYPAGE_ENV: mypage })).toThrow(`Refused in production: MYPAGE_ENV=${mypage} contradicts NODE_ENV=production`)
      expect(() => parseConfig({ NODE_ENV: 'production', MYPAGE_ENV: mypage, ...testBox })).toThrow(`Refused in production: MYPAGE_ENV=${mypage}`)
    }
    for (const node of ['test', 'development']) {
      expect(() => parseConfig({ ...production, NODE_ENV: node, MYPAGE_ENV: 'production' })).toThrow(`Refused in production: NODE_ENV=${node} contradicts MYPAGE_ENV=production`)
    }
  })

  it('stops on an unknown NODE_ENV or MYPAGE_ENV instead of starting as a local box', () => {
    for (const value of ['Production', 'PRODUCTION', 'prod', 'staging']) {
      expect(() => parseConfig({ ...production, NODE_ENV: value }), value).toThrow('Invalid Environment Value: NODE_ENV: must be development, test or production')
      expect(() => parseConfig({ NODE_ENV: value, ...testBox }), value).toThrow('Invalid Environment Value: NODE_ENV')
    }
    expect(() => parseConfig({ ...production, MYPAGE_ENV: 'Production' })).toThrow('Invalid Environment Value: MYPAGE_ENV')
    // The ordinary local and test values still start.
    expect(parseConfig({ NODE_ENV: 'development' }).env).toBe('local')
    expect(parseConfig({ NODE_ENV: 'test', MYPAGE_ENV: 'test' }).env).toBe('test')
  })

  it('with either variable at production, every test setting is refused, whatever else is set', () => {
    const switches = [{ NODE_ENV: 'production' }, { MYPAGE_ENV: 'production' }, { NODE_ENV: 'production', MYPAGE_ENV: 'production' }]
    const settings: [Record<string, string>, string][] = [
      [{ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, 'FIREBASE_AUTH_EMULATOR_HOST'],
      [{ SEED_DEMO: '1' }, 'SEED_DEMO'],
      [{ SEED_DEMO: 'true' }, 'SEED_DEMO'],
      [{ ENABLE_TEST_ROUTES: '1' }, 'ENABLE_TEST_ROUTES'],
      [{ PAYMENT_PROVIDER: 'sandbox' }, 'PAYMENT_PROVIDER=sandbox'],
      [{ ENABLE_TEST_ROUTES: '1', SANDBOX_CHARGE_DELAY_MS: '5000' }, 'ENABLE_TEST_ROUTES'],
    ]
    for (const on of switches) {
      const base = { ...production, NODE_ENV: undefined, ...on }
      expect(parseConfig(base).env).toBe('production')
      for (const [setting, name] of settings) expect(() => parseConfig({ ...base, ...setting }), `${JSON.stringify(on)} ${name}`).toThrow(`Refused in production: ${name}`)
      // Even with required values missing, the dangerous setting is what the operator is told.
      expect(() => parseConfig({ ...on, ...testBox })).toThrow('Refused in production: FIREBASE_AUTH_EMULATOR_HOST')
    }
  })

  it('no setting reachable with NODE_ENV=production talks to the Auth Emulator (unsigned tokens)', () => {
    for (const mypage of [undefined, 'local', 'test', 'production']) {
      for (const extra of [{}, testBox, { ALLOW_SANDBOX_PAYMENTS: '1', ...testBox }]) {
        const env = { ...production, MYPAGE_ENV: mypage, ...extra }
        let emulator: string | undefined = 'not parsed'
        try { emulator = parseConfig(env).firebaseAuthEmulatorHost } catch { emulator = undefined }
        expect(emulator, JSON.stringify(env)).toBeUndefined()
      }
    }
  })

  it('the identity adapter itself refuses the emulator under NODE_ENV=production', () => {
    const saved = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      expect(() => createFirebaseIdentity({ projectId: 'demo-mypage', emulatorHost: '127.0.0.1:9099' })).toThrow('Refused in production: the Auth Emulator')
    } finally {
      process.env.NODE_ENV = saved
    }
  })
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
