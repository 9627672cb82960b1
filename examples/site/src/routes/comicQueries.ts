import { episodeReactionsQueryOptions, waitForFreeQueryOptions } from '@comics/react'
import { asScreenQueries, type ScreenContext, type ScreenQuery } from '../app/screenData'
import { comicHeadQueries } from './episodeQueries'

/**
 * The comic page: the comic and its episodes, their like and comment counts (ComicReactions, the rows'
 * counts) and the comic's free-after-a-wait setting (the rows' marks), all a guest's: the page then asks
 * for nothing before a reader acts, and its first paint is its last layout.
 */
export const comicLanding = (context: ScreenContext): ScreenQuery[] => {
  const { api, siteMode, params } = context
  if (!params.comicId) return []
  return [
    ...comicHeadQueries(context),
    ...asScreenQueries(episodeReactionsQueryOptions(api, siteMode, params.comicId, null), waitForFreeQueryOptions(api, params.comicId, null)),
  ]
}
