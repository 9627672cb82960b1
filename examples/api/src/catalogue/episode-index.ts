import { asc, eq, inArray } from 'drizzle-orm'
import type { EpisodeRef } from '@comics/core/rules'
import type { Database } from '../db/database'
import { chapters } from '../db/schema'
import type { CatalogueCache } from './catalogue-cache'

export interface IndexedEpisode extends EpisodeRef {
  comicId: number
  /** Every episode of the same comic: what core `isEpisodeLocked` needs to place this one. */
  siblings: readonly EpisodeRef[]
}

/** The episodes with these ids and their comics' episode lists, from the catalogue cache. */
export async function indexEpisodes(db: Database, cache: CatalogueCache, chapterIds: readonly number[]): Promise<IndexedEpisode[]> {
  const sorted = [...new Set(chapterIds)].sort((a, b) => a - b)
  const rows = await cache.get(`chapter-comics:${sorted.join(',')}`, () =>
    db.select({ id: chapters.id, comicId: chapters.comicId }).from(chapters).where(inArray(chapters.id, sorted)),
  )
  return Promise.all(
    rows.map(async (row) => {
      const siblings = await cache.get(`episodes:${row.comicId}`, () => episodesOfComic(db, row.comicId))
      const self = siblings.find((episode) => episode.id === String(row.id))!
      return { ...self, comicId: row.comicId, siblings }
    }),
  )
}

async function episodesOfComic(db: Database, comicId: number): Promise<EpisodeRef[]> {
  const rows = await db
    .select({ id: chapters.id, chapterNumber: chapters.chapterNumber })
    .from(chapters)
    .where(eq(chapters.comicId, comicId))
    .orderBy(asc(chapters.chapterNumber))
  return rows.map((row) => ({ id: String(row.id), chapterNumber: row.chapterNumber }))
}
