import type { QueryClient } from '@tanstack/react-query'
import type { ComicsApi, EpisodeAssetsQuery } from '@comics/core'
import { episodeAssetsQueryOptions } from './useEpisodeAssets'

/**
 * Loads an episode's page list into the cache ahead of time, so Next opens it at once. Resolves to the
 * assets, or to undefined when the episode is locked or the call fails: a prefetch never throws.
 * `viewerId` is the session user's uid (null for a guest), as `useEpisodeAssets` keys it.
 * @example
 * const queryClient = useQueryClient()
 * const api = useApi()
 * const { user } = useSession()
 * void prefetchEpisode(queryClient, api, { comicId, chapterId: next.id, variant }, user?.uid ?? null)
 */
export async function prefetchEpisode(
  queryClient: QueryClient,
  api: ComicsApi,
  query: EpisodeAssetsQuery,
  viewerId: string | null,
) {
  const options = episodeAssetsQueryOptions(api, query, viewerId)
  await queryClient.prefetchQuery(options)
  return queryClient.getQueryData(options.queryKey)
}
