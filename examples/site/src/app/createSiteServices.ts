import type { QueryClient } from '@tanstack/react-query'
import {
  createBrowserStorage,
  createAgeGate,
  createComicsApi,
  createLazyDownloadStore,
  withOfflineDownloads,
  createSessionStore,
  createReaderSettingsStore,
  type ReaderSettingsStore,
  type AgeGate,
  type AnalyticsSink,
  type ComicsApi,
  type DownloadStore,
  type KeyValueStorage,
  type SessionStore,
  type SiteMode,
} from '@comics/core'
import { createDefaultQueryClient } from '@comics/react'
import { analyticsSinks } from '../analytics/analyticsSinks'
import { createSiteAuth, type SiteAuth } from '../auth/createSiteAuth'
import type { SiteEnv } from '../config/siteEnv'
import { createSiteConsent, type SiteConsent } from './siteConsent'

export interface SiteServices {
  /** Made here so the auth service exists before the kit's provider, which is given both. */
  session: SessionStore
  /** The adult host's age answer, made here so the page can keep its cookie (src/app/signedInCookie.ts). */
  ageGate: AgeGate
  auth: SiteAuth
  /** The cookie choice, made here so that one made before the app has taken the page over is made then (src/app/siteConsent.ts). */
  consent: SiteConsent
  sinks: AnalyticsSink[]
  /** The kit's client and query cache, made here so the cache can take the server's before the first render. */
  api: ComicsApi
  queryClient: QueryClient
  /** Where the kit's stores persist (the page's localStorage, or memory on the server). */
  storage: KeyValueStorage
  /** Episodes downloaded for offline reading (none on the server, which has no Cache Storage). */
  downloads: DownloadStore
  /** The reader settings, made here so the page can keep their cookie (src/app/signedInCookie.ts). */
  readerSettings: ReaderSettingsStore
}

/** What the services take from where they run: the browser's page, or a server render (src/server). */
export interface ServicesPlace {
  storage: KeyValueStorage
  sinks: AnalyticsSink[]
  /** The kit's client, when the place makes its own (the server's, which sends the visitor's Host). */
  api?: ComicsApi
}

/** The page's: its localStorage and the analytics sinks. */
function inThePage(env: SiteEnv): ServicesPlace {
  return { storage: createBrowserStorage(), sinks: analyticsSinks(env) }
}

/**
 * What lives as long as the page: made once, outside React, so StrictMode's double render does not
 * make a second session store or load gtag.js twice.
 */
export function createSiteServices(env: SiteEnv, siteMode: SiteMode, place: ServicesPlace = inThePage(env)): SiteServices {
  const { storage, sinks } = place
  const session = createSessionStore(storage)
  // Core's store is fetched when a page first needs it (a download, the download buttons, a read without network).
  const downloads = createLazyDownloadStore()
  return {
    session,
    ageGate: createAgeGate(storage),
    storage,
    auth: createSiteAuth(env, session),
    consent: createSiteConsent(storage),
    sinks,
    // As ComicsProvider would make it from apiBaseUrl.
    // Without network, downloaded episodes (and their comics) answer the reads a reader needs.
    api: place.api ?? withOfflineDownloads(createComicsApi({ baseUrl: env.apiBaseUrl, getToken: () => session.getSnapshot().token, siteMode }), downloads),
    downloads,
    readerSettings: createReaderSettingsStore(storage),
    queryClient: createDefaultQueryClient(),
  }
}
