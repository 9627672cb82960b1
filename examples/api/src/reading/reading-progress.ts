import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { ReadingProgressEntry } from '@comics/core/contract'
import { mergeReadingProgress, PROGRESS_SYNC_LIMIT, type SiteMode } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { comics, readingProgress } from '../db/schema'
import { requestedRowIds } from '../http/requested-row-ids'
import { comicShownOn } from '../host/comics-shown-on'


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

/**
 * The reader's positions in the comics the host of `mode` shows (core `isComicShownOn`: the last-read
 * list of the mirror host names no AO comic), most recent first: the {@link PROGRESS_SYNC_LIMIT} latest.
 */
export async function listProgress(db: Database, uid: string, mode: SiteMode): Promise<ReadingProgressEntry[]> {
  const rows = await db
    .select()
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, uid), comicShownOn(db, mode, readingProgress.comicId)))
    .orderBy(desc(readingProgress.updatedAtMs), desc(readingProgress.comicId))
    .limit(PROGRESS_SYNC_LIMIT)
  return rows.map(progressFromRow)
}

/**
 * Merges a browser's positions into the reader's account (POST /me/progress) per comic by the latest
 * change (core `mergeReadingProgress`) and answers the account's positions after it. A time ahead of the
 * server's is taken as the server's now. Positions in comics that no longer exist are dropped (the
 * browser may remember a deleted comic; refusing them would refuse every later sync too). The positions
 * sent are merged among themselves by the core rule; against the account's rows the upsert applies the
 * same rule in the statement (a row is replaced only by a later position, a tie keeps it), so two devices
 * sending at once still keep the later position, without a transaction around a read and a write.
 */
export async function syncProgress(
  db: Database,
  clock: Clock,
  uid: string,
  entries: readonly ReadingProgressEntry[],
  mode: SiteMode,
): Promise<ReadingProgressEntry[]> {
  const nowMs = clock.now().getTime()
  const comicIds = requestedRowIds(entries.map((entry) => entry.comicId), 'entries.comicId')
  requestedRowIds(entries.map((entry) => entry.chapterId), 'entries.chapterId')
  if (entries.length > 0) {
    const known = await db.select({ id: comics.id }).from(comics).where(inArray(comics.id, [...new Set(comicIds)]))
    const existing = new Set(known.map((row) => String(row.id)))
    const winners = mergeReadingProgress(entries.map((entry) => ({ ...entry, updatedAt: Math.min(entry.updatedAt, nowMs) }))).filter(
      (entry) => existing.has(entry.comicId),
    )
    if (winners.length > 0) {
      await db
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
    }
  }
  return listProgress(db, uid, mode)
}
