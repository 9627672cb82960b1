import type { QueryClient } from '@tanstack/react-query'
import {
  createBrowserStorage,
  createComicsApi,
  createSessionStore,
  type AnalyticsSink,
  type ComicsApi,
  type KeyValueStorage,
  type PreloadedCalls,
  type SessionStore,
  type SiteMode,
} from '@comics/core'
import { createDefaultQueryClient } from '@comics/react'
import { analyticsSinks } from '../analytics/analyticsSinks'
import { createSiteAuth, type SiteAuth } from '../auth/createSiteAuth'
import type { SiteEnv } from '../config/siteEnv'

export interface SiteServices {
  /** Made here so the auth service exists before the kit's provider, which is given both. */
  session: SessionStore
  auth: SiteAuth
  sinks: AnalyticsSink[]
  /** The calls the document started for the screen it landed on (routePreloads.ts), if any. */
  preloadedCalls: PreloadedCalls | undefined
  /** The kit's client (taking those calls' answers) and query cache, made here so the cache can be filled before the first render. */
  api: ComicsApi
  queryClient: QueryClient
  /** Where the kit's stores persist (the page's localStorage, or memory on the server). */
  storage: KeyValueStorage
}

declare global {
  interface Window {
    __comicsPreloadedCalls?: PreloadedCalls
  }
}

/** What the services take from where they run: the browser's page, or a server render (src/server). */
export interface ServicesPlace {
  storage: KeyValueStorage
  /** The calls started for the screen, if any (the document's, or the server's answers). */
  preloadedCalls: PreloadedCalls | undefined
  sinks: AnalyticsSink[]
}

/** The page's: its localStorage, the calls its document started (routePreloads.ts), the analytics sinks. */
function inThePage(env: SiteEnv): ServicesPlace {
  return {
    storage: createBrowserStorage(),
    preloadedCalls: window.__comicsPreloadedCalls instanceof Map ? window.__comicsPreloadedCalls : undefined,
    sinks: analyticsSinks(env),
  }
}

/**
 * What lives as long as the page: made once, outside React, so StrictMode's double render does not
 * make a second session store or load gtag.js twice.
 */
export function createSiteServices(env: SiteEnv, siteMode: SiteMode, place: ServicesPlace = inThePage(env)): SiteServices {
  const { storage, preloadedCalls, sinks } = place
  const session = createSessionStore(storage)
  return {
    session,
    storage,
    auth: createSiteAuth(env, session),
    sinks,
    preloadedCalls,
    // As ComicsProvider would make them from apiBaseUrl and preloadedCalls.
    api: createComicsApi({ baseUrl: env.apiBaseUrl, getToken: () => session.getSnapshot().token, siteMode, preloaded: preloadedCalls }),
    queryClient: createDefaultQueryClient(),
  }
}
