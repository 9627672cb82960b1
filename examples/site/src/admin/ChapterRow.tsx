import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isFreeEpisode, type Chapter } from '@comics/core'
import { queryKeys, useApi } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'
import { EpisodeAccess } from './EpisodeAccess'
import { FileField } from './FileField'

/**
 * One episode: its title and a new preview image (PATCH /chapters/{id}). Whether it is free is shown, not
 * edited: the first episodes by number are free and no flag changes that (core `isFreeEpisode`).
 */
export function ChapterRow({ chapter, chapters }: { chapter: Chapter; chapters: readonly Chapter[] }) {
  const api = useApi()
  const queryClient = useQueryClient()
  const [title, setTitle] = useState(chapter.title)
  const [preview, setPreview] = useState<File | null>(null)
  const save = useMutation({
    mutationFn: () => api.chapters.update(chapter.id, { title, preview: preview ?? undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chapters(chapter.comicsId) }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  return (
    <form className="site-admin__row" onSubmit={submit} aria-label={`Episode ${chapter.chapterNumber}`}>
      <span className="site-admin__tag">#{chapter.chapterNumber}</span>
      {chapter.previewImageUrl && <img src={chapter.previewImageUrl} alt="" width={48} height={48} />}
      <label>
        Title
        <input value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={200} />
      </label>
      <EpisodeAccess free={isFreeEpisode(chapter, chapters)} />
      <FileField label="Preview" name={`preview-${chapter.id}`} onChange={setPreview} />
      <button type="submit" className="comics-button" data-variant="ghost" disabled={save.isPending}>
        Save
      </button>
      {save.isSuccess && <span role="status">Saved.</span>}
      <AdminErrorMessage error={save.error} />
    </form>
  )
}
