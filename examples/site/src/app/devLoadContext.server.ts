import { randomBytes } from 'node:crypto'
import type { AppLoadContext } from 'react-router'
import { devSecurityHeaders } from '../../securityHeaders'
import { readSiteEnv } from '../config/siteEnv'
import type { SiteLoadContext } from './loadContext'

/**
 * The load context of a request: the site's server gives it (src/server/siteServer.ts); `react-router dev`
 * gives none, so the dev server's pages get the dev defaults: the API through the dev server's proxy
 * (SITE_API_TARGET, default http://127.0.0.1:8787), the hosts of the dev port, a nonce per request and
 * the dev server's own security headers (vite.config.ts).
 */
export function siteContext(context: AppLoadContext | undefined): SiteLoadContext {
  if (context && typeof context.securityHeaders === 'function') return context
  const env = readSiteEnv({ port: process.env.SITE_PORT ?? '5173' })
  return {
    nonce: randomBytes(16).toString('base64'),
    apiBaseUrl: '/api/v1',
    apiBase: `${process.env.SITE_API_TARGET ?? 'http://127.0.0.1:8787'}/api/v1`,
    hosts: { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts },
    securityHeaders: () => devSecurityHeaders(),
  }
}
