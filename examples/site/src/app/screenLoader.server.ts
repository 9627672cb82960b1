import { data, redirect, type LoaderFunctionArgs } from 'react-router'
import { routes } from '@comics/core'
import { cachedData, type ScreenContext, type ScreenData } from './screenData'
import { headOf } from './screenHead'
import type { ScreenLoaderData, ScreenOptions } from './screenLoader'
import { guestApi, hostOf, prefetched, signedIn } from './siteRequest.server'
import { siteContext } from './devLoadContext.server'
import { PRIVATE_DOCUMENT_HEADERS, SHARED_DOCUMENT_HEADERS } from './documentCaching'

export interface ServerScreenOptions extends ScreenOptions {
  /** True when the browser renders this request's screen itself (the server then sends no render of it). */
  browserRendered?: (request: Request) => boolean
  /**
   * True for a page that holds nothing of the reader's (the catalogue's pages, the policies): a guest's
   * document of it may be kept by a shared cache for every guest of the host (src/app/documentCaching.ts).
   */
  shared?: boolean
}

/**
 * A document's request for a screen: the host policy and the guard as HTTP redirects, then the screen's
 * first queries fetched as a guest (the API decides ratings by the request's Host), and its head. A
 * refused or failed query is left out of the cache: the browser's hooks ask for it, with their retries.
 * The document's caching headers: shared for a guest of a `shared` page whose data were all read (a
 * page missing some is no one's to keep), one reader's otherwise.
 */
export async function screenLoader({ request, params, context: given }: LoaderFunctionArgs, screen: ScreenData, options: ServerScreenOptions = {}) {
  const context = siteContext(given)
  const host = hostOf(request)
  if ('redirectTo' in host) throw redirect(host.redirectTo, 302)
  if (options.signedInOnly && !signedIn(request)) throw redirect(routes.home, 302)
  const screenContext: ScreenContext = { api: guestApi(request, context, host.mode), siteMode: host.mode, params, search: new URL(request.url).searchParams }
  const queries = [...(screen.queries?.(screenContext) ?? []), ...(screen.headQueries?.(screenContext) ?? [])]
  const { client, state, complete } = await prefetched(queries)
  try {
    const head = screen.head({ ...screenContext, data: cachedData(client) })
    const page: ScreenLoaderData = {
      queries: state,
      head: head && headOf(head, host.mode, context.hosts, context.publicProtocol),
      browserRendered: options.browserRendered?.(request) ?? false,
    }
    const shared = options.shared === true && complete && !signedIn(request)
    return data(page, { headers: shared ? SHARED_DOCUMENT_HEADERS : PRIVATE_DOCUMENT_HEADERS })
  } finally {
    client.clear()
  }
}
