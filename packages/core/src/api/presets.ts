// The list requests each screen makes (spec §7 "How each screen uses them"). Pure values, no I/O:
// the client sends them, and a query cache can use them as keys.
import type { AssetsListRequest, ChaptersListRequest, ComicsListRequest } from '../contract/requests'
import { contentRatingsFor, type AssetVariantName, type SiteMode } from '../rules/access'
import { HOME_NEW_COMICS, LAST_READ_LIMIT, PAGE_SIZE } from '../rules/timing'

/** The Categories genre filter value that means no filter (spec §4: it starts at 'all'). */
export const ALL_GENRES = 'all'

/**
 * Home 'Something New': the 10 newest comics (spec §7). The client adds the host's ratings.
 * @example homeComicsRequest() // { limit: 10, offset: 0, filters: {}, sort: { field: 'created_at', order: 'desc' } }
 */
export function homeComicsRequest(): ComicsListRequest {
  return { limit: HOME_NEW_COMICS, offset: 0, filters: {}, sort: { field: 'created_at', order: 'desc' } }
}

/**
 * Categories: up to 200 comics, of one genre unless the filter is absent or {@link ALL_GENRES}.
 * @example categoriesComicsRequest('3') // { limit: 200, offset: 0, filters: { genres: ['3'] } }
 */
export function categoriesComicsRequest(genreId?: string | null): ComicsListRequest {
  const filters = genreId && genreId !== ALL_GENRES ? { genres: [genreId] } : {}
  return { limit: PAGE_SIZE, offset: 0, filters }
}

/**
 * Account 'LAST READ' slider: the comics of the last-read ids, at most 5 (spec §7, §9).
 * @example lastReadComicsRequest(['4', '9']) // { limit: 5, offset: 0, filters: { id: ['4', '9'] } }
 */
export function lastReadComicsRequest(comicIds: readonly string[]): ComicsListRequest {
  return { limit: LAST_READ_LIMIT, offset: 0, filters: { id: comicIds.slice(0, LAST_READ_LIMIT) } }
}

/**
 * One comic by id (the comic page and the reader).
 * @example comicByIdRequest('7') // { limit: 1, offset: 0, filters: { id: ['7'] } }
 */
export function comicByIdRequest(comicId: string): ComicsListRequest {
  return { limit: 1, offset: 0, filters: { id: [comicId] } }
}

/**
 * A comics list as a host sends it: its ratings forced whatever the request asked (spec §7: a host never
 * lists another host's ratings).
 * @example hostComicsRequest(comicByIdRequest('7'), 'adult').filters // { id: ['7'], contentRating: ['AO'] }
 */
export function hostComicsRequest(request: ComicsListRequest, mode: SiteMode): ComicsListRequest {
  return { ...request, filters: { ...request.filters, contentRating: contentRatingsFor(mode) } }
}

/**
 * The episodes of a comic: up to 200, by chapter number (spec §7 "Chapters").
 * @example comicChaptersRequest('7').filters // { comicsId: ['7'] }
 */
export function comicChaptersRequest(comicId: string): ChaptersListRequest {
  return {
    limit: PAGE_SIZE,
    offset: 0,
    filters: { comicsId: [comicId] },
    sort: { field: 'chapterNumber', order: 'asc' },
  }
}

/** Which page images to show: one episode in one variant. */
export interface EpisodeAssetsQuery {
  comicId: string
  chapterId: string
  variant: AssetVariantName
}

/**
 * The page images of one episode in one variant, in reading order: up to 200 (spec §7 "Assets").
 * @example
 * episodeAssetsRequest({ comicId: '7', chapterId: '701', variant: 'censored' }).filters
 * // { comicsId: ['7'], chapterId: ['701'], variant: ['censored'] }
 */
export function episodeAssetsRequest({ comicId, chapterId, variant }: EpisodeAssetsQuery): AssetsListRequest {
  return {
    limit: PAGE_SIZE,
    offset: 0,
    filters: { comicsId: [comicId], chapterId: [chapterId], variant: [variant] },
    sort: { field: 'position', order: 'asc' },
  }
}

/** Whether the assets query may run: the reader skips it until both ids exist (spec §7). */
export function canRequestEpisodeAssets(query: Partial<EpisodeAssetsQuery>): query is EpisodeAssetsQuery {
  return Boolean(query.comicId && query.chapterId && query.variant)
}
