import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { viteSecurityHeaders } from './scripts/vite-security-headers'

// The API server URL for the dev proxy; scripts/stack.ts sets it to the port it started.
const apiTarget = process.env.MYPAGE_API_URL ?? 'http://127.0.0.1:8787'

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts', autoCodeSplitting: true, quoteStyle: 'single',
      // Loaders in chunks of their own too: their data helpers (and js-joda) stay out of the entry.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']] } }),
    react(),
    // CSP without inline scripts, frame-ancestors 'none', nosniff, Referrer-Policy (docs/reliability.md).
    viteSecurityHeaders(),
  ],
  resolve: {
    // Performance (docs/performance.md): the SPA needs Asia/Tokyo only, not the whole tz database.
    alias: [{ find: /^@js-joda\/timezone$/, replacement: fileURLToPath(new URL('./src/app/jst-timezone.ts', import.meta.url)) }],
  },
  server: {
    host: '127.0.0.1',
    strictPort: true,
    proxy: { '/api': apiTarget, '/sandbox': apiTarget },
  },
  preview: {
    host: '127.0.0.1',
    strictPort: true,
    proxy: { '/api': apiTarget, '/sandbox': apiTarget },
  },
  build: { target: 'es2022', sourcemap: false },
})
