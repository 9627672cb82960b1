import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import {
  categoriesComicsRequest,
  homeComicsRequest,
  lastReadComicsRequest,
  type Comic,
  type ComicsListRequest,
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
 * A list of comics of the host's ratings (the client forces them). The 'lastRead' preset is skipped
 * while there is no id (the slider is then not shown, spec §2).
 * @example
 * const { data: newest = [] } = useComics({ preset: 'home' })
 * const { data: inGenre = [] } = useComics({ preset: 'categories', genreId: selected })
 */
export function useComics(query: ComicsQuery): UseQueryResult<Comic[]> {
  const { api, siteMode } = useComicsContext('useComics')
  const request = requestOf(query)
  return useQuery({
    queryKey: queryKeys.comics(siteMode, request),
    queryFn: async ({ signal }) => (await api.comics.list(request, { signal })).data,
    enabled: !('preset' in query && query.preset === 'lastRead' && query.comicIds.length === 0),
  })
}
