import { and, asc, count, eq, lte, or } from 'drizzle-orm'
import type { Database } from '../../src/db/database'
import { chapters, comicGenres, comics, genres } from '../../src/db/schema'

export interface EpisodeFacts {
  comicId: string
  freeChapterId: string
  /** The 4th episode: the first locked one. */
  lockedChapterId: string
}

/** Comics of the seeded catalogue the tests need, found by what they are rather than by id. */
export async function catalogueFacts(db: Database) {
  const withUncensored = await db
    .select({ id: comics.id })
    .from(comics)
    .innerJoin(comicGenres, eq(comicGenres.comicId, comics.id))
    .innerJoin(genres, eq(genres.id, comicGenres.genreId))
    .where(and(eq(comics.contentRating, 'AO'), eq(genres.name, 'Uncensored')))
    .orderBy(asc(comics.id))
  const mirror = await db.select({ id: comics.id }).from(comics).where(and(eq(comics.displayOnMirror, true))).orderBy(asc(comics.id))
  const episodes = async (comicId: number): Promise<EpisodeFacts> => {
    const rows = await db.select().from(chapters).where(eq(chapters.comicId, comicId)).orderBy(asc(chapters.chapterNumber))
    return { comicId: String(comicId), freeChapterId: String(rows[0]!.id), lockedChapterId: String(rows[3]!.id) }
  }
  const [totalRow] = await db.select({ total: count() }).from(comics)
  return {
    totalComics: totalRow?.total ?? 0,
    uncensoredComic: await episodes(withUncensored[0]!.id),
    mirrorComic: await episodes(mirror[0]!.id),
  }
}

/** A published episode of the seeded catalogue, with its place in its comic (0 for the first). */
export interface PublishedEpisode {
  comicId: number
  chapterId: number
  /** 0, 1 and 2 are free; from 3 on, locked. */
  position: number
  rating: string
}

/**
 * The episodes published by `now` of the comics a host shows (`hosts`: 'adult' for AO comics, 'mirror'
 * for those shown on the mirror), in reading order, each with its place in its comic.
 */
export async function publishedEpisodes(db: Database, now: Date, hosts: readonly ('adult' | 'mirror')[]): Promise<PublishedEpisode[]> {
  const shown = [
    ...(hosts.includes('adult') ? [eq(comics.contentRating, 'AO')] : []),
    ...(hosts.includes('mirror') ? [eq(comics.displayOnMirror, true)] : []),
  ]
  const rows = await db
    .select({ chapterId: chapters.id, comicId: chapters.comicId, rating: comics.contentRating })
    .from(chapters)
    .innerJoin(comics, eq(comics.id, chapters.comicId))
    .where(and(lte(chapters.publishAt, now), or(...shown)))
    .orderBy(asc(chapters.comicId), asc(chapters.chapterNumber))
  const seen = new Map<number, number>()
  return rows.map((row) => {
    const position = seen.get(row.comicId) ?? 0
    seen.set(row.comicId, position + 1)
    return { ...row, position }
  })
}
