import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { sortEpisodes, type Chapter, type ComicsApi } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'

/**
 * The episodes of a comic sorted by chapter number (spec §2), up to 200. Skipped while `comicId` is
 * empty.
 * @example
 * const { data: chapters = [] } = useChapters(comicId)
 */
export function useChapters(comicId: string | null | undefined): UseQueryResult<Chapter[]> {
  const { api } = useComicsContext('useChapters')
  return useQuery({ ...chaptersQueryOptions(api, comicId ?? ''), enabled: Boolean(comicId) })
}

/** The query of {@link useChapters}, for filling the cache outside React under the key the hook reads. */
export function chaptersQueryOptions(api: ComicsApi, comicId: string) {
  return queryOptions({
    queryKey: queryKeys.chapters(comicId),
    // The server sorts too; sorting here keeps the rules' order whatever a server does.
    queryFn: async ({ signal }) => sortEpisodes((await api.chapters.ofComic(comicId, { signal })).data),
  })
}
