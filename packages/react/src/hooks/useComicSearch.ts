import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
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

// The search page's paged hook is its own module (useComicSearchPages.ts): the top bar's field, on every
// page, does not carry the infinite query.

/** What was typed as a query, once typing paused for `debounceMs`. */
export function useSettledQuery(typed: string, debounceMs: number): string | undefined {
  const wanted = searchQueryOf(typed)
  const [query, setQuery] = useState(debounceMs > 0 ? undefined : wanted)
  useEffect(() => {
    if (debounceMs <= 0 || wanted === undefined) return setQuery(wanted)
    const timer = setTimeout(() => setQuery(wanted), debounceMs)
    return () => clearTimeout(timer)
  }, [wanted, debounceMs])
  return query
}

export function statusOf(query: string | undefined, failed: boolean, answered: boolean, found: number): ComicSearchState['status'] {
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
