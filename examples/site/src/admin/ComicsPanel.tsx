import type { Comic } from '@comics/core'
import { useComics } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'

export interface ComicsPanelProps {
  createdHere: readonly Comic[]
  selectedId: string | null
  onSelect: (comic: Comic) => void
  onNew: () => void
}

/**
 * The comics this host lists (the API lists by the host's ratings), plus those created in this visit.
 */
export function ComicsPanel({ createdHere, selectedId, onSelect, onNew }: ComicsPanelProps) {
  const listed = useComics({ request: { limit: 200, offset: 0, filters: {}, sort: { field: 'created_at', order: 'desc' } } })
  const seen = new Set(createdHere.map((comic) => comic.id))
  const comics = [...createdHere, ...(listed.data ?? []).filter((comic) => !seen.has(comic.id))]

  return (
    <section className="site-admin__panel" aria-labelledby="site-admin-comics">
      <header className="site-admin__panel-header">
        <h2 id="site-admin-comics">Comics</h2>
        <button type="button" className="comics-button" onClick={onNew}>
          New comic
        </button>
      </header>
      <p className="site-admin__hint">This host lists its own ratings; comics made now show here whatever their rating.</p>
      <AdminErrorMessage error={listed.error} />
      <ul className="site-admin__list">
        {comics.map((comic) => (
          <li key={comic.id}>
            <button
              type="button"
              className="site-admin__list-item"
              aria-pressed={comic.id === selectedId}
              onClick={() => onSelect(comic)}
            >
              <span>{comic.title}</span>
              <span className="site-admin__tag">{comic.contentRating}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
