import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { Genre } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'

/**
 * Every genre (the first 200), for admin screens and filters. The Categories bar takes its genres
 * from the loaded comics instead (spec §2).
 * @example const { data: genres = [] } = useGenres()
 */
export function useGenres(): UseQueryResult<Genre[]> {
  const { api } = useComicsContext('useGenres')
  return useQuery({
    queryKey: queryKeys.genres(),
    queryFn: async ({ signal }) => (await api.genres.list(undefined, { signal })).data,
  })
}
