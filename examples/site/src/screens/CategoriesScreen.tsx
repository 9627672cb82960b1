import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { ALL_GENRES, routes } from '@comics/core'
import { ComicCard, GenreBar, useComics, useLink, useMessages } from '@comics/react'
import { categoriesGenreOf } from '../routes/categoriesQueries'
import { QueryStatus } from './QueryStatus'

/**
 * Categories (spec §2): Back to main, the selected genre in upper case, the genre bar and the comics
 * of that genre. The genre is kept in the address (?genre=) so a reload or Back keeps the filter. The
 * bar lists the genres of every comic, so choosing one does not hide the others.
 */
export default function CategoriesScreen() {
  const messages = useMessages()
  const Link = useLink()
  const [searchParams, setSearchParams] = useSearchParams()
  const genreId = categoriesGenreOf(searchParams)
  const all = useComics({ preset: 'categories' })
  const selected = useComics({ preset: 'categories', genreId })

  const title = useMemo(() => {
    if (genreId === ALL_GENRES) return messages['categories.all']
    const genre = all.data?.flatMap((comic) => comic.genres).find((candidate) => candidate.id === genreId)
    return genre?.name ?? ''
  }, [all.data, genreId, messages])

  const chooseGenre = (next: string) =>
    setSearchParams(next === ALL_GENRES ? {} : { genre: next }, { preventScrollReset: true })

  return (
    <section className="site-categories" aria-labelledby="site-categories-title">
      <Link to={routes.home} className="comics-link site-back-link">
        {messages['common.backToMain']}
      </Link>
      <h1 id="site-categories-title" className="site-categories__title">
        {title.toUpperCase()}
      </h1>
      <GenreBar comics={all.data ?? []} value={genreId} onValueChange={chooseGenre} />
      <QueryStatus isPending={selected.isPending} error={selected.error} onRetry={() => void selected.refetch()} />
      <ul className="site-card-grid" aria-busy={selected.isFetching}>
        {selected.data?.map((comic) => (
          <li key={comic.id}>
            <ComicCard comic={comic} />
          </li>
        ))}
      </ul>
    </section>
  )
}
