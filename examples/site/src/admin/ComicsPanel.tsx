import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { isComicShownOn, type AdminComicsListRequest, type Comic, type ContentRating } from '@comics/core'
import { queryKeys, useApi } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'

export interface ComicsPanelProps {
  selectedId: string | null
  onSelect: (comic: Comic) => void
  onNew: () => void
}

/** Comics per page of the admin list. */
export const ADMIN_COMICS_PAGE = 50

/** The admin list's query key: under the kit's, so the admin's writes (which refresh them all) refresh it. */
export const adminComicsKey = (request: AdminComicsListRequest) => [...queryKeys.all, 'admin-comics', request] as const

type MirrorFilter = 'any' | 'shown' | 'hidden'

/**
 * Every comic, of every rating and mirror flag, whatever host the admin screen is opened on
 * (POST /admin/comics/list), newest first, a page at a time, narrowed by title, rating, mirror flag and
 * whether a comic has draft episodes.
 */
export function ComicsPanel({ selectedId, onSelect, onNew }: ComicsPanelProps) {
  const api = useApi()
  const [title, setTitle] = useState('')
  const [rating, setRating] = useState<ContentRating | 'all'>('all')
  const [mirror, setMirror] = useState<MirrorFilter>('any')
  const [drafts, setDrafts] = useState<'any' | 'with' | 'without'>('any')
  const [page, setPage] = useState(0)
  const trimmed = title.trim()
  const request: AdminComicsListRequest = {
    limit: ADMIN_COMICS_PAGE,
    offset: page * ADMIN_COMICS_PAGE,
    filters: {
      ...(trimmed ? { title: trimmed.slice(0, 200) } : {}),
      ...(rating !== 'all' ? { contentRating: [rating] } : {}),
      ...(mirror !== 'any' ? { displayOnMirror: mirror === 'shown' } : {}),
      ...(drafts !== 'any' ? { hasDrafts: drafts === 'with' } : {}),
    },
    sort: { field: 'created_at', order: 'desc' },
  }
  const listed = useQuery({
    queryKey: adminComicsKey(request),
    // The offset goes with the answer: while the next page loads, the one shown keeps its own numbers.
    queryFn: async ({ signal }) => ({ ...(await api.comics.listAll(request, { signal })), offset: request.offset }),
    placeholderData: keepPreviousData,
  })
  const comics = listed.data?.data ?? []
  const total = listed.data?.total ?? comics.length
  const shownOffset = listed.data?.offset ?? request.offset
  const first = total === 0 ? 0 : shownOffset + 1
  const last = shownOffset + comics.length
  // A filter changed: back to its first page.
  const narrow = <T,>(set: (value: T) => void) => (value: T) => {
    set(value)
    setPage(0)
  }

  return (
    <section className="site-admin__panel" aria-labelledby="site-admin-comics">
      <header className="site-admin__panel-header">
        <h2 id="site-admin-comics">Comics</h2>
        <button type="button" className="comics-button" onClick={onNew}>
          New comic
        </button>
      </header>
      <p className="site-admin__hint">Every comic of every rating, on the mirror or not, whatever host this is.</p>
      <div className="site-admin__filters" role="search" aria-label="Find comics">
        <label>
          Find by title
          <input type="search" value={title} maxLength={200} onChange={(event) => narrow(setTitle)(event.target.value)} />
        </label>
        <label>
          Rating
          <select value={rating} onChange={(event) => narrow(setRating)(event.target.value as ContentRating | 'all')}>
            <option value="all">All</option>
            <option value="AO">AO</option>
            <option value="T">T</option>
            <option value="M">M</option>
          </select>
        </label>
        <label>
          Mirror
          <select value={mirror} onChange={(event) => narrow(setMirror)(event.target.value as MirrorFilter)}>
            <option value="any">Any</option>
            <option value="shown">Shown on the mirror</option>
            <option value="hidden">Not on the mirror</option>
          </select>
        </label>
        <label>
          Drafts
          <select value={drafts} onChange={(event) => narrow(setDrafts)(event.target.value as 'any' | 'with' | 'without')}>
            <option value="any">Any</option>
            <option value="with">With draft episodes</option>
            <option value="without">No draft episode</option>
          </select>
        </label>
      </div>
      <AdminErrorMessage error={listed.error} />
      {listed.error && (
        <button type="button" className="comics-button" data-variant="ghost" onClick={() => void listed.refetch()}>
          Try again
        </button>
      )}
      {listed.isPending && <p role="status">Loading…</p>}
      {listed.isSuccess && total === 0 && <p className="site-admin__hint">No comic matches.</p>}
      <ul className="site-admin__list" aria-busy={listed.isFetching || undefined}>
        {comics.map((comic) => (
          <li key={comic.id}>
            <button
              type="button"
              className="site-admin__list-item"
              aria-pressed={comic.id === selectedId}
              onClick={() => onSelect(comic)}
            >
              <span>{comic.title}</span>
              <span className="site-admin__tags">
                <span className="site-admin__tag">{comic.contentRating}</span>
                {!isComicShownOn('adult', comic) && !isComicShownOn('normal', comic) && <span className="site-admin__tag">Not on the mirror</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {total > 0 && (
        <nav className="site-admin__actions" aria-label="Pages of comics">
          <button type="button" className="comics-button" data-variant="ghost" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span role="status">
            {first}–{last} of {total}
          </span>
          <button type="button" className="comics-button" data-variant="ghost" disabled={last >= total} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  )
}
