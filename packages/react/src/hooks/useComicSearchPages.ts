import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS } from '@comics/core'
import { queryKeys } from './queryKeys'
import { statusOf, useSettledQuery, type ComicSearchOptions, type ComicSearchState } from './useComicSearch'
import { useComicsContext } from './useComicsContext'

export interface ComicSearchPagesState extends ComicSearchState {
  /** True while more comics match than `comics` holds. */
  hasMore: boolean
  /** Asks for the next `limit` comics, added after those shown (nothing when there are no more). */
  loadMore: () => void
  /** True while the next comics are on their way. */
  isLoadingMore: boolean
  /** True when asking for more failed (`loadMore` asks again); the comics shown stay. */
  loadMoreFailed: boolean
}

/**
 * {@link useComicSearch} in pages of `limit` comics (the search page): `loadMore` adds the next page after
 * the comics shown while more match; a page that fails keeps those shown and can be asked again.
 * @example
 * const { comics, hasMore, loadMore } = useComicSearchPages(q, { limit: SEARCH_PAGE_SIZE, debounceMs: 0 })
 */
export function useComicSearchPages(typed: string, options: ComicSearchOptions = {}): ComicSearchPagesState {
  const { api, siteMode } = useComicsContext('useComicSearchPages')
  const limit = options.limit ?? SEARCH_SUGGESTIONS
  const query = useSettledQuery(typed, options.debounceMs ?? SEARCH_DEBOUNCE_MS)
  const search = useInfiniteQuery({
    queryKey: queryKeys.comicSearchPages(siteMode, query ?? '', limit),
    queryFn: async ({ signal, pageParam }) => api.comics.search({ q: query!, limit, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.data.length, 0)
      return last.data.length > 0 && shown < (last.total ?? shown) ? shown : undefined
    },
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  })
  const pages = query !== undefined ? search.data?.pages : undefined
  // The same array while the pages are the same: a list that follows it keeps its state between renders.
  const comics = useMemo(() => pages?.flatMap((page) => page.data) ?? [], [pages])
  const first = pages?.[0]
  return {
    query,
    status: statusOf(query, search.isError && !search.isFetching && !search.isFetchNextPageError, first !== undefined, comics.length),
    comics,
    total: first?.total ?? comics.length,
    isFetching: search.isFetching && !search.isFetchingNextPage,
    retry: () => void search.refetch(),
    hasMore: search.hasNextPage,
    loadMore: () => {
      if (search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage()
    },
    isLoadingMore: search.isFetchingNextPage,
    loadMoreFailed: search.isFetchNextPageError && !search.isFetching,
  }
}
