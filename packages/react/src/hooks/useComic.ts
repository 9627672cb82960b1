import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { comicByIdRequest, type Comic, type ComicsApi, type SiteMode } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'

/**
 * One comic by id, or null when the host has no such comic (another host's rating counts as none).
 * Skipped while `comicId` is empty.
 * @example
 * const { data: comic } = useComic(comicId)
 * if (comic === null) return <NotFound />
 */
export function useComic(comicId: string | null | undefined): UseQueryResult<Comic | null> {
  const { api, siteMode } = useComicsContext('useComic')
  return useQuery({ ...comicQueryOptions(api, siteMode, comicId ?? ''), enabled: Boolean(comicId) })
}

/**
 * The query of {@link useComic}, for filling the cache outside React (before the first render, say)
 * under the key the hook reads.
 */
export function comicQueryOptions(api: ComicsApi, siteMode: SiteMode, comicId: string) {
  return queryOptions({
    queryKey: queryKeys.comic(siteMode, comicId),
    queryFn: async ({ signal }): Promise<Comic | null> => {
      const { data } = await api.comics.list(comicByIdRequest(comicId), { signal })
      return data[0] ?? null
    },
  })
}
