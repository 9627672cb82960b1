import { useEffect, type ReactNode } from 'react'
import { redirect, type ClientLoaderFunctionArgs, type HeadersFunction, type MetaDescriptor, type ShouldRevalidateFunction } from 'react-router'
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query'
import { routes, withoutActionLinkParams, type PageHead } from '@comics/core'
import { READER_MESSAGES } from '@comics/react'
import { browserSite, pageTakenOver } from './browserSite'
import { cachedData, type ScreenContext, type ScreenData } from './screenData'
import { PRIVATE_DOCUMENT_HEADERS } from './documentCaching'

/** What a screen's route gives its page: the kit's cache its render used, and its head. */
export interface ScreenLoaderData {
  /** The answers of the screen's first queries (the server's), for the page's cache. */
  queries?: DehydratedState
  /** The page's head; the site's own without one (its data could not be read). */
  head?: PageHead | null
  /** The server left the screen to the browser (a reader with their own settings): #root stays empty until then. */
  browserRendered?: boolean
}

export interface ScreenOptions {
  /** A guarded route of spec §2: a visitor who is not signed in is sent home. */
  signedInOnly?: boolean
}

/** How long a navigation waits for the data of the next page's head before it goes without it. */
export const NAVIGATION_DATA_WAIT_MS = 3000

/** The module that turns a page's head into its tags: a chunk of its own, which a navigation needs. */
const headModule = () => import('./screenHead')

const within = (ms: number, work: Promise<unknown>) => Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))])

/**
 * A navigation in the browser: the guard, then the data of the page's head from the page's cache (asked
 * for when it is not there: a comic and its episodes, which the screen shows anyway). A failed or slow
 * read does not hold the navigation: the screen shows its own state and retries.
 */
export async function screenClientLoader({ request, params }: ClientLoaderFunctionArgs, screen: ScreenData, options: ScreenOptions = {}): Promise<ScreenLoaderData> {
  const site = browserSite()
  if (!site) return {}
  const { services, siteMode, hostConfig } = site
  if (options.signedInOnly && !services.session.getSnapshot().signedIn) throw redirect(routes.home)
  const context: ScreenContext = { api: services.api, siteMode, params, search: new URL(request.url).searchParams }
  const { queryClient } = services
  const needed = screen.headQueries?.(context) ?? []
  await within(NAVIGATION_DATA_WAIT_MS, Promise.all(needed.map((query) => queryClient.prefetchQuery({ ...query, retry: false }))))
  const head = screen.head({ ...context, data: cachedData(queryClient) })
  const { headOf } = await headModule()
  return { head: head && headOf(head, siteMode, hostConfig, location.protocol === 'https:' ? 'https' : 'http') }
}

/** The tags of a page's head (title, description, robots, link previews, canonical, structured data). */
export function headMeta(head: PageHead | null | undefined): MetaDescriptor[] {
  if (!head) return [{ title: READER_MESSAGES['page.service'] }, { name: 'description', content: READER_MESSAGES['page.description'] }]
  const tags: MetaDescriptor[] = [{ title: head.title }]
  for (const meta of head.meta) tags.push('name' in meta ? { name: meta.name, content: meta.content } : { property: meta.property, content: meta.content })
  if (head.canonical) tags.push({ tagName: 'link', rel: 'canonical', href: head.canonical })
  // The structured data goes in the document's head with the response's nonce (root.tsx), as every script.
  return tags
}

/**
 * A screen route's `shouldRevalidate`: the address losing an email link's parameters once the link is used
 * (the sign-in link's finish) is the same page, and its data are not asked for again (the address changes
 * at once, not after a navigation's loaders); any other change, as the framework decides.
 */
export const screenShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.href !== nextUrl.href && withoutActionLinkParams(currentUrl.href) === nextUrl.href ? false : defaultShouldRevalidate

/** A screen route's `meta`: its loader's head. */
export const screenMeta = ({ loaderData }: { loaderData?: unknown }) => headMeta((loaderData as ScreenLoaderData | undefined)?.head)

/**
 * A screen route's `headers`: its loader's caching headers (a guest's document of a page without anything
 * of the reader's is shared, see screenLoader.server.ts); one reader's when the loader gave none.
 */
export const screenHeaders: HeadersFunction = ({ loaderHeaders }) => (loaderHeaders.has('Cache-Control') ? loaderHeaders : PRIVATE_DOCUMENT_HEADERS)

/**
 * A screen with the answers its route's loader fetched in its page's cache. Once it has mounted (in a
 * server-rendered page, once it is hydrated, after its own first effects), the page is the app's.
 */
export function ScreenWithData({ data, children }: { data: ScreenLoaderData | undefined; children: ReactNode }) {
  useEffect(() => {
    pageTakenOver()
    // The next navigation's head is made by a chunk the server's render did not need: fetched when the
    // browser is idle, after the screen's own work, so that the first navigation does not wait on it.
    if (typeof requestIdleCallback == 'function') requestIdleCallback(() => void headModule(), { timeout: 3000 })
  }, [])
  return <HydrationBoundary state={data?.queries}>{children}</HydrationBoundary>
}
