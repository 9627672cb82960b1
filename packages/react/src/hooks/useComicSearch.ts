import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS, searchQueryOf, type Comic } from '@comics/core'
import { queryKeys } from './queryKeys'
import { useComicsContext } from './useComicsContext'

export interface ComicSearchOptions {
  /** Results asked for (per page, for {@link useComicSearchPages}); default {@link SEARCH_SUGGESTIONS}. */
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
  retry: () => void
}

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

/** What was typed as a query, once typing paused for `debounceMs`. */
function useSettledQuery(typed: string, debounceMs: number): string | undefined {
  const wanted = searchQueryOf(typed)
  const [query, setQuery] = useState(debounceMs > 0 ? undefined : wanted)
  useEffect(() => {
    if (debounceMs <= 0 || wanted === undefined) return setQuery(wanted)
    const timer = setTimeout(() => setQuery(wanted), debounceMs)
    return () => clearTimeout(timer)
  }, [wanted, debounceMs])
  return query
}

function statusOf(query: string | undefined, failed: boolean, answered: boolean, found: number): ComicSearchState['status'] {
  if (query === undefined) return 'idle'
  if (failed) return 'error'
  if (!answered) return 'loading'
  return found > 0 ? 'results' : 'empty'
}

/**
 * Comics of the host's ratings matching what the reader typed, typos and accents forgiven (POST
 * /comics/search): asked once typing pauses, and a question whose answer is no longer wanted (the reader
 * typed on) is cancelled through TanStack Query's signal. The first `limit` comics (the top bar's list);
 * {@link useComicSearchPages} adds more on demand.
 * @example
 * const [typed, setTyped] = useState('')
 * const { status, comics } = useComicSearch(typed)
 */
export function useComicSearch(typed: string, options: ComicSearchOptions = {}): ComicSearchState {
  const { api, siteMode } = useComicsContext('useComicSearch')
  const limit = options.limit ?? SEARCH_SUGGESTIONS
  const query = useSettledQuery(typed, options.debounceMs ?? SEARCH_DEBOUNCE_MS)
  const search = useQuery({
    queryKey: queryKeys.comicSearch(siteMode, query ?? '', limit),
    queryFn: async ({ signal }) => api.comics.search({ q: query!, limit, offset: 0 }, { signal }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  })
  const answer = query !== undefined ? search.data : undefined
  return {
    query,
    status: statusOf(query, search.isError && !search.isFetching, answer !== undefined, answer?.data.length ?? 0),
    comics: answer?.data ?? [],
    total: answer?.total ?? answer?.data.length ?? 0,
    isFetching: search.isFetching,
    retry: () => void search.refetch(),
  }
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
