import { useState } from 'react'
import { ALL_GENRES, type ComicGenre } from '@comics/core'
import { useMessages } from '../../hooks'

export interface GenreBarProps {
  /** The loaded comics: the bar shows their genres, de-duplicated by id (spec §2 "Categories"). */
  comics: readonly { genres: readonly ComicGenre[] }[]
  /** The selected genre id, or 'all'. Controlled when given. */
  value?: string
  /** Initial selection when uncontrolled; default 'all' (spec §4). */
  defaultValue?: string
  /** Called with the chosen genre id, or 'all'. */
  onValueChange?: (genreId: string) => void
  className?: string
}

/** The genres of the comics in order of first appearance, each id once. */
function genresOf(comics: GenreBarProps['comics']): ComicGenre[] {
  const seen = new Map<string, ComicGenre>()
  for (const comic of comics) for (const genre of comic.genres) if (!seen.has(genre.id)) seen.set(genre.id, genre)
  return [...seen.values()]
}

/**
 * The Categories genre filter: 'All' plus the genres of the loaded comics, de-duplicated by id. The
 * selected button has `aria-pressed="true"` and `data-state="on"`.
 * @example
 * const [genre, setGenre] = useState('all')
 * const { data: comics = [] } = useComics({ preset: 'categories', genreId: genre })
 * <GenreBar comics={comics} value={genre} onValueChange={setGenre} />
 */
export function GenreBar({ comics, value, defaultValue = ALL_GENRES, onValueChange, className }: GenreBarProps) {
  const messages = useMessages()
  const [uncontrolled, setUncontrolled] = useState(defaultValue)
  const selected = value ?? uncontrolled
  const select = (genreId: string) => {
    if (value === undefined) setUncontrolled(genreId)
    onValueChange?.(genreId)
  }
  const options = [{ id: ALL_GENRES, name: messages['categories.all'] }, ...genresOf(comics)]

  return (
    <div role="group" aria-label={messages['categories.genres']} className={className ? `comics-genre-bar ${className}` : 'comics-genre-bar'}>
      {options.map((genre) => {
        const on = genre.id === selected
        return (
          <button
            key={genre.id}
            type="button"
            className="comics-genre-bar__genre"
            aria-pressed={on}
            data-state={on ? 'on' : 'off'}
            onClick={() => select(genre.id)}
          >
            {genre.name}
          </button>
        )
      })}
    </div>
  )
}
