import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Comic, ReadingProgressEntry } from '@comics/core/contract'
import { isComicShownOn, mergeReadingProgress, PROGRESS_SYNC_LIMIT, type SiteMode } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { comics, readingProgress } from '../db/schema'
import { requestedRowIds } from '../http/requested-row-ids'
import { hostComicConditions } from '../catalogue/list-comics'


export function progressFromRow(row: typeof readingProgress.$inferSelect): ReadingProgressEntry {
  const entry: ReadingProgressEntry = {
    comicId: String(row.comicId),
    chapterId: String(row.chapterId),
    chapterTitle: row.chapterTitle,
    updatedAt: row.updatedAtMs,
  }
  if (row.page !== null) entry.page = row.page
  if (row.offset !== null) entry.offset = row.offset
  return entry
}

/** The order of the account's positions: most recent first, then the higher comic id. */
const latestFirst = (a: ReadingProgressEntry, b: ReadingProgressEntry) => b.updatedAt - a.updatedAt || Number(b.comicId) - Number(a.comicId)

/**
 * The reader's positions in the comics the host of `mode` shows (core `isComicShownOn`: the last-read
 * list of the mirror host names no AO comic), most recent first: the {@link PROGRESS_SYNC_LIMIT} latest.
 * A join on the comic's primary key (each of the reader's rows looks up its comic) rather than a test
 * against every comic the host shows.
 */
export async function listProgress(db: Database, uid: string, mode: SiteMode): Promise<ReadingProgressEntry[]> {
  const rows = await db
    .select({ progress: readingProgress })
    .from(readingProgress)
    .innerJoin(comics, eq(comics.id, readingProgress.comicId))
    .where(and(eq(readingProgress.userId, uid), ...hostComicConditions(mode)!))
    .orderBy(desc(readingProgress.updatedAtMs), desc(readingProgress.comicId))
    .limit(PROGRESS_SYNC_LIMIT)
  return rows.map((row) => progressFromRow(row.progress))
}

type HostedComic = { contentRating: Comic['contentRating']; displayOnMirror: boolean }

/**
 * Merges a browser's positions into the reader's account (POST /me/progress) per comic by the latest
 * change (core `mergeReadingProgress`) and answers the account's positions after it. A time ahead of the
 * server's is taken as the server's now. Positions in comics that no longer exist are dropped (the
 * browser may remember a deleted comic; refusing them would refuse every later sync too).
 *
 * One read of the account's positions (with their comics' ratings), then one write of only the positions
 * later than the account's: a device sends all its positions on each sync, and most are the account's
 * already. The write applies the same rule in the statement (a row is replaced only by a later position, a
 * tie keeps it), so two devices sending at once still keep the later position, without a transaction
 * around the read and the write; the answer is the account as read, with what was written, unless another
 * device wrote in between (a position this write did not replace), when it is read again.
 */
export async function syncProgress(
  db: Database,
  clock: Clock,
  uid: string,
  entries: readonly ReadingProgressEntry[],
  mode: SiteMode,
): Promise<ReadingProgressEntry[]> {
  const nowMs = clock.now().getTime()
  requestedRowIds(entries.map((entry) => entry.comicId), 'entries.comicId')
  requestedRowIds(entries.map((entry) => entry.chapterId), 'entries.chapterId')
  const stored = await db
    .select({ progress: readingProgress, contentRating: comics.contentRating, displayOnMirror: comics.displayOnMirror })
    .from(readingProgress)
    .innerJoin(comics, eq(comics.id, readingProgress.comicId))
    .where(eq(readingProgress.userId, uid))
  const account = new Map<string, ReadingProgressEntry>(stored.map((row) => [String(row.progress.comicId), progressFromRow(row.progress)]))
  const hosted = new Map<string, HostedComic>(stored.map((row) => [String(row.progress.comicId), row]))
  const later = mergeReadingProgress(entries.map((entry) => ({ ...entry, updatedAt: Math.min(entry.updatedAt, nowMs) }))).filter(
    (entry) => (account.get(entry.comicId)?.updatedAt ?? -Infinity) < entry.updatedAt,
  )
  // Comics new to the account must exist.
  const newComicIds = [...new Set(later.filter((entry) => !hosted.has(entry.comicId)).map((entry) => Number(entry.comicId)))]
  if (newComicIds.length > 0) {
    const found = await db
      .select({ id: comics.id, contentRating: comics.contentRating, displayOnMirror: comics.displayOnMirror })
      .from(comics)
      .where(inArray(comics.id, newComicIds))
    for (const comic of found) hosted.set(String(comic.id), comic)
  }
  const winners = later.filter((entry) => hosted.has(entry.comicId))
  if (winners.length > 0) {
    const written = await db
      .insert(readingProgress)
      .values(
        winners.map((entry) => ({
          userId: uid,
          comicId: Number(entry.comicId),
          chapterId: Number(entry.chapterId),
          chapterTitle: entry.chapterTitle,
          page: entry.page ?? null,
          offset: entry.offset ?? null,
          updatedAtMs: entry.updatedAt,
        })),
      )
      .onConflictDoUpdate({
        target: [readingProgress.userId, readingProgress.comicId],
        set: {
          chapterId: sql`excluded.chapter_id`,
          chapterTitle: sql`excluded.chapter_title`,
          page: sql`excluded.page`,
          offset: sql`excluded.offset`,
          updatedAtMs: sql`excluded.updated_at_ms`,
        },
        setWhere: sql`${readingProgress.updatedAtMs} < excluded.updated_at_ms`,
      })
      .returning({ comicId: readingProgress.comicId })
    // Another device wrote a later position in between: the account is read as it now is.
    if (written.length < winners.length) return listProgress(db, uid, mode)
    for (const row of written) {
      const entry = winners.find((winner) => winner.comicId === String(row.comicId))!
      account.set(entry.comicId, progressFromRow({ userId: uid, comicId: row.comicId, chapterId: Number(entry.chapterId), chapterTitle: entry.chapterTitle, page: entry.page ?? null, offset: entry.offset ?? null, updatedAtMs: entry.updatedAt }))
    }
  }
  return [...account.values()]
    .filter((entry) => isComicShownOn(mode, hosted.get(entry.comicId)!))
    .sort(latestFirst)
    .slice(0, PROGRESS_SYNC_LIMIT)
}
