import { useQuery } from '@tanstack/react-query'
import { sortEpisodes, type Comic } from '@comics/core'
import { queryKeys, useApi } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'
import { ChapterRow } from './ChapterRow'
import { NewChaptersForm } from './NewChaptersForm'
import { PagesUploadForm } from './PagesUploadForm'

/**
 * The episodes of one comic, drafts and scheduled ones too: edit each and its release, add new ones with
 * their previews, upload their pages.
 */
export function ChaptersPanel({ comic }: { comic: Comic }) {
  const api = useApi()
  // Under the readers' key of this comic's episodes, so that every change refreshes both lists.
  const chapters = useQuery({
    queryKey: [...queryKeys.chapters(comic.id), 'unpublished'],
    queryFn: async ({ signal }) => sortEpisodes((await api.chapters.allOfComic(comic.id, { signal })).data),
  })
  const list = chapters.data ?? []
  return (
    <section className="site-admin__panel" aria-labelledby="site-admin-chapters">
      <h2 id="site-admin-chapters">Episodes of '{comic.title}'</h2>
      <AdminErrorMessage error={chapters.error} />
      {list.length === 0 && !chapters.isPending && <p className="site-admin__hint">No episodes yet.</p>}
      <ul className="site-admin__list">
        {list.map((chapter) => (
          <li key={chapter.id}>
            <ChapterRow chapter={chapter} chapters={list} />
          </li>
        ))}
      </ul>
      <NewChaptersForm comicId={comic.id} chapters={list} nextChapterNumber={(list.at(-1)?.chapterNumber ?? 0) + 1} />
      {list.length > 0 && <PagesUploadForm comic={comic} chapters={list} />}
    </section>
  )
}
