import { and, asc, count, desc, eq, exists, getTableColumns, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type * as z from 'zod'
import type { Chapter, ChaptersListRequestSchema } from '@comics/core/contract'
import type { SiteMode } from '@comics/core/rules'
import type { Database } from '../db/database'
import { requestedRowIds } from '../http/requested-row-ids'
import { assets, chapters, episodeTranscripts } from '../db/schema'
import type { FileStore } from '../files/file-store'
import { comicShownOn } from '../host/comics-shown-on'

type ChaptersListRequest = z.core.output<typeof ChaptersListRequestSchema>

/**
 * POST /chapters/list: chapters of the given comics, by chapter number. `assetVariant` keeps the chapters
 * that have pages in one of those variants. Locked chapters are listed too: the list shows their lock.
 * Only episodes published at `now` are listed (core `isPublished`), unless `includeUnpublished` (which
 * the route grants to admins alone). With a `mode`, only episodes of comics that host shows are listed
 * (core `isComicShownOn`), with or without a comic filter; without one (an admin's listing) every comic's.
 */
export async function listChapters(
  db: Database,
  fileStore: FileStore,
  request: ChaptersListRequest,
  now: Date,
  mode?: SiteMode,
): Promise<{ data: Chapter[]; total: number }> {
  const conditions: SQL[] = []
  if (mode) conditions.push(comicShownOn(db, mode, chapters.comicId))
  if (!request.filters.includeUnpublished) conditions.push(publishedAt(now))
  if (request.filters.comicsId) {
    const ids = requestedRowIds(request.filters.comicsId, 'filters.comicsId')
    if (ids.length === 0) return { data: [], total: 0 }
    conditions.push(inArray(chapters.comicId, ids))
  }
  if (request.filters.assetVariant) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(assets)
          .where(and(eq(assets.chapterId, chapters.id), inArray(assets.variant, request.filters.assetVariant))),
      ),
    )
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const direction = request.sort?.order === 'desc' ? desc : asc
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        ...getTableColumns(chapters),
        hasTranscript: exists(db.select({ one: sql`1` }).from(episodeTranscripts).where(eq(episodeTranscripts.chapterId, chapters.id))).mapWith(Boolean),
      })
      .from(chapters)
      .where(where)
      .orderBy(direction(chapters.comicId), direction(chapters.chapterNumber), direction(chapters.id))
      .limit(request.limit)
      .offset(request.offset),
    db.select({ total: count() }).from(chapters).where(where),
  ])
  return { total: totalRow?.total ?? 0, data: rows.map((row) => chapterFromRow(row, fileStore)) }
}

/** A chapter as the contract has it; `hasTranscript` when the row says so (absent: none). */
export function chapterFromRow(row: typeof chapters.$inferSelect & { hasTranscript?: boolean }, fileStore: FileStore): Chapter {
  return {
    id: String(row.id),
    comicsId: String(row.comicId),
    title: row.title,
    chapterNumber: row.chapterNumber,
    isFree: row.isFree,
    previewImageUrl: fileStore.urlOf(row.previewFile),
    publishAt: row.publishAt ? row.publishAt.toISOString() : null,
    ...(row.hasTranscript ? { hasTranscript: true } : {}),
  }
}

/** The chapters published at `now`: a publish time, not later than `now` (core `isPublished`). */
export function publishedAt(now: Date): SQL {
  return lte(chapters.publishAt, now)
}

/** The earliest publish time after `after`, or null when no episode is scheduled past it. */
export async function nextPublishTime(db: Database, after: Date): Promise<Date | null> {
  const [row] = await db
    .select({ next: sql<Date | string | null>`min(${chapters.publishAt})` })
    .from(chapters)
    .where(sql`${chapters.publishAt} > ${after.toISOString()}`)
  return row?.next ? new Date(row.next) : null
}
