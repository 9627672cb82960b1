import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isFreeEpisode, publishedEpisodes, type Chapter, type EpisodeRef } from '@comics/core'
import { queryKeys, useApi } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'
import { EpisodeAccess } from './EpisodeAccess'
import { FileField } from './FileField'
import { publishAtOf, ReleaseField, type Release } from './ReleaseField'

interface DraftChapter {
  title: string
  chapterNumber: number
  preview: File | null
  release: Release
}

const draft = (chapterNumber: number): DraftChapter => ({
  title: `Episode ${chapterNumber}`,
  chapterNumber,
  preview: null,
  release: { kind: 'now' },
})

/** `publishAt` of a new episode: left out to publish at once (the server's time), else as chosen. */
function newPublishAt(release: Release): { publishAt?: string | null } {
  if (release.kind === 'now') return {}
  const publishAt = publishAtOf(release, new Date())
  return publishAt === undefined ? {} : { publishAt }
}

/** The drafts as episodes among the comic's own, for the position rule. */
const draftRef = (item: DraftChapter, index: number): EpisodeRef => ({ id: `draft-${index}`, chapterNumber: item.chapterNumber })

/**
 * Adds episodes to a comic in one call (POST /chapters), each with its preview image. Whether each is
 * free is not asked: the position rule decides it among the comic's episodes and these (core
 * `isFreeEpisode`), and it is shown and sent as such.
 */
export function NewChaptersForm({
  comicId,
  chapters,
  nextChapterNumber,
}: {
  comicId: string
  chapters: readonly Chapter[]
  nextChapterNumber: number
}) {
  const api = useApi()
  const queryClient = useQueryClient()
  const [drafts, setDrafts] = useState<DraftChapter[]>(() => [draft(nextChapterNumber)])
  // The published episodes and these: the position rule counts published episodes only.
  const all = [...publishedEpisodes(chapters, new Date()), ...drafts.map(draftRef)]
  const free = (item: DraftChapter, index: number) => isFreeEpisode(draftRef(item, index), all)
  const create = useMutation({
    mutationFn: () => {
      const withPreviews = drafts.every((item) => item.preview)
      return api.chapters.create({
        comicsId: comicId,
        chapters: drafts.map((item, index) => ({
          title: item.title,
          chapterNumber: item.chapterNumber,
          isFree: free(item, index),
          ...newPublishAt(item.release),
        })),
        // The API pairs previews with chapters by position, so they go all or none.
        ...(withPreviews ? { previews: drafts.map((item) => item.preview!) } : {}),
      })
    },
    onSuccess: async ({ data }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.chapters(comicId) })
      const last = Math.max(...data.map((chapter) => chapter.chapterNumber), nextChapterNumber)
      setDrafts([draft(last + 1)])
    },
  })
  const update = (index: number, change: Partial<DraftChapter>) =>
    setDrafts((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }

  return (
    <form className="site-admin__form" onSubmit={submit} aria-labelledby="site-admin-new-chapters">
      <h3 id="site-admin-new-chapters">Add episodes</h3>
      {drafts.map((item, index) => (
        <fieldset key={index} className="site-admin__row">
          <legend>New episode {index + 1}</legend>
          <label>
            Number
            <input
              type="number"
              min={1}
              value={item.chapterNumber}
              onChange={(event) => update(index, { chapterNumber: Number(event.target.value) })}
              required
            />
          </label>
          <label>
            Title
            <input value={item.title} onChange={(event) => update(index, { title: event.target.value })} required maxLength={200} />
          </label>
          <EpisodeAccess free={free(item, index)} />
          <ReleaseField name={`new-${index}`} value={item.release} onChange={(release) => update(index, { release })} />
          <FileField label="Preview" name={`new-preview-${index}`} onChange={(file) => update(index, { preview: file })} />
          {drafts.length > 1 && (
            <button type="button" className="comics-button" data-variant="ghost" onClick={() => setDrafts((list) => list.filter((_, i) => i !== index))}>
              Remove
            </button>
          )}
        </fieldset>
      ))}
      <AdminErrorMessage error={create.error} />
      <div className="site-admin__actions">
        <button
          type="button"
          className="comics-button"
          data-variant="ghost"
          onClick={() => setDrafts((list) => [...list, draft((list.at(-1)?.chapterNumber ?? nextChapterNumber - 1) + 1)])}
        >
          One more episode
        </button>
        <button type="submit" className="comics-button" disabled={create.isPending}>
          Create episodes
        </button>
      </div>
      {create.isSuccess && <p role="status">Episodes created.</p>}
    </form>
  )
}
