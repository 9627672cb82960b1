import { asc, eq, inArray } from 'drizzle-orm'
import { isEpisodeLocked, type EpisodeRef, type Viewer } from '@comics/core/rules'
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
  // The whole answer is cached, not only the rows it is made of: it is asked for on every page-list call.
  return cache.get(`indexed-episodes:${sorted.join(',')}`, async () => {
    const rows = await db.select({ id: chapters.id, comicId: chapters.comicId }).from(chapters).where(inArray(chapters.id, sorted))
    return Promise.all(
      rows.map(async (row) => {
        const siblings = await cache.get(`episodes:${row.comicId}`, () => episodesOfComic(db, row.comicId))
        const id = String(row.id)
        const self = siblings.find((episode) => episode.id === id)!
        return { ...self, comicId: row.comicId, siblings }
      }),
    )
  })
}

async function episodesOfComic(db: Database, comicId: number): Promise<EpisodeRef[]> {
  const rows = await db
    .select({ id: chapters.id, chapterNumber: chapters.chapterNumber })
    .from(chapters)
    .where(eq(chapters.comicId, comicId))
    .orderBy(asc(chapters.chapterNumber))
  return rows.map((row) => ({ id: String(row.id), chapterNumber: row.chapterNumber }))
}

// Answers of core `isEpisodeLocked`, remembered per comic episode list (a cached array, replaced when an
// admin write empties the catalogue cache) and per episode and viewer: the rule scans the whole list,
// which on a long comic was the largest cost of a page-list call.
const lockAnswers = new WeakMap<readonly EpisodeRef[], Map<string, boolean>>()

/** Core `isEpisodeLocked` for an indexed episode, computed once per episode list, episode and viewer. */
export function isIndexedEpisodeLocked(episode: IndexedEpisode, viewer: Viewer): boolean {
  let answers = lockAnswers.get(episode.siblings)
  if (!answers) lockAnswers.set(episode.siblings, (answers = new Map()))
  const key = `${episode.id}:${viewer.signedIn ? 1 : 0}:${viewer.level}`
  let locked = answers.get(key)
  if (locked === undefined) answers.set(key, (locked = isEpisodeLocked(episode, episode.siblings, viewer)))
  return locked
}
