import { createBrowserRouter } from 'react-router'
import { createBrowserStorage, createSessionStore, type AnalyticsSink, type PreloadedCalls, type SessionStore } from '@comics/core'
import { analyticsSinks } from '../analytics/analyticsSinks'
import { createSiteAuth, type SiteAuth } from '../auth/createSiteAuth'
import type { SiteEnv } from '../config/siteEnv'
import { siteRoutes } from '../routes/siteRoutes'

export interface SiteServices {
  router: ReturnType<typeof createBrowserRouter>
  /** Made here so the auth service exists before the kit's provider, which is given both. */
  session: SessionStore
  auth: SiteAuth
  sinks: AnalyticsSink[]
  /** The calls the document started for the screen it landed on (routePreloads.ts), if any. */
  preloadedCalls: PreloadedCalls | undefined
}

declare global {
  interface Window {
    __comicsPreloadedCalls?: PreloadedCalls
  }
}

/**
 * What lives as long as the page: made once, outside React, so StrictMode's double render does not
 * make a second router listening to history or load gtag.js twice.
 */
export function createSiteServices(env: SiteEnv): SiteServices {
  const session = createSessionStore(createBrowserStorage())
  return {
    router: createBrowserRouter(siteRoutes),
    session,
    auth: createSiteAuth(env, session),
    sinks: analyticsSinks(env),
    preloadedCalls: window.__comicsPreloadedCalls instanceof Map ? window.__comicsPreloadedCalls : undefined,
  }
}
