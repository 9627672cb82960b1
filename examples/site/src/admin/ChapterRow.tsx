import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isFreeEpisode, publishedEpisodes, type Chapter } from '@comics/core'
import { queryKeys, useApi } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'
import { EpisodeAccess } from './EpisodeAccess'
import { FileField } from './FileField'
import { PublicationTag, publishAtOf, ReleaseField, releaseOf, type Release } from './ReleaseField'

/**
 * One episode: its title, a new preview image and its release (PATCH /chapters/{id}). Whether it is free
 * is shown, not edited: the first published episodes by number are free and no flag changes that (core
 * `isFreeEpisode` among `publishedEpisodes`). Its status (draft, scheduled, published) is shown apart.
 */
export function ChapterRow({ chapter, chapters }: { chapter: Chapter; chapters: readonly Chapter[] }) {
  const api = useApi()
  const queryClient = useQueryClient()
  const [title, setTitle] = useState(chapter.title)
  const [preview, setPreview] = useState<File | null>(null)
  const now = new Date()
  const saved = releaseOf(chapter.publishAt, now)
  const [release, setRelease] = useState<Release>(saved)
  const releaseChanged = JSON.stringify(release) !== JSON.stringify(saved)
  const save = useMutation({
    mutationFn: () =>
      api.chapters.update(chapter.id, {
        title,
        preview: preview ?? undefined,
        ...(releaseChanged ? { publishAt: publishAtOf(release, new Date()) } : {}),
      }),
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
      <PublicationTag publishAt={chapter.publishAt} now={now} />
      <EpisodeAccess free={isFreeEpisode(chapter, publishedEpisodes(chapters, now))} />
      <ReleaseField name={`release-${chapter.id}`} value={release} onChange={setRelease} />
      <FileField label="Preview" name={`preview-${chapter.id}`} onChange={setPreview} />
      <a className="comics-button" data-variant="ghost" href={`/admin/preview/${chapter.comicsId}/${chapter.id}`} target="_blank" rel="noreferrer">
        Preview
      </a>
      <button type="submit" className="comics-button" data-variant="ghost" disabled={save.isPending}>
        Save
      </button>
      {save.isSuccess && <span role="status">Saved.</span>}
      <AdminErrorMessage error={save.error} />
    </form>
  )
}
