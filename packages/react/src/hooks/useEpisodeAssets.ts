import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { canRequestEpisodeAssets, type Asset, type ComicsApi, type EpisodeAssetsQuery } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'
import { useSession } from './useSession'

/**
 * The query of one episode's page images, shared by {@link useEpisodeAssets} and
 * {@link prefetchEpisode} so both fill the same cache entry.
 */
export function episodeAssetsQueryOptions(api: ComicsApi, query: EpisodeAssetsQuery, viewerId: string | null) {
  return queryOptions({
    queryKey: queryKeys.episodeAssets(query, viewerId),
    queryFn: async ({ signal }) => (await api.assets.ofEpisode(query, { signal })).data,
  })
}

/**
 * The page images of one episode in one variant, in reading order. Skipped until both the comic id
 * and the chapter id exist (spec §7). A locked episode fails with an `ApiError` of status 401 (signed
 * out) or 403 (signed in without access); those are not retried.
 * @example
 * const assets = useEpisodeAssets({ comicId, chapterId, variant: assetVariant({ mode, uncensored }) })
 * if (assets.error) return <Locked />
 */
export function useEpisodeAssets(query: Partial<EpisodeAssetsQuery>): UseQueryResult<Asset[]> {
  const { api } = useComicsContext('useEpisodeAssets')
  const { user } = useSession()
  const ready = canRequestEpisodeAssets(query)
  const complete: EpisodeAssetsQuery = {
    comicId: query.comicId ?? '',
    chapterId: query.chapterId ?? '',
    variant: query.variant ?? 'legal',
  }
  return useQuery({ ...episodeAssetsQueryOptions(api, complete, user?.uid ?? null), enabled: ready })
}
