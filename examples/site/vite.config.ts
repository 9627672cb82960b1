import { defineConfig, type ProxyOptions } from 'vite'
import react from '@vitejs/plugin-react'
import { kitSourceAliases, kitStylesFromSources } from './kit-sources'

// The reference API (examples/api). It decides the rating mode from the Host header, so the proxy keeps
// the site's host (adult.localhost:5173 or localhost:5173) instead of rewriting it.
const apiTarget = process.env.SITE_API_TARGET ?? 'http://127.0.0.1:8787'
const apiProxy: Record<string, ProxyOptions> = {
  '/api/v1': { target: apiTarget, changeOrigin: false, xfwd: true },
}
const port = Number(process.env.SITE_PORT ?? 5173)

export default defineConfig({
  plugins: [react(), kitStylesFromSources()],
  resolve: { alias: kitSourceAliases },
  server: {
    host: '127.0.0.1',
    port,
    strictPort: true,
    // adult.localhost and any other *.localhost (an unknown host is redirected by the site itself).
    allowedHosts: ['.localhost', '127.0.0.1'],
    proxy: apiProxy,
  },
  preview: {
    host: '127.0.0.1',
    port,
    strictPort: true,
    allowedHosts: ['.localhost', '127.0.0.1'],
    proxy: apiProxy,
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
})
