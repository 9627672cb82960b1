import { useRef, useState, type KeyboardEvent } from 'react'
import { useSearchParams } from 'react-router'
import type { Comic } from '@comics/core'
import { AuditLog, CommentModeration, WaitForFreeSettings } from '@comics/react'
import { ChaptersPanel } from './ChaptersPanel'
import { CoinsPanel } from './CoinsPanel'
import { ComicForm } from './ComicForm'
import { ComicsPanel } from './ComicsPanel'
import { GenresPanel } from './GenresPanel'
import { PaymentsPanel } from './PaymentsPanel'

/** The console's sections, in the order of its tabs; the first is where it opens. */
const SECTIONS = [
  { id: 'comics', label: 'Comics' },
  { id: 'genres', label: 'Genres' },
  { id: 'comments', label: 'Comments' },
  { id: 'coins', label: 'Coins and payments' },
  { id: 'audit', label: 'Audit log' },
] as const
type Section = (typeof SECTIONS)[number]['id']

/**
 * The admin screen in sections, one tab each (`?section=` keeps the one open across a reload): comics
 * (the list, and the chosen comic's form, episodes, pages and wait), genres, reported comments, a reader's
 * coins and the payments, and the audit log (of the chosen comic, or of every change when none is chosen).
 * Sections not open stay mounted but hidden, so an upload or a half-filled form goes on in the background.
 */
export function AdminConsole() {
  const [selected, setSelected] = useState<Comic | 'new' | null>(null)
  const [params, setParams] = useSearchParams()
  const asked = params.get('section')
  const section: Section = SECTIONS.some((candidate) => candidate.id === asked) ? (asked as Section) : 'comics'
  const tabs = useRef(new Map<Section, HTMLButtonElement>())
  const open = (next: Section) => {
    setParams((current) => {
      const updated = new URLSearchParams(current)
      if (next === 'comics') updated.delete('section')
      else updated.set('section', next)
      return updated
    }, { replace: true })
  }
  // Arrow keys, Home and End move between the tabs (the WAI-ARIA tabs pattern, opened as focused).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = SECTIONS.findIndex((candidate) => candidate.id === section)
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: SECTIONS.length - 1 }[event.key]
    if (to === undefined) return
    event.preventDefault()
    const next = SECTIONS[(to + SECTIONS.length) % SECTIONS.length]!.id
    open(next)
    tabs.current.get(next)?.focus()
  }
  const panel = (id: Section) => ({
    role: 'tabpanel',
    id: `site-admin-panel-${id}`,
    'aria-labelledby': `site-admin-tab-${id}`,
    hidden: section !== id,
    className: `site-admin__section site-admin__section--${id}`,
  })
  const chosen = selected && selected !== 'new' ? selected : null

  return (
    <div className="site-admin">
      <h1>Admin</h1>
      <div className="site-admin__tabs" role="tablist" aria-label="Sections">
        {SECTIONS.map(({ id, label }) => (
          <button
            key={id}
            ref={(element) => {
              if (element) tabs.current.set(id, element)
              else tabs.current.delete(id)
            }}
            type="button"
            role="tab"
            id={`site-admin-tab-${id}`}
            className="site-admin__tab"
            aria-selected={section === id}
            aria-controls={`site-admin-panel-${id}`}
            tabIndex={section === id ? 0 : -1}
            onClick={() => open(id)}
            onKeyDown={onTabKey}
          >
            {label}
          </button>
        ))}
      </div>

      <div {...panel('comics')}>
        <div className="site-admin__columns">
          <div className="site-admin__column">
            <ComicsPanel selectedId={selected === 'new' ? null : (selected?.id ?? null)} onSelect={setSelected} onNew={() => setSelected('new')} />
          </div>
          <div className="site-admin__column site-admin__column--wide">
            {selected === 'new' && <ComicForm key="new" comic={null} onSaved={setSelected} />}
            {chosen && (
              <>
                <ComicForm key={chosen.id} comic={chosen} onSaved={setSelected} onDeleted={() => setSelected(null)} />
                <ChaptersPanel key={`chapters-${chosen.id}`} comic={chosen} />
                <section className="site-admin__panel">
                  <WaitForFreeSettings key={`wait-${chosen.id}`} comicId={chosen.id} />
                </section>
              </>
            )}
            {!selected && <p className="site-admin__hint">Choose a comic, or create one.</p>}
          </div>
        </div>
      </div>
      <div {...panel('genres')}>
        <GenresPanel />
      </div>
      <div {...panel('comments')}>
        <CommentModeration />
      </div>
      <div {...panel('coins')}>
        <div className="site-admin__columns site-admin__columns--even">
          <CoinsPanel />
          <PaymentsPanel />
        </div>
      </div>
      <div {...panel('audit')}>
        <AuditLog key={`audit-${chosen ? chosen.id : 'all'}`} comicsId={chosen?.id} />
      </div>
    </div>
  )
}
