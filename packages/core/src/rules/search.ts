// Its own module, free of imports: the contract's SearchComicsRequestSchema takes these limits from here.

/** The length a search query must have once trimmed: shorter matches too much to be useful. */
export const SEARCH_QUERY_LENGTH = Object.freeze({ min: 2, max: 100 })
/** The most comics one search answer holds. */
export const SEARCH_LIMIT_MAX = 50
/** How many results the top bar's search field lists as the reader types. */
export const SEARCH_SUGGESTIONS = 8
/** How many results the search page shows at once. */
export const SEARCH_PAGE_SIZE = 24
/** Quiet time after the last keystroke before the search field asks the API. */
export const SEARCH_DEBOUNCE_MS = 250

/**
 * The query a search sends for what the reader typed: trimmed, runs of white space made one space, cut at
 * {@link SEARCH_QUERY_LENGTH}.max; `undefined` while it is shorter than {@link SEARCH_QUERY_LENGTH}.min
 * (no search is sent).
 * @example searchQueryOf('  moon   light ') // 'moon light'
 * @example searchQueryOf('m') // undefined
 */
export function searchQueryOf(typed: string): string | undefined {
  const query = typed.trim().replace(/\s+/g, ' ').slice(0, SEARCH_QUERY_LENGTH.max).trim()
  return query.length >= SEARCH_QUERY_LENGTH.min ? query : undefined
}
