import { defineConfig } from 'vitest/config'

/** Component tests that replace one of the app's modules with vi.mock: each in a module graph of its own. */
const DOM_MOCKING = ['tests/unit/view-error-report.test.tsx']
/**
 * Unit tests that run Vite (a build with its prerender, the dev server) or set NODE_ENV: React
 * loaded in one mode by an earlier file of a shared graph breaks a build's prerender in the other
 * ("dispatcher.getOwner is not a function"), so each keeps a module graph of its own.
 */
const UNIT_BUILDS = ['tests/unit/bundle-secrets.test.ts', 'tests/unit/dev-server.test.ts', 'tests/unit/production-config.test.ts']

// Projects: pure units and charts (node), components (jsdom, the app's own Chakra system),
// and the API server in-process against a real database and the real Auth Emulator.
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['dot'] : ['default'],
    // Vitest's default in a run is one worker fewer than the cores: one on this two-core machine, so
    // every file waited for the one before, though the API files mostly wait on PostgreSQL, the Auth
    // Emulator and their server processes. Two workers: 229 → 187 s for the whole run (three: 191 s).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          exclude: UNIT_BUILDS,
          environment: 'node',
          // Pure functions and charts: the files of a worker share one module graph, as the component
          // and API projects do (the project's run 36 → 25 s). A file that replaces a module or keeps
          // state between files needs a project of its own (as DOM_MOCKING and UNIT_BUILDS).
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-builds',
          include: UNIT_BUILDS,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'dom',
          include: ['tests/unit/**/*.test.tsx'],
          exclude: DOM_MOCKING,
          environment: 'jsdom',
          // The files of a worker share one jsdom and one module graph: React, Chakra and the app are
          // imported once per worker instead of once per file (import time 91 → 19 s, the project's
          // CPU time a third). Each test renders into a fresh container (Testing Library's cleanup) and
          // the app's services are made per render (tests/unit/app-harness.tsx). A file that replaces
          // a module (vi.mock) needs its own graph: DOM_MOCKING, below.
          isolate: false,
          setupFiles: ['tests/support/dom-setup.ts'],
          // Whole pages render in jsdom here; on two busy cores a test can need more than the 5 s
          // default to settle. A limit, not an assertion: no test measures time.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'dom-mocking',
          include: DOM_MOCKING,
          environment: 'jsdom',
          setupFiles: ['tests/support/dom-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // As the component tests: the server's modules imported once per worker, not once per
          // file (each file still builds its own app, database and caches through tests/api/harness.ts).
          isolate: false,
          globalSetup: ['tests/support/vitest-services.ts'],
          setupFiles: ['tests/support/api-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
