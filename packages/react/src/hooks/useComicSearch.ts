import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS, searchQueryOf, type Comic } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'

export interface ComicSearchOptions {
  /** Results asked for; default {@link SEARCH_SUGGESTIONS}. */
  limit?: number
  /** Quiet time after the last change of `typed` before asking; default {@link SEARCH_DEBOUNCE_MS} (0: at once). */
  debounceMs?: number
}

export interface ComicSearchState {
  /** The query asked for (core `searchQueryOf` of what was typed, once typing paused); undefined: none. */
  query: string | undefined
  /**
   * idle: nothing to search yet (under 2 letters); loading: the first answer for a query is on its way;
   * results or empty: the answer; error: the search failed (`retry` asks again).
   */
  status: 'idle' | 'loading' | 'results' | 'empty' | 'error'
  /** The comics found, best first (those of the previous query while the next one loads). */
  comics: Comic[]
  /** How many comics match in all. */
  total: number
  /** True while an answer is on its way, the previous results still shown. */
  isFetching: boolean
  /** True while more comics match than `comics` holds. */
  hasMore: boolean
  /** Asks for the next `limit` comics, added after those shown (nothing when there are no more). */
  loadMore: () => void
  /** True while the next comics are on their way. */
  isLoadingMore: boolean
  /** True when asking for more failed (`loadMore` asks again); the comics shown stay. */
  loadMoreFailed: boolean
  retry: () => void
}

/**
 * Comics of the host's ratings matching what the reader typed, typos and accents forgiven (POST
 * /comics/search): asked once typing pauses, and a question whose answer is no longer wanted (the reader
 * typed on) is cancelled through TanStack Query's signal.
 * @example
 * const [typed, setTyped] = useState('')
 * const { status, comics } = useComicSearch(typed)
 */
export function useComicSearch(typed: string, options: ComicSearchOptions = {}): ComicSearchState {
  const { api, siteMode } = useComicsContext('useComicSearch')
  const limit = options.limit ?? SEARCH_SUGGESTIONS
  const debounceMs = options.debounceMs ?? SEARCH_DEBOUNCE_MS
  const wanted = searchQueryOf(typed)
  const [query, setQuery] = useState(debounceMs > 0 ? undefined : wanted)
  useEffect(() => {
    if (debounceMs <= 0 || wanted === undefined) return setQuery(wanted)
    const timer = setTimeout(() => setQuery(wanted), debounceMs)
    return () => clearTimeout(timer)
  }, [wanted, debounceMs])

  // Pages of `limit` comics: the field shows the first, the search page asks for more.
  const search = useInfiniteQuery({
    queryKey: queryKeys.comicSearch(siteMode, query ?? '', limit),
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
  const first = pages?.[0]
  // The same array while the pages are the same: a list that follows it keeps its state between renders.
  const comics = useMemo(() => pages?.flatMap((page) => page.data) ?? [], [pages])
  const status: ComicSearchState['status'] =
    query === undefined
      ? 'idle'
      : search.isError && !search.isFetching && !search.isFetchNextPageError
        ? 'error'
        : first === undefined
          ? 'loading'
          : comics.length > 0
            ? 'results'
            : 'empty'
  return {
    query,
    status,
    comics,
    total: first?.total ?? comics.length,
    isFetching: search.isFetching && !search.isFetchingNextPage,
    hasMore: search.hasNextPage,
    loadMore: () => {
      if (search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage()
    },
    isLoadingMore: search.isFetchingNextPage,
    loadMoreFailed: search.isFetchNextPageError && !search.isFetching,
    retry: () => void search.refetch(),
  }
}
