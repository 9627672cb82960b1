import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import axios from 'axios'
import { dehydrate, type DehydratedState } from '@tanstack/react-query'
import { createComicsApi, createMemoryStorage, resolveHost } from '@comics/core'
import { SiteApp } from '../app/SiteApp'
import { createSiteServices } from '../app/createSiteServices'
import { readSiteEnv } from '../config/siteEnv'
import { landingAt, landingQueriesAt, redirectAt } from '../routes/siteRoutes'
import * as screens from '../routes/lazyScreens'
import type { LazyScreen } from '../routes/lazyScreens'

/** The screens the server paints for a guest: the public ones (spec §2); their first queries are their routes' (landingQueries.ts). */
const { HomeScreen, CategoriesScreen, ComicScreen, ReaderScreen, PrivacyPolicyScreen, TermsOfUseScreen, PaymentAndRefundScreen } = screens
const SERVER_RENDERED = new Set<unknown>([HomeScreen, CategoriesScreen, ComicScreen, ReaderScreen, PrivacyPolicyScreen, TermsOfUseScreen, PaymentAndRefundScreen])

/** How long the server waits for each of the API's answers before it renders without it. */
export const SERVER_CALL_TIMEOUT_MS = 3000

/** A screen as the server rendered it. */
export interface RenderedLanding {
  /** The markup of #root, which the browser paints before the scripts have arrived and then hydrates (src/main.tsx). */
  html: string
  /** The kit's query cache the markup was rendered with (its successful queries), for the browser's cache. */
  queries: DehydratedState
  /** True when every first query succeeded: the page then makes no call before it has run. */
  complete: boolean
}

export interface ServerLandingOptions {
  /** The API as the server reaches it (e.g. http://127.0.0.1:8787/api/v1). */
  apiBase: string
}

/**
 * The public screen at `url` (`http://host:port/path?query` as the browser asked for it) as a guest's
 * first render shows it, on either host (the adult host's with its age gate first, covering it); null
 * for any other screen and for a host the site does not serve. `render` fetches the screen's first
 * queries (its route's, see landingQueriesAt) with the kit's own query options and client, the
 * visitor's Host on each call (the API decides the rating mode by it), then renders with that cache. A refused or failed query is left out of both the render
 * and the cache: the browser's hooks ask for it, with their retries.
 */
export function serverLanding(url: string, options: ServerLandingOptions): { render(): Promise<RenderedLanding> } | null {
  const address = new URL(url)
  const env = readSiteEnv(address)
  const hostConfig = { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts }
  const host = resolveHost(address.href, hostConfig)
  if (!('mode' in host)) return null
  const siteMode = host.mode
  const landing = landingAt(address.pathname)
  if (!landing || !SERVER_RENDERED.has(landing.screen)) return null
  return {
    async render() {
      const api = createComicsApi({
        baseUrl: options.apiBase,
        siteMode,
        axiosInstance: axios.create({ headers: { host: address.host }, timeout: SERVER_CALL_TIMEOUT_MS }),
      })
      // A first visit's: nothing stored, no analytics.
      const services = createSiteServices(env, siteMode, { storage: createMemoryStorage(), sinks: [], api })
      const { queryClient } = services
      const queries = landingQueriesAt(address.pathname, address.search, { api, siteMode })
      // One attempt each: the page must not wait for retries; the browser retries what failed.
      await Promise.all([landing.screen.load(), ...queries.map((query) => queryClient.prefetchQuery({ ...query, retry: false }))])
      const failed = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' })
      queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' })
      try {
        const html = renderToString(
          <StrictMode>
            <SiteApp env={env} hostConfig={hostConfig} siteMode={siteMode} services={services} location={address.pathname + address.search} />
          </StrictMode>,
        )
        return { html, queries: dehydrate(queryClient), complete: failed.length === 0 }
      } finally {
        queryClient.clear()
      }
    },
  }
}

/** The module of every lazy screen (the keys of their chunks in the build's manifest). */
export const screenModules = (): string[] =>
  Object.values(screens).flatMap((value) => (typeof value === 'function' && typeof (value as Partial<LazyScreen>).module === 'string' ? [(value as LazyScreen).module] : []))

/** The module of the screen at `url`'s path, if it shows one. */
export const screenModuleAt = (url: string): string | undefined => landingAt(new URL(url).pathname)?.screen.module

/**
 * Where the server sends a request for `url` before rendering anything (a real HTTP redirect): the same
 * path on the adult host for a host the site does not serve (core's `resolveHost`, spec §2), then the
 * routes' own redirects (a guarded route for a guest, see `redirectAt`). Null when the page is served.
 */
export function serverRedirect(url: string, signedIn: boolean): string | null {
  const address = new URL(url)
  const env = readSiteEnv(address)
  const host = resolveHost(address.href, { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts })
  if ('redirectTo' in host) return host.redirectTo
  return redirectAt(address.pathname, signedIn)
}
