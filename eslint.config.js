// Import direction (conventions.md "Boundaries"):
//   routes → features → machines, api, adapters, contract, ui, text
//   machines → xstate, src/contract only (pure: no React, browser or network)
//   server → src/contract only
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import globals from 'globals'

const restricted = (target, from, message) => ({ target, from, message })

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-*', '.data', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'bench/floor/dist', 'bench/results'] },
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
          restricted('./machines', './src', 'machines/ may import only src/contract (pure charts)'),
          restricted('./server', './src', 'server/ may import only src/contract'),
          restricted('./src/contract', './src/!(contract)/**', 'src/contract is the shared leaf: no app imports'),
          restricted('./src/contract', './server', 'src/contract must not import the server'),
          restricted('./src', './server', 'the browser app must not import the server'),
          restricted('./src/features', './src/routes', 'features must not import routes'),
          restricted('./src/api', './src/(routes|features)/**', 'api is below routes and features'),
          restricted('./src/adapters', './src/(routes|features)/**', 'adapters are below routes and features'),
          restricted('./src/ui', './src/(routes|features)/**', 'ui is below routes and features'),
        ].map((z) => (z.target === './machines' || z.target === './server'
          ? { ...z, except: ['./contract'] }
          : z)),
      }],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(react|react-dom|firebase|@chakra-ui/.*|@tanstack/.*|@stripe/.*)$', message: 'machines are pure: provide effects at the edge' },
      ] }],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'sessionStorage', 'localStorage'],
    },
  },
)
