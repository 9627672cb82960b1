// The site's production server: `pnpm --filter site build` writes it to dist/server/ (beside the
// browser's dist/client/), `pnpm --filter site serve` runs it with Node. Settings in docs/deploy.md ("Site server").
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readSiteEnv } from '../config/siteEnv'
import * as build from 'virtual:react-router/server-build'
import { createSiteServer, type SiteServerOptions } from './siteServer'

const env = process.env
const ownDir = dirname(fileURLToPath(import.meta.url))
const number = (value: string | undefined, fallback: number) => (value && Number.isFinite(Number(value)) ? Number(value) : fallback)

const port = number(env.SITE_PORT ?? env.PORT, 5173)
const host = env.SITE_HOST || '127.0.0.1'
const shutdownGraceMs = number(env.SITE_SHUTDOWN_GRACE_MS, 10_000)
const shutdownDelayMs = number(env.SITE_SHUTDOWN_DELAY_MS, 0)

const { app, draining } = await createSiteServer({
  // dist/server/ serves dist/client/.
  distDir: env.SITE_DIST_DIR || join(ownDir, '../client'),
  build,
  apiBaseUrl: env.SITE_API_BASE_URL || import.meta.env.VITE_API_BASE_URL || '/api/v1',
  apiTarget: env.SITE_API_TARGET || 'http://127.0.0.1:8787',
  policyEnv: {
    VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
    VITE_AUTH_EMULATOR_URL: import.meta.env.VITE_AUTH_EMULATOR_URL,
    VITE_GA_ID: import.meta.env.VITE_GA_ID,
    VITE_TOKEN_SYNC_URL: import.meta.env.VITE_TOKEN_SYNC_URL,
    SITE_FILES_ORIGIN: env.SITE_FILES_ORIGIN,
  },
  logLevel: (env.SITE_LOG_LEVEL as SiteServerOptions['logLevel']) || 'info',
  trustProxy: (env.SITE_TRUST_PROXY ?? '').split(',').map((item) => item.trim()).filter(Boolean),
  // The build's hosts, or without them those of the port the server listens on (never a request's Host).
  hosts: (({ adultHost, mirrorHosts }) => ({ adultHost, mirrorHosts }))(readSiteEnv({ port: String(port) })),
  ...(env.SITE_PUBLIC_PROTOCOL === 'http' || env.SITE_PUBLIC_PROTOCOL === 'https' ? { publicProtocol: env.SITE_PUBLIC_PROTOCOL } : {}),
})

let stopping = false
/**
 * SIGTERM (a rolling restart, the platform's stop) or SIGINT: /readyz answers 503 at once so the load
 * balancer sends nothing new, the listener closes after SITE_SHUTDOWN_DELAY_MS, what is in flight is
 * answered, idle connections close; connections still busy after SITE_SHUTDOWN_GRACE_MS are cut.
 */
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'stopping: finishing the requests in flight')
  draining()
  if (shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs))
  const cut = setTimeout(() => {
    app.log.warn('requests still in flight after the grace period; closing their connections')
    app.server.closeAllConnections()
  }, shutdownGraceMs)
  cut.unref()
  await app.close()
  app.log.info('stopped')
  process.exit(0)
}
process.on('SIGTERM', (signal) => void stop(signal))
process.on('SIGINT', (signal) => void stop(signal))

await app.listen({ port, host })
