import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Genre } from '@comics/core'
import { queryKeys, useApi } from '@comics/react'
import { AdminErrorMessage } from './AdminErrorMessage'

/** One genre's name and mature flag. */
export function GenreRow({ genre }: { genre: Genre }) {
  const api = useApi()
  const queryClient = useQueryClient()
  const [name, setName] = useState(genre.name)
  const [mature, setMature] = useState(genre.mature)
  const save = useMutation({
    mutationFn: () => api.genres.update(genre.id, { mature, name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.all }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  return (
    <form className="site-admin__row" onSubmit={submit} aria-label={`Genre ${genre.name}`}>
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} required maxLength={80} />
      <label className="site-admin__inline">
        <input type="checkbox" checked={mature} onChange={(event) => setMature(event.target.checked)} />
        Mature
      </label>
      <button type="submit" className="comics-button" data-variant="ghost" disabled={save.isPending}>
        Save
      </button>
      {save.isSuccess && <span role="status">Saved.</span>}
      <AdminErrorMessage error={save.error} />
    </form>
  )
}
