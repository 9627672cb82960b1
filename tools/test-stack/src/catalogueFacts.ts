import { categoriesComicsRequest, comicChaptersRequest, hasUncensoredEdition, type Chapter, type Comic } from '@comics/core'
import type { E2eCatalogue, E2eComic } from './stackContext'
import { requestWithHost } from './requestWithHost'

async function list<T>(apiUrl: string, host: string, path: string, body: unknown): Promise<T[]> {
  const response = await requestWithHost(`${apiUrl}/api/v1${path}`, { host, body })
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.body}`)
  return (JSON.parse(response.body) as { data: T[] }).data
}

/** Finds the comics the journeys need in the freshly seeded catalogue, as each host lists them. */
export async function catalogueFacts(apiUrl: string, sitePort: number): Promise<E2eCatalogue> {
  const adultHost = `adult.localhost:${sitePort}`
  const mirrorHost = `localhost:${sitePort}`
  const withEpisodes = async (host: string, comic: Comic): Promise<E2eComic> => {
    const chapters = await list<Chapter>(apiUrl, host, '/chapters/list', comicChaptersRequest(comic.id))
    const ordered = [...chapters].sort((a, b) => a.chapterNumber - b.chapterNumber)
    return { id: comic.id, title: comic.title, chapterIds: ordered.map((c) => c.id), chapterTitles: ordered.map((c) => c.title) }
  }
  const firstWithFourEpisodes = async (host: string, comics: Comic[], what: string) => {
    for (const comic of comics) {
      const found = await withEpisodes(host, comic)
      if (found.chapterIds.length >= 4) return found
    }
    throw new Error(`The seeded catalogue has no ${what} with 4 episodes`)
  }
  const adultComics = await list<Comic>(apiUrl, adultHost, '/comics/list', { ...categoriesComicsRequest(), filters: { contentRating: ['AO'] } })
  const mirrorComics = await list<Comic>(apiUrl, mirrorHost, '/comics/list', { ...categoriesComicsRequest(), filters: { contentRating: ['T', 'M'] } })
  const genres = new Map<string, string>()
  for (const comic of adultComics) for (const genre of comic.genres) genres.set(genre.id, genre.name)
  return {
    uncensoredComic: await firstWithFourEpisodes(adultHost, adultComics.filter(hasUncensoredEdition), 'AO comic with an uncensored edition'),
    mirrorComic: await firstWithFourEpisodes(mirrorHost, mirrorComics, 'mirror comic'),
    longComic: await (async () => {
      const found = mirrorComics.find((comic) => comic.title === 'Long Strip')
      if (!found) throw new Error("The seeded catalogue has no 'Long Strip' (SEED_LONG_COMIC)")
      return withEpisodes(mirrorHost, found)
    })(),
    adultGenres: [...genres].map(([id, name]) => ({ id, name })),
  }
}
