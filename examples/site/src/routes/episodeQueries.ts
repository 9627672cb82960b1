import { assetVariant } from '@comics/core'
import { chaptersQueryOptions, comicQueryOptions, episodeAssetsQueryOptions } from '@comics/react'
import { asScreenQueries, type ScreenContext, type ScreenQuery } from '../app/screenData'

/**
 * A comic and its episodes (ComicPreview and EpisodeList; the reader's title and List Episodes): also
 * what the head of a comic page and of a reader reads.
 */
export const comicHeadQueries = ({ api, siteMode, params }: ScreenContext): ScreenQuery[] =>
  params.comicId ? asScreenQueries(comicQueryOptions(api, siteMode, params.comicId), chaptersQueryOptions(api, params.comicId)) : []

/** The reader: the comic, its episodes and the episode's pages in the route's variant, as a guest asks for them (no viewer id). */
export const readerLanding =
  (uncensored: boolean) =>
  (context: ScreenContext): ScreenQuery[] => {
    const { api, siteMode, params } = context
    const { comicId, chapterId } = params
    if (!comicId || !chapterId) return []
    const variant = assetVariant({ mode: siteMode, uncensored })
    return [...comicHeadQueries(context), ...asScreenQueries(episodeAssetsQueryOptions(api, { comicId, chapterId, variant }, null))]
  }
