import type { QueryClient } from '@tanstack/react-query'
import { assetVariant, type ComicsApi, type PreloadedCalls, type SiteMode } from '@comics/core'
import { chaptersQueryOptions, comicQueryOptions, comicsQueryOptions, episodeAssetsQueryOptions } from '@comics/react'
import { ComicScreen, HomeScreen, ReaderScreen } from '../routes/lazyScreens'
import type { Landing } from '../routes/siteRoutes'

export interface LandingQueriesContext {
  queryClient: QueryClient
  api: ComicsApi
  siteMode: SiteMode
  preloadedCalls: PreloadedCalls | undefined
}

/**
 * Fills the kit's query cache for the home page, the comic page or the reader (`landing`, see landingAt)
 * from the calls the document started (a guest's), with the kit's own queries, so that their first render
 * already shows the newest comics, or the comic, its episodes and the first page, instead of rendering
 * once loading and again a moment later (which also moved what lies below: the home page's sale banner).
 * Only when every answer the document got is a success: a refused or failed call is left to the kit's
 * hooks, which take it as their first attempt and retry as they always do. Resolves when the cache is
 * filled (or at once when there is nothing to fill).
 */
export async function primeLandingQueries(context: LandingQueriesContext, landing: Landing | undefined): Promise<void> {
  const { queryClient, api, siteMode, preloadedCalls } = context
  if (!preloadedCalls || preloadedCalls.size === 0 || !landing) return
  const { screen, props, params } = landing
  const { comicId, chapterId } = params
  const queries: (() => Promise<void>)[] = []
  if (screen === HomeScreen) {
    queries.push(() => queryClient.prefetchQuery(comicsQueryOptions(api, siteMode, { preset: 'home' })))
  } else if (comicId && (screen === ComicScreen || screen === ReaderScreen)) {
    queries.push(
      () => queryClient.prefetchQuery(comicQueryOptions(api, siteMode, comicId)),
      () => queryClient.prefetchQuery(chaptersQueryOptions(api, comicId)),
    )
    if (screen === ReaderScreen && chapterId) {
      const variant = assetVariant({ mode: siteMode, uncensored: props.uncensored === true })
      // A guest's: no viewer id, as the hook keys it for a guest.
      queries.push(() => queryClient.prefetchQuery(episodeAssetsQueryOptions(api, { comicId, chapterId, variant }, null)))
    }
  }
  if (queries.length === 0) return
  const answers = await Promise.all(preloadedCalls.values()).catch(() => null)
  if (!answers || answers.some((answer) => answer.status < 200 || answer.status >= 300)) return
  await Promise.all(queries.map((prefetch) => prefetch()))
}
