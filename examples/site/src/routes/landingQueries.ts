import type { QueryClient } from '@tanstack/react-query'
import type { Params } from 'react-router'
import { ALL_GENRES, assetVariant, type ComicsApi, type SiteMode } from '@comics/core'
import { chaptersQueryOptions, comicQueryOptions, comicsQueryOptions, episodeAssetsQueryOptions, episodeReactionsQueryOptions, waitForFreeQueryOptions } from '@comics/react'

/** What a route's first queries are built from: the kit's client, the host's mode and the address. */
export interface LandingContext {
  api: ComicsApi
  siteMode: SiteMode
  params: Params
  search: URLSearchParams
}

/** One of the kit's queries (its own query options: key and function), as the cache prefetches it. */
export type LandingQuery = Parameters<QueryClient['prefetchQuery']>[0]

/**
 * The kit's queries a route's screen makes on its first render for a guest: the server fetches them,
 * renders the screen with their answers and sends the cache with the page (TanStack Query's
 * `dehydrate`), so the browser's first render shows the same and asks for none of them again.
 */
export type LandingQueries = (context: LandingContext) => LandingQuery[]


/** The genre the categories screen shows (its address's ?genre=), every genre without one. */
export const categoriesGenreOf = (search: URLSearchParams) => search.get('genre') ?? ALL_GENRES

// The kit's query options are generic in their data: the cache takes each as it is.
const asLanding = (...queries: unknown[]) => queries as LandingQuery[]

/** Home: the newest comics (ComicCarousel). */
export const homeLanding: LandingQueries = ({ api, siteMode }) => asLanding(comicsQueryOptions(api, siteMode, { preset: 'home' }))

/** Categories: every comic (for the genre bar) and those of the address's genre. */
export const categoriesLanding: LandingQueries = ({ api, siteMode, search }) =>
  asLanding(
    comicsQueryOptions(api, siteMode, { preset: 'categories' }),
    comicsQueryOptions(api, siteMode, { preset: 'categories', genreId: categoriesGenreOf(search) }),
  )

/** A comic and its episodes (ComicPreview and EpisodeList; the reader's title and List Episodes). */
const comicAndEpisodes: LandingQueries = ({ api, siteMode, params }) =>
  params.comicId ? asLanding(comicQueryOptions(api, siteMode, params.comicId), chaptersQueryOptions(api, params.comicId)) : []

/**
 * The comic page: the comic and its episodes, their like and comment counts (ComicReactions, the rows'
 * counts) and the comic's free-after-a-wait setting (the rows' marks), all a guest's: the page then asks
 * for nothing before a reader acts, and its first paint is its last layout.
 */
export const comicLanding: LandingQueries = (context) => {
  const { api, siteMode, params } = context
  if (!params.comicId) return []
  return [
    ...comicAndEpisodes(context),
    ...asLanding(episodeReactionsQueryOptions(api, siteMode, params.comicId, null), waitForFreeQueryOptions(api, params.comicId, null)),
  ]
}

/** The reader: the comic, its episodes and the episode's pages in the route's variant, as a guest asks for them (no viewer id). */
export const readerLanding =
  (uncensored: boolean): LandingQueries =>
  (context) => {
    const { api, siteMode, params } = context
    const { comicId, chapterId } = params
    if (!comicId || !chapterId) return []
    const variant = assetVariant({ mode: siteMode, uncensored })
    return [...comicAndEpisodes(context), ...asLanding(episodeAssetsQueryOptions(api, { comicId, chapterId, variant }, null))]
  }

/** The queries the head of a comic page and of a reader read: the comic and its episodes. */
export const comicHeadQueries = ({ api, siteMode, params }: LandingContext): LandingQuery[] =>
  params.comicId ? asLanding(comicQueryOptions(api, siteMode, params.comicId), chaptersQueryOptions(api, params.comicId)) : []
