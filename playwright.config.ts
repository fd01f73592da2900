import { defineConfig } from '@playwright/test'

// End-to-end against the whole local stack (tests/e2e/global-setup.ts starts it on free ports
// with a fresh database), in Debian's Chromium: `npx playwright install` cannot download here.
export const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run',
]

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // One retry in CI only: on two shared cores a full page load (the 3-D Secure return, a mailed link)
  // can outlast a wait. A retried test is reported as flaky in the summary, never hidden.
  retries: process.env.CI ? 1 : 0,
  // Generous waits: they only matter on a slow machine (two cores whose hypervisor took 40 % of
  // them made a 3-D Secure return page take over 10 s to start its chart, and a checkout test over
  // 60 s, on 2026-11-27). A passing test is no slower for them; a failing one fails later.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['line']] : [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    // Recording a trace (a screenshot per action) costs CPU on every test; on two cores that is
    // minutes a run. CI records it on the retry of a failed test, where it is needed.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
  },
})
