import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { comicByIdRequest, type Comic } from '@comics/core'
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
  return useQuery({
    queryKey: queryKeys.comic(siteMode, comicId ?? ''),
    queryFn: async ({ signal }) => {
      const { data } = await api.comics.list(comicByIdRequest(comicId!), { signal })
      return data[0] ?? null
    },
    enabled: Boolean(comicId),
  })
}
