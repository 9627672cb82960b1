import { and, asc, count, eq } from 'drizzle-orm'
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
