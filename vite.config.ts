import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

// The API server URL for the dev proxy; scripts/stack.ts sets it to the port it started.
const apiTarget = process.env.MYPAGE_API_URL ?? 'http://127.0.0.1:8787'

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
  ],
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
