import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The floor app's own build (bench/bundle.ts builds it beside the product, same Vite, same target).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false, outDir: 'dist', emptyOutDir: true },
  logLevel: 'warn',
})
