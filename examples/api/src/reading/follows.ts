import { and, asc, desc, eq, gt, inArray, isNotNull, lte, type SQL } from 'drizzle-orm'
import type { Follow } from '@comics/core/contract'
import { newEpisodes, newEpisodesSince, type SiteMode } from '@comics/core/rules'
import { hostComicConditions } from '../catalogue/list-comics'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { chapters, comicFollows, comics, readingProgress } from '../db/schema'
import type { FileStore } from '../files/file-store'
import { HttpError } from '../http/http-error'
import { requestedRowIds } from '../http/requested-row-ids'

/** Comics the host shows (as comics/list): every host has ratings of its own, so there are conditions. */
const shownOnHost = (mode: SiteMode): SQL[] => hostComicConditions(mode)!

/**
 * The comics the reader follows that the host shows, most recently followed first, each with the
 * episodes published since the later of following it and last reading it (core `newEpisodesSince`,
 * `newEpisodes`; the last reading is the account's synced position).
 */
export async function listFollows(
  db: Database,
  clock: Clock,
  fileStore: FileStore,
  uid: string,
  mode: SiteMode,
  only?: number,
): Promise<Follow[]> {
  const conditions = [eq(comicFollows.userId, uid), ...shownOnHost(mode)]
  if (only !== undefined) conditions.push(eq(comicFollows.comicId, only))
  const rows = await db
    .select({
      comicId: comicFollows.comicId,
      followedAt: comicFollows.followedAt,
      title: comics.title,
      bannerFile: comics.bannerFile,
      lastReadAt: readingProgress.updatedAtMs,
    })
    .from(comicFollows)
    .innerJoin(comics, eq(comics.id, comicFollows.comicId))
    .leftJoin(readingProgress, and(eq(readingProgress.userId, comicFollows.userId), eq(readingProgress.comicId, comicFollows.comicId)))
    .where(and(...conditions))
    .orderBy(desc(comicFollows.followedAt), desc(comicFollows.comicId))
  if (rows.length === 0) return []
  const now = clock.now()
  const sinceOf = new Map(rows.map((row) => [row.comicId, newEpisodesSince(row.followedAt.getTime(), row.lastReadAt)]))
  const earliest = Math.min(...sinceOf.values())
  const recent = await db
    .select({ id: chapters.id, comicId: chapters.comicId, publishAt: chapters.publishAt })
    .from(chapters)
    .where(
      and(
        inArray(chapters.comicId, rows.map((row) => row.comicId)),
        isNotNull(chapters.publishAt),
        gt(chapters.publishAt, new Date(earliest)),
        lte(chapters.publishAt, now),
      ),
    )
    .orderBy(asc(chapters.chapterNumber))
  return rows.map((row) => {
    const ofComic = recent
      .filter((chapter) => chapter.comicId === row.comicId)
      .map((chapter) => ({ id: String(chapter.id), publishAt: chapter.publishAt!.toISOString() }))
    const fresh = newEpisodes(ofComic, sinceOf.get(row.comicId)!, now.getTime())
    return {
      comicId: String(row.comicId),
      title: row.title,
      bannerImageUrl: fileStore.urlOf(row.bannerFile),
      followedAt: row.followedAt.getTime(),
      lastReadAt: row.lastReadAt,
      newEpisodes: fresh.length,
      newChapterIds: fresh.map((chapter) => chapter.id),
    }
  })
}

/** Follows a comic the host shows (404 comic_not_found otherwise); following it again keeps the first time. */
export async function followComic(
  db: Database,
  clock: Clock,
  fileStore: FileStore,
  uid: string,
  mode: SiteMode,
  comicId: string,
): Promise<Follow> {
  const [id] = requestedRowIds([comicId], 'comicId')
  const [shown] = await db.select({ id: comics.id }).from(comics).where(and(eq(comics.id, id!), ...shownOnHost(mode)))
  if (!shown) throw new HttpError(404, 'comic_not_found', `Comic '${comicId}' not found`)
  await db.insert(comicFollows).values({ userId: uid, comicId: id!, followedAt: clock.now() }).onConflictDoNothing()
  const [follow] = await listFollows(db, clock, fileStore, uid, mode, id)
  // The comic was deleted between the two statements.
  if (!follow) throw new HttpError(404, 'comic_not_found', `Comic '${comicId}' not found`)
  return follow
}

/** Stops following a comic; not following it is no error. */
export async function unfollowComic(db: Database, uid: string, comicId: string): Promise<void> {
  const [id] = requestedRowIds([comicId], 'comicId')
  await db.delete(comicFollows).where(and(eq(comicFollows.userId, uid), eq(comicFollows.comicId, id!)))
}
