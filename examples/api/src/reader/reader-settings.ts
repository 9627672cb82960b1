import { eq, lt, sql } from 'drizzle-orm'
import type { ReaderSettingsBody, ReaderSettingsEntity } from '@comics/core/contract'
import { acceptedSettingsTime } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { readerSettings } from '../db/schema'

type Row = typeof readerSettings.$inferSelect

export function readerSettingsFromRow(row: Row): ReaderSettingsEntity {
  return { pageWidth: row.pageWidth, pageGap: row.pageGap, background: row.background, scrollSpeed: row.scrollSpeed, flow: row.flow, updatedAt: row.updatedAt.toISOString() }
}

/** The reader's settings, none until first saved. */
export async function readerSettingsOf(db: Pick<Database, 'select'>, uid: string): Promise<ReaderSettingsEntity[]> {
  const rows = await db.select().from(readerSettings).where(eq(readerSettings.userId, uid))
  return rows.map(readerSettingsFromRow)
}

/**
 * Saves a reader's settings unless the row holds a later change (latest change wins, decided by the
 * database in one statement, so two devices saving at once cannot both win). The change's time is the
 * device's, never later than the service's own (core `acceptedSettingsTime`). An app from before
 * auto-scroll or continuous reading sends no speed or flow: the one kept stays (the default for a new row).
 * Answers what is kept.
 */
export async function saveReaderSettings(db: Database, clock: Clock, uid: string, body: ReaderSettingsBody): Promise<ReaderSettingsEntity[]> {
  const updatedAt = acceptedSettingsTime(body.updatedAt, clock.now())
  const values = {
    userId: uid,
    pageWidth: body.pageWidth,
    pageGap: body.pageGap,
    background: body.background,
    ...(body.scrollSpeed ? { scrollSpeed: body.scrollSpeed } : {}),
    ...(body.flow ? { flow: body.flow } : {}),
    updatedAt,
  }
  await db
    .insert(readerSettings)
    .values(values)
    .onConflictDoUpdate({
      target: readerSettings.userId,
      set: {
        pageWidth: sql`excluded.page_width`,
        pageGap: sql`excluded.page_gap`,
        background: sql`excluded.background`,
        ...(body.scrollSpeed ? { scrollSpeed: sql`excluded.scroll_speed` } : {}),
        ...(body.flow ? { flow: sql`excluded.flow` } : {}),
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: lt(readerSettings.updatedAt, sql`excluded.updated_at`),
    })
  return readerSettingsOf(db, uid)
}
