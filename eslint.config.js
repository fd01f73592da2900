// Import direction (docs/conventions.md "Boundaries"):
//   contract/ is the floor: the wire vocabulary under the app, the charts and the server; it
//   imports nothing of ours (only valibot)
//   src: routes → app (shell) → features → machines, api, adapters, ui, text, and contract
//   machines → xstate, valibot, contract only (pure: no React, browser or network)
//   server → contract only, never src/ or machines/
//   server: app → routes → http → services (flows) → infra, domain, db, adapters; services and
//   domain speak the domain (deps from services/deps.ts, errors from domain/errors.ts) and never
//   import http/ or routes/ (docs/server.md "Layout")
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import globals from 'globals'
import { readdirSync } from 'node:fs'

// One folder per flow (docs/decisions.md 43): a feature or a chart imports nothing from another flow's folder;
// what two flows share lives in src/ui, contract or machines/shared.
const folders = (dir) => readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
// Member flows are src/features/<flow>; the staff side mirrors server/routes/staff/<area>.ts as
// src/features/staff/<area>/<feature> (docs/conventions.md "Features"): each leaf is one feature.
const featureFolders = folders('./src/features').filter((f) => f !== 'staff')
  .concat(folders('./src/features/staff').flatMap((area) => folders(`./src/features/staff/${area}`).map((f) => `staff/${area}/${f}`)))
const machineFolders = folders('./machines').filter((f) => f !== 'shared')

const restricted = (target, from, message) => ({ target, from, message })
/** Every feature folder but f. */
const otherFeatures = (f) => featureFolders.filter((g) => g !== f).map((g) => `./src/features/${g}/**`)

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-*', '.data', '.tmp', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'bench/floor/dist', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/ignore': ['node_modules'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { maxDepth: 8 }],
      'import-x/no-restricted-paths': ['error', {
        zones: [
          restricted('./machines', './src', 'machines/ may import only contract/ (pure charts)'),
          restricted('./machines', './server', 'machines/ may import only contract/ (pure charts)'),
          restricted('./server', './src', 'server/ may import only contract/ from the shared code'),
          restricted('./server', './machines', 'server/ may import only contract/ from the shared code'),
          restricted('./contract', './src', 'contract/ is the floor: it imports nothing of ours'),
          restricted('./contract', './server', 'contract/ is the floor: it imports nothing of ours'),
          restricted('./contract', './machines', 'contract/ is the floor: it imports nothing of ours'),
          restricted('./src', './server', 'the browser app must not import the server'),
          ...['services', 'domain', 'infra', 'db', 'adapters'].map((d) => restricted(`./server/${d}`, ['./server/http', './server/routes'], `server/${d} speaks the domain: take Deps from server/services/deps.ts, throw server/domain/errors.ts; only server/http maps to statuses`)),
          restricted('./server/infra', ['./server/services'], 'server/infra is below the flows: caches, locks, ids and the audit trail know no service'),
          restricted('./server/domain', ['./server/services', './server/infra', './server/db', './server/adapters'], 'server/domain holds pure rules: it imports only contract/ and its own files'),
          restricted('./server/http', './server/routes/**', 'server/http is the door the routes use, not the other way round'),
          restricted('./src/features', './src/routes', 'features must not import routes'),
          restricted('./src/features', './src/app', 'features must not import src/app: the app composes features, not the other way round'),
          ...featureFolders.map((f) => restricted(`./src/features/${f}`, otherFeatures(f), `src/features/${f} must not import another feature: move what they share to src/ui or contract`)),
          ...machineFolders.map((f) => restricted(`./machines/${f}`, `./machines/!(${f}|shared)/**`, `machines/${f} must not import another flow's chart: share through machines/shared or contract`)),
          restricted('./src/api', './src/(routes|features)/**', 'api is below routes and features'),
          restricted('./src/adapters', './src/(routes|features)/**', 'adapters are below routes and features'),
          restricted('./src/ui', './src/(routes|features)/**', 'ui is below routes and features'),
        ],
      }],
    },
  },
  {
    // An effect's arrow returns its cleanup or nothing: an expression body returns whatever the call
    // returns, and React calls that on the next run. `scrollIntoView` returns a Promise in current
    // Chromium, so an expression-bodied scroll effect crashed the room's page on the second chat line
    // ("is not a function"). Write a block body (or `void`, or `() => () => cleanup`).
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression:first-child[body.type!='BlockStatement'][body.type!='ArrowFunctionExpression'][body.type!='UnaryExpression']",
        message: 'An effect returns its cleanup function or nothing: give the arrow a block body (a returned Promise or value crashes React on the next run).',
      }],
    },
  },
  {
    // Only server/routes and server/app.ts mount routes: the layers below never see Hono.
    files: ['server/services/**/*.ts', 'server/domain/**/*.ts', 'server/infra/**/*.ts', 'server/db/**/*.ts', 'server/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'hono', message: 'routes are mounted in server/routes or server/app.ts only; services take Deps and return values' }] }],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(?!(xstate|valibot)(/|$)|\\.)', message: 'machines import only xstate, valibot, contract and their own folder (pure charts): provide effects at the edge' },
      ] }],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'sessionStorage', 'localStorage'],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(?!valibot(/|$)|\\./)', message: 'contract/ is the floor under the app, the charts and the server: it imports only valibot and its own files' },
      ] }],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'sessionStorage', 'localStorage'],
    },
  },
  {
    // An area's folder of contract/ (contract/desk/) reaches its siblings one level up, never beyond.
    files: ['contract/*/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(?!valibot(/|$)|\\./|\\.\\./(?!\\.\\./))', message: 'contract/ is the floor under the app, the charts and the server: it imports only valibot and its own files' },
      ] }],
    },
  },
)
