import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { devServerGuard, ignoredByWatcher, productionConfigCheck, routesManifest, thirdPartiesManifest } from './scripts/vite/plugins.ts'
import { prerenderPages } from './scripts/vite/prerender.ts'
import { chakraSystemTransform } from './scripts/vite/chakra-system.ts'
import { startChunks } from './scripts/vite/start-chunks.ts'
import { errorReportsBuild } from './scripts/vite/error-reports.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
// The API server for the dev proxy (`npm run dev` starts it and sets this).
const apiTarget = process.env.MYPAGE_API_URL ?? 'http://127.0.0.1:8787'

export default defineConfig({
  plugins: [
    productionConfigCheck(root),
    // With VITE_SENTRY_DSN: the release named after the build, hidden source maps kept out of dist.
    errorReportsBuild(root),
    tanstackRouter({ target: 'react', routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts', autoCodeSplitting: true, quoteStyle: 'single',
      // Loaders in chunks of their own too: their data helpers (and js-joda) stay out of the entry.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']] } }),
    react(),
    // Chakra's createSystem in steps, its global stylesheet built on first read (docs/performance.md).
    chakraSystemTransform(),
    // One chunk per stage of the start instead of ~45 small shared ones (docs/performance.md).
    startChunks(),
    routesManifest(root),
    // Which outside services the bundle uses: the server's CSP allows those only.
    thirdPartiesManifest(),
    devServerGuard(root),
    // Public pages and member-page shells painted from HTML.
    prerenderPages(root),
  ],
  resolve: {
    // Performance (docs/performance.md): the SPA needs Asia/Tokyo only, not the whole tz database.
    alias: [{ find: /^@js-joda\/timezone$/, replacement: fileURLToPath(new URL('./src/app/jst-timezone.ts', import.meta.url)) }],
  },
  // `npm run dev` only: for people changing the code. Members get the built app (`npm start`).
  server: {
    host: '127.0.0.1',
    strictPort: true,
    // The online room's signalling socket is under /api too: proxied as a WebSocket.
    proxy: { '/api': { target: apiTarget, ws: true }, '/sandbox': apiTarget },
    // Only the app's sources are watched: never `.data/` (the database), `server/`, tests, docs…
    watch: { ignored: [ignoredByWatcher(root)] },
    fs: {
      strict: true,
      allow: ['contract', 'src', 'machines', 'public', 'index.html', 'node_modules'],
      deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.data/**', '**/.git/**', '**/server/**'],
    },
  },
  build: { target: 'es2022', sourcemap: false },
})
