import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { Params } from 'react-router'
import type { ComicsApi, HeadPage, SiteMode } from '@comics/core'
import type { TitledPage } from '@comics/react'

/** What a screen's data is read from: the kit's client, the host's mode and the address. */
export interface ScreenContext {
  api: ComicsApi
  siteMode: SiteMode
  params: Params
  search: URLSearchParams
}

/** One of the kit's queries (its own query options: key and function), as a cache prefetches it. */
export type ScreenQuery = Parameters<QueryClient['prefetchQuery']>[0]

/** The kit's query options, as a screen's queries: they are generic in their data, and the cache takes each as it is. */
export const asScreenQueries = (...queries: unknown[]) => queries as ScreenQuery[]

/** The page a head describes, and how its title is written. */
export interface HeadFor {
  page: HeadPage
  titled: TitledPage
}

/**
 * A screen's data, declared once in its route module: the kit's queries its first render makes for a
 * guest (the server fetches them and sends their answers with the page; TanStack Query's `dehydrate`),
 * and its head, read from their answers in the cache (`data`).
 */
export interface ScreenData {
  queries?: (context: ScreenContext) => ScreenQuery[]
  /** The queries its head reads (a comic, its episodes): also asked for on a navigation in the browser. */
  headQueries?: (context: ScreenContext) => ScreenQuery[]
  /** Null when the data it needs could not be read: the page then has the site's own head. */
  head: (context: ScreenContext & { data: <T>(queryKey: QueryKey) => T | undefined }) => HeadFor | null
}

/** The answer a cache holds under `queryKey`, if any. */
export const cachedData =
  (client: QueryClient) =>
  <T>(queryKey: QueryKey): T | undefined =>
    client.getQueryData<T>(queryKey)

/** A head for a page without data of its own. */
export const fixedHead =
  (titled: TitledPage, page: HeadPage = { kind: 'private' }): ScreenData['head'] =>
  () => ({ page, titled })
