import { useSearchParams } from 'react-router'
import { SEARCH_PAGE_SIZE, routes } from '@comics/core'
import { ComicCard, formatMessage, useComicSearchPages, useLink, useLocale, useMessages } from '@comics/react'
import { QueryStatus } from './QueryStatus'

/**
 * Search results (/search?q=): the comics of this host matching the query in the address, so the page can
 * be shared and reloaded; the top bar's field leads here when Enter is pressed with no result chosen.
 */
export default function SearchScreen() {
  const messages = useMessages()
  const locale = useLocale()
  const Link = useLink()
  const [searchParams] = useSearchParams()
  const typed = searchParams.get('q') ?? ''
  const { query, status, comics, total, retry, isFetching, hasMore, loadMore, isLoadingMore, loadMoreFailed } = useComicSearchPages(typed, {
    limit: SEARCH_PAGE_SIZE,
    debounceMs: 0,
  })

  return (
    <section className="site-search" aria-labelledby="site-search-title" data-status={status}>
      <Link to={routes.home} className="comics-link site-back-link">
        {messages['common.backToMain']}
      </Link>
      <h1 id="site-search-title" className="site-categories__title">
        {query ? formatMessage(messages['search.pageTitle'], { query }, locale) : messages['search.label']}
      </h1>
      {status === 'idle' && <p>{messages['search.pageHint']}</p>}
      <QueryStatus isPending={status === 'loading'} error={status === 'error' ? new Error('search failed') : null} onRetry={retry} />
      {status === 'empty' && query && <p role="status">{formatMessage(messages['search.noResults'], { query }, locale)}</p>}
      {status === 'results' && <p role="status">{formatMessage(messages['search.found'], { n: total }, locale)}</p>}
      <ul className="site-card-grid" aria-busy={isFetching}>
        {comics.map((comic) => (
          <li key={comic.id}>
            <ComicCard comic={comic} />
          </li>
        ))}
      </ul>
      {/* The next comics are added after those shown; a failure keeps them and asks again on the same button. */}
      {loadMoreFailed && <p role="alert">{messages['common.error']}</p>}
      {status === 'results' && hasMore && (
        <button type="button" className="comics-button site-search__more" onClick={loadMore} aria-busy={isLoadingMore} disabled={isLoadingMore}>
          {isLoadingMore ? messages['common.loading'] : loadMoreFailed ? messages['common.retry'] : messages['search.more']}
        </button>
      )}
    </section>
  )
}
