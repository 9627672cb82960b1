import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { queryKeys, useApi, useGenres } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'
import { GenreRow } from './GenreRow'

/** Every genre, renamed or marked mature in place (PATCH /genres/{id}), and new ones (POST /genres). */
export function GenresPanel() {
  const api = useApi()
  const queryClient = useQueryClient()
  const genres = useGenres()
  const [name, setName] = useState('')
  const [mature, setMature] = useState(false)
  const create = useMutation({
    mutationFn: () => api.genres.create({ name, mature }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.genres() })
      setName('')
      setMature(false)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  return (
    <section className="site-admin__panel" aria-labelledby="site-admin-genres">
      <h2 id="site-admin-genres">Genres</h2>
      <AdminErrorMessage error={genres.error} />
      <ul className="site-admin__list">
        {genres.data?.map((genre) => (
          <li key={genre.id}>
            <GenreRow genre={genre} />
          </li>
        ))}
      </ul>
      <form className="site-admin__row" onSubmit={submit} aria-label="New genre">
        <label>
          New genre
          <input name="genreName" value={name} onChange={(event) => setName(event.target.value)} required maxLength={80} />
        </label>
        <label className="site-admin__inline">
          <input type="checkbox" checked={mature} onChange={(event) => setMature(event.target.checked)} />
          Mature
        </label>
        <button type="submit" className="comics-button" disabled={create.isPending}>
          Add genre
        </button>
        <AdminErrorMessage error={create.error} />
      </form>
    </section>
  )
}
