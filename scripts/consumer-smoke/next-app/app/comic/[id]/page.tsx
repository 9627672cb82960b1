import Link from 'next/link'
import { notFound } from 'next/navigation'
import { comicByIdRequest, isEpisodeLocked, readerPath, sortEpisodes } from '@comics/core'
import { serverComicsApi } from '../../comicsApi'

export const dynamic = 'force-dynamic'

// A server component: the comic and its episodes are fetched on the server through @comics/core.
export default async function ComicPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const api = serverComicsApi()
  const [comics, chapters] = await Promise.all([api.comics.list(comicByIdRequest(id)), api.chapters.ofComic(id)])
  const comic = comics.data[0]
  if (!comic) notFound()
  const episodes = sortEpisodes(chapters.data)
  return (
    <main>
      <h1 className="comic-title">{comic.title}</h1>
      <p>{comic.description}</p>
      <ol className="episodes">
        {episodes.map((episode) => (
          <li key={episode.id} data-locked={isEpisodeLocked(episode, episodes, { signedIn: false, level: 0 })}>
            <Link href={readerPath(comic.id, episode.id)}>{episode.title}</Link>
          </li>
        ))}
      </ol>
    </main>
  )
}
