import { useState } from 'react'
import type { Comic } from '@comics/core'
import { AuditLog, CommentModeration, WaitForFreeSettings } from '@comics/react'
import { ChaptersPanel } from './ChaptersPanel'
import { CoinsPanel } from './CoinsPanel'
import { ComicForm } from './ComicForm'
import { ComicsPanel } from './ComicsPanel'
import { GenresPanel } from './GenresPanel'
import { PaymentsPanel } from './PaymentsPanel'

/**
 * The admin screen: comics, genres, payments and a reader's coins on the left; the chosen comic's form,
 * episodes and pages on the right, then the audit log (of the chosen comic, or of every change when none is
 * chosen).
 */
export function AdminConsole() {
  const [selected, setSelected] = useState<Comic | 'new' | null>(null)

  return (
    <div className="site-admin">
      <h1>Admin</h1>
      <div className="site-admin__columns">
        <div className="site-admin__column">
          <ComicsPanel
            selectedId={selected === 'new' ? null : (selected?.id ?? null)}
            onSelect={setSelected}
            onNew={() => setSelected('new')}
          />
          <GenresPanel />
          <PaymentsPanel />
          <CoinsPanel />
        </div>

        <div className="site-admin__column site-admin__column--wide">
          {selected === 'new' && (
            <ComicForm
              key="new"
              comic={null}
              onSaved={setSelected}
            />
          )}
          {selected && selected !== 'new' && (
            <>
              <ComicForm
                key={selected.id}
                comic={selected}
                onSaved={setSelected}
                onDeleted={() => setSelected(null)}
              />
              <ChaptersPanel key={`chapters-${selected.id}`} comic={selected} />
              <section className="site-admin__panel">
                <WaitForFreeSettings key={`wait-${selected.id}`} comicId={selected.id} />
              </section>
            </>
          )}
          {!selected && <p className="site-admin__hint">Choose a comic, or create one.</p>}
          <CommentModeration />
          <AuditLog key={`audit-${selected && selected !== 'new' ? selected.id : 'all'}`} comicsId={selected && selected !== 'new' ? selected.id : undefined} />
        </div>
      </div>
    </div>
  )
}
