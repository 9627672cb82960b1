import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Comic, ContentRating } from '@comics/core'
import { queryKeys, useApi, useGenres } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'
import { FileField } from './FileField'

export interface ComicFormProps {
  /** The comic to edit, or null to create one. */
  comic: Comic | null
  onSaved: (comic: Comic) => void
  onDeleted?: () => void
}

const RATINGS: readonly ContentRating[] = ['AO', 'T', 'M']

/**
 * Creates or edits a comic (POST /comics, PATCH /comics/{id}) with its cover and banner, and deletes it
 * (DELETE /comics). What was typed stays when the server refuses it.
 */
export function ComicForm({ comic, onSaved, onDeleted }: ComicFormProps) {
  const api = useApi()
  const queryClient = useQueryClient()
  const genres = useGenres()
  const [title, setTitle] = useState(comic?.title ?? '')
  const [description, setDescription] = useState(comic?.description ?? '')
  const [contentRating, setContentRating] = useState<ContentRating>(comic?.contentRating ?? 'AO')
  const [genreIds, setGenreIds] = useState<string[]>(comic?.genres.map((genre) => genre.id) ?? [])
  const [displayOnMirror, setDisplayOnMirror] = useState(comic?.displayOnMirror ?? false)
  const [cover, setCover] = useState<File | null>(null)
  const [banner, setBanner] = useState<File | null>(null)
  const [confirmingDelete, setConfirmingDelete] = useState(false)

  const refreshLists = () => queryClient.invalidateQueries({ queryKey: queryKeys.all })

  const save = useMutation({
    mutationFn: async () => {
      const fields = { title, description, contentRating, genres: genreIds, displayOnMirror }
      const { data } = comic
        ? await api.comics.update(comic.id, { ...fields, coverImage: cover ?? undefined, bannerImage: banner ?? undefined })
        : await api.comics.create({ ...fields, cover: cover ?? undefined, banner: banner ?? undefined })
      return data[0]!
    },
    onSuccess: (saved) => {
      void refreshLists()
      onSaved(saved)
    },
  })
  const remove = useMutation({
    mutationFn: () => api.comics.delete([comic!.id]),
    onSuccess: () => {
      void refreshLists()
      onDeleted?.()
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  const toggleGenre = (id: string, on: boolean) =>
    setGenreIds((current) => (on ? [...current, id] : current.filter((item) => item !== id)))

  return (
    <form className="site-admin__panel site-admin__form" onSubmit={submit} aria-labelledby="site-admin-comic-form">
      <h2 id="site-admin-comic-form">{comic ? `Edit '${comic.title}'` : 'New comic'}</h2>
      <label>
        Title
        <input name="title" value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={200} />
      </label>
      <label>
        Description
        <textarea name="description" value={description} onChange={(event) => setDescription(event.target.value)} maxLength={5000} rows={3} />
      </label>
      <label>
        Content rating
        <select name="contentRating" value={contentRating} onChange={(event) => setContentRating(event.target.value as ContentRating)}>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {rating}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Genres</legend>
        {genres.data?.map((genre) => (
          <label key={genre.id} className="site-admin__inline">
            <input type="checkbox" checked={genreIds.includes(genre.id)} onChange={(event) => toggleGenre(genre.id, event.target.checked)} />
            {genre.name}
            {genre.mature && <span className="site-admin__tag">mature</span>}
          </label>
        ))}
      </fieldset>
      <label className="site-admin__inline">
        <input type="checkbox" name="displayOnMirror" checked={displayOnMirror} onChange={(event) => setDisplayOnMirror(event.target.checked)} />
        Show on the mirror host
      </label>
      <FileField label={comic ? 'Replace cover' : 'Cover'} name="cover" onChange={setCover} />
      <FileField label={comic ? 'Replace banner' : 'Banner'} name="banner" onChange={setBanner} />
      <AdminErrorMessage error={save.error} />
      <div className="site-admin__actions">
        <button type="submit" className="comics-button" disabled={save.isPending}>
          {comic ? 'Save comic' : 'Create comic'}
        </button>
        {comic &&
          (confirmingDelete ? (
            <>
              <span>Delete '{comic.title}' with its episodes and pages?</span>
              <button type="button" className="comics-button" data-variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
                Yes, delete
              </button>
              <button type="button" className="comics-button" data-variant="ghost" onClick={() => setConfirmingDelete(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className="comics-button" data-variant="ghost" onClick={() => setConfirmingDelete(true)}>
              Delete comic
            </button>
          ))}
      </div>
      <AdminErrorMessage error={remove.error} />
      {save.isSuccess && <p role="status">Saved.</p>}
    </form>
  )
}
