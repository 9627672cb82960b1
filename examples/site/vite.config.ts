import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin, type ProxyOptions } from 'vite'
import { reactRouter } from '@react-router/dev/vite'
import { VitePWA, type VitePluginPWAAPI } from 'vite-plugin-pwa'
import { appShellRevision } from './appShellRevision'
import { precompressAssets, precompressRouteManifest } from './precompress'
import { reactRouterProductionAlias } from './reactRouterBuild'
import { devSecurityHeaders } from './securityHeaders'
import reactRouterConfig from './react-router.config'
import { APP_SHELL_PATH } from './src/offline/offlineConstants'

// The reference API (examples/api), for the dev server. It decides the rating mode from the Host header,
// so the proxy keeps the site's host (adult.localhost:5173 or localhost:5173) instead of rewriting it.
const apiTarget = process.env.SITE_API_TARGET ?? 'http://127.0.0.1:8787'
const apiProxy: Record<string, ProxyOptions> = {
  '/api/v1': { target: apiTarget, changeOrigin: false, xfwd: true },
}
/**
 * What the worker precaches: the hashed scripts and stylesheets (the admin's excepted: only an admin loads
 * them), the app icons, and the app shell the site's server renders at APP_SHELL_PATH (src/routes/
 * app-shell.tsx). The shell names the build's scripts, so its revision is a hash of everything else the
 * worker precaches: each build's shell replaces the last.
 *
 * Built once the server's build is done, into the browser's folder (`clientDir`): the framework writes the
 * browser's route manifest (assets/manifest-*.js, which every document loads first) during the server's
 * build, after the browser's. A worker built with the browser's files would lack it, and without network
 * no page would start.
 */
function offlineWorker(clientDir: string): Plugin[] {
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'worker',
    filename: 'sw.ts',
    outDir: clientDir,
    injectRegister: false,
    manifest: false,
    devOptions: { enabled: false },
    injectManifest: {
      globPatterns: ['assets/**/*.{js,css,png}', 'icons/*.png'],
      globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'assets/Admin*'],
      manifestTransforms: [
        async (entries) => ({ manifest: [...entries, { url: APP_SHELL_PATH, revision: appShellRevision(entries), size: 0 }], warnings: [] }),
      ],
      rollupFormat: 'es',
      target: 'es2022',
      minify: true,
      sourcemap: false,
    },
  })
  const api = pwa.find((plugin) => plugin.name === 'vite-plugin-pwa')?.api as VitePluginPWAAPI | undefined
  if (!api) throw new Error('vite-plugin-pwa: its API plugin was not found')
  return [
    ...pwa,
    {
      // The plugin builds nothing in a server build by itself: asked here, once that build has closed.
      name: 'site-offline-worker-after-server-build',
      apply: 'build',
      closeBundle: {
        order: 'post',
        sequential: true,
        async handler() {
          await api.generateSW()
        },
      },
    },
  ]
}

/**
 * The app frame every page runs before its screen (the root route, with what it imports: React, the
 * router, TanStack Query, the kit's provider, React DOM's client) in one chunk. The client entry's own
 * code (the hydration) stays in its chunk: the document's scripts load the route modules first, and the
 * entry's script is what starts the app. Left to itself, the
 * bundler splits that frame by which route modules share each module, and home's first load was about 50
 * files, each with its own imports, exports and gzip dictionary: about 13 kB more than the same code in
 * one file. The group takes the bundler's own dependencies of the root route (after tree shaking, so a
 * barrel's unused exports stay out); route modules keep their chunks, and what only some routes use
 * stays with them. Modules most routes share (12 route modules or more: the kit's small hooks, the
 * query observer) go in a second chunk rather than one file each; at 12, home's first visit loads 0.7 kB
 * less and the comic page and the reader about as much less (at 6 or 9 home loads more than it needs).
 */
const appFrame = {
  groups: [{ name: 'frame', test: /[\\/]src[\\/]root\.tsx(\?|$)|[\\/]react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.production\.js)$|[\\/]react-router[\\/]dist[\\/]production[\\/]dom-export\.mjs$/, priority: 2 }, { name: 'shared', minShareCount: 12, priority: 1 }],
}

/**
 * Shared chunks are named by their hash alone: every import between chunks and the route manifest name
 * them, and home's first visit loads 1.1 kB less (gzip) than with `[name]-[hash]`. The admin's chunks keep
 * their name, by which the worker leaves them out of its precache (only an admin loads them), and so do
 * the app frame and the shared chunk (every page loads them: checks and operators find them by name).
 */
const chunkFileNames = (chunk: { name: string }) => (/^(Admin|frame$|shared$)/.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js')

const port = Number(process.env.SITE_PORT ?? 5173)
const siteRoot = fileURLToPath(new URL('.', import.meta.url))
/** The browser's files of a build (react-router.config.ts: dist/client, or SITE_BUILD_DIR's). */
const clientBuildDir = resolve(siteRoot, reactRouterConfig.buildDirectory ?? 'dist', 'client')

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const production = command === 'build' && mode === 'production'
  return {
    plugins: [
      reactRouter(),
      // Brotli and gzip copies of the built scripts and stylesheets, which the site's server sends.
      ...(isSsrBuild ? [] : [precompressAssets()]),
      // The service worker (worker/sw.ts) with the build's precache list, as dist/client/sw.js, written
      // after the server's build (offlineWorker). The web app manifest is the site server's, per host
      // (src/server/webManifest.ts); the page registers the worker itself after load (src/offline/registerServiceWorker.ts).
      ...(isSsrBuild ? offlineWorker(clientBuildDir) : []),
      // The route manifest, which the framework writes into the browser's files during the server's build.
      ...(isSsrBuild ? [precompressRouteManifest(clientBuildDir)] : []),
    ],
    // The kit (`@comics/core`, `@comics/react` and its stylesheet) resolves as a partner's app resolves it:
    // through each package's exports to its built dist/, which the workspace's `pnpm build` writes.
    resolve: { alias: production ? reactRouterProductionAlias() : [] },
    server: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      // adult.localhost and any other *.localhost (an unknown host is redirected by the site itself).
      allowedHosts: ['.localhost', '127.0.0.1'],
      proxy: apiProxy,
      headers: devSecurityHeaders(),
    },
    // The site's server (src/server/main.ts) is one bundle with the render and its libraries (Fastify
    // included), so that it runs from wherever the build was written, with no node_modules beside it.
    ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
    // Its libraries' production builds, whatever NODE_ENV the server starts with: React, React DOM's
    // server renderer and TanStack Query pick their build at run time by process.env.NODE_ENV, which
    // `node dist/server/index.js` leaves unset, and their development builds (checks, warnings, owner
    // stacks for every element) cost every document (docs/performance.md). The browser's build has it from Vite.
    ...(production && isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
    build: {
      sourcemap: !isSsrBuild,
      // The server's bundle starts from the site's server (src/server/main.ts), which takes the
      // framework's render from `virtual:react-router/server-build`.
      ...(isSsrBuild ? { copyPublicDir: false, rollupOptions: { input: './src/server/main.ts' } } : { rollupOptions: { output: { codeSplitting: appFrame, chunkFileNames } } }),
      chunkSizeWarningLimit: 600,
    },
  }
})
