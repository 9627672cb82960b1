import { and, asc, eq, inArray } from 'drizzle-orm'
import { isEpisodeLocked, type EpisodeRef, type HostedComicRef, type Viewer } from '@comics/core/rules'
import type { Database } from '../db/database'
import { chapters, comics } from '../db/schema'
import type { CatalogueCache } from './catalogue-cache'
import { publishedAt } from './list-chapters'

export interface IndexedEpisode extends EpisodeRef {
  comicId: number
  /**
   * The published episodes of the same comic: what core `isEpisodeLocked` needs to place this one (the
   * free and locked positions count published episodes only).
   */
  siblings: readonly EpisodeRef[]
  /** False for a draft or scheduled episode, which only an admin's preview indexes. */
  published: boolean
  /** Its comic's rating and mirror flag: which hosts show it (core `isComicShownOn`). */
  comic: HostedComicRef
}

/**
 * The episodes with these ids and their comics' published episode lists, from the catalogue cache. An
 * episode not published at `now` is left out, as an id that does not exist, unless `unpublished` (an
 * admin's preview) keeps it.
 */
export async function indexEpisodes(
  db: Database,
  cache: CatalogueCache,
  chapterIds: readonly number[],
  options: { now: Date; unpublished: boolean },
): Promise<IndexedEpisode[]> {
  const { now, unpublished } = options
  const sorted = [...new Set(chapterIds)].sort((a, b) => a - b)
  // The whole answer is cached, not only the rows it is made of: it is asked for on every page-list call.
  // The cache is emptied when the next scheduled episode comes out, so `now` may be read once per entry.
  return cache.get(`indexed-episodes:${unpublished ? 'all' : 'published'}:${sorted.join(',')}`, async () => {
    const requested = inArray(chapters.id, sorted)
    const rows = await db
      .select({
        id: chapters.id,
        comicId: chapters.comicId,
        chapterNumber: chapters.chapterNumber,
        publishAt: chapters.publishAt,
        contentRating: comics.contentRating,
        displayOnMirror: comics.displayOnMirror,
      })
      .from(chapters)
      .innerJoin(comics, eq(comics.id, chapters.comicId))
      .where(unpublished ? requested : and(requested, publishedAt(now)))
    return Promise.all(
      rows.map(async (row) => {
        const siblings = await cache.get(`episodes:${row.comicId}`, () => episodesOfComic(db, row.comicId, now))
        const published = row.publishAt !== null && row.publishAt.getTime() <= now.getTime()
        const comic = { contentRating: row.contentRating, displayOnMirror: row.displayOnMirror }
        return { id: String(row.id), chapterNumber: row.chapterNumber, comicId: row.comicId, siblings, published, comic }
      }),
    )
  })
}

async function episodesOfComic(db: Database, comicId: number, now: Date): Promise<EpisodeRef[]> {
  const rows = await db
    .select({ id: chapters.id, chapterNumber: chapters.chapterNumber })
    .from(chapters)
    .where(and(eq(chapters.comicId, comicId), publishedAt(now)))
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
  const unlocked = viewer.unlockedEpisodeIds?.has(episode.id) ? 1 : 0
  const key = `${episode.id}:${viewer.signedIn ? 1 : 0}:${viewer.level}:${unlocked}`
  let locked = answers.get(key)
  if (locked === undefined) answers.set(key, (locked = isEpisodeLocked(episode, episode.siblings, viewer)))
  return locked
}
