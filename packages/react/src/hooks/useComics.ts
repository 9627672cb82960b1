import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query'
import {
  categoriesComicsRequest,
  homeComicsRequest,
  lastReadComicsRequest,
  type Comic,
  type ComicsApi,
  type ComicsListRequest,
  type SiteMode,
} from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'

/** Which comics to list: a screen preset of spec §7, or a request of one's own. */
export type ComicsQuery =
  | { preset: 'home' }
  | { preset: 'categories'; genreId?: string | null }
  | { preset: 'lastRead'; comicIds: readonly string[] }
  | { request: ComicsListRequest }

function requestOf(query: ComicsQuery): ComicsListRequest {
  if ('request' in query) return query.request
  switch (query.preset) {
    case 'home':
      return homeComicsRequest()
    case 'categories':
      return categoriesComicsRequest(query.genreId)
    case 'lastRead':
      return lastReadComicsRequest(query.comicIds)
  }
}

/**
 * The query of `useComics`, for filling the cache outside React (before the first render, say) under
 * the key the hook reads.
 */
export function comicsQueryOptions(api: ComicsApi, siteMode: SiteMode, query: ComicsQuery) {
  const request = requestOf(query)
  return queryOptions({
    queryKey: queryKeys.comics(siteMode, request),
    queryFn: async ({ signal }): Promise<Comic[]> => (await api.comics.list(request, { signal })).data,
  })
}

/**
 * A list of comics of the host's ratings (the client forces them). The 'lastRead' preset is skipped
 * while there is no id (the slider is then not shown, spec §2).
 * @example
 * const { data: newest = [] } = useComics({ preset: 'home' })
 * const { data: inGenre = [] } = useComics({ preset: 'categories', genreId: selected })
 */
export function useComics(query: ComicsQuery): UseQueryResult<Comic[]> {
  const { api, siteMode } = useComicsContext('useComics')
  return useQuery({
    ...comicsQueryOptions(api, siteMode, query),
    enabled: !('preset' in query && query.preset === 'lastRead' && query.comicIds.length === 0),
  })
}
