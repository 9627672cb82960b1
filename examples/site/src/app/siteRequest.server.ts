import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import { parse as parseCookies } from 'cookie'
import axios from 'axios'
import { QueryClient, dehydrate, type DehydratedState } from '@tanstack/react-query'
import { createComicsApi, resolveHost, type ComicsApi, type SiteMode } from '@comics/core'
import { AGE_PASSED_COOKIE, CUSTOM_READER_COOKIE, SIGNED_IN_COOKIE } from './documentMarks'
import { readSiteEnv } from '../config/siteEnv'
import type { SiteLoadContext } from './loadContext'
import type { ScreenQuery } from './screenData'

/** How long a loader waits for each of the API's answers before the page goes without it. */
export const SERVER_CALL_TIMEOUT_MS = 3000

/** The cookies of a request (the page's marks, see documentMarks.ts; none of them holds a secret). */
export function cookiesOf(request: Request): Record<string, string | undefined> {
  return parseCookies(request.headers.get('cookie') ?? '')
}

/** True when cookie `name` is set (to a value). */
export const hasCookie = (request: Request, name: string) => Boolean(cookiesOf(request)[name])

/** True when the page said a reader is signed in here (no token in it: the API decides access). */
export const signedIn = (request: Request) => hasCookie(request, SIGNED_IN_COOKIE)

/** True when the adult host's age gate was answered Yes in this browser. */
export const agePassed = (request: Request) => hasCookie(request, AGE_PASSED_COOKIE)

/** True when this browser's reader settings are not the defaults (the reader then renders in the browser). */
export const customReader = (request: Request) => hasCookie(request, CUSTOM_READER_COOKIE)

/**
 * The mode of the request's host, or where to send it: the same path on the adult host for a host the
 * site does not serve (core `resolveHost`, spec §2). The hosts are the build's, or without them those of
 * the port the request names, as the page itself decides (readSiteEnv).
 */
export function hostOf(request: Request): { mode: SiteMode } | { redirectTo: string } {
  const env = readSiteEnv({ port: new URL(request.url).port })
  return resolveHost(request.url, { adultHost: env.adultHost, mirrorHosts: env.mirrorHosts })
}

/**
 * The connections to the API, kept open between calls and shared by every request: axios on Node opens
 * a connection per call without an agent, and a page's few calls each paid a connection's setup (and
 * left it in TIME_WAIT) on both servers.
 */
const apiAgents = { httpAgent: new HttpAgent({ keepAlive: true }), httpsAgent: new HttpsAgent({ keepAlive: true }) }

/**
 * The kit's client as a guest on a host: the request's by default (the API decides the ratings by the
 * Host header).
 */
export function guestApi(request: Request, context: SiteLoadContext, siteMode: SiteMode, host = new URL(request.url).host): ComicsApi {
  return createComicsApi({
    baseUrl: context.apiBase,
    siteMode,
    axiosInstance: axios.create({ headers: { host }, timeout: SERVER_CALL_TIMEOUT_MS, ...apiAgents }),
  })
}

/**
 * The kit's queries fetched once each (the page must not wait for retries: the browser retries what
 * failed) into a cache of this request's own, and what succeeded, dehydrated for the page's cache.
 */
export async function prefetched(queries: readonly ScreenQuery[]): Promise<{ client: QueryClient; state: DehydratedState; complete: boolean }> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  await Promise.all(queries.map((query) => client.prefetchQuery({ ...query, retry: false })))
  const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' })
  client.removeQueries({ predicate: (query) => query.state.status !== 'success' })
  return { client, state: dehydrate(client), complete: failed.length === 0 }
}
