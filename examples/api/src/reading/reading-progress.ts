import { eq, inArray, sql } from 'drizzle-orm'
import type { Comic, ReadingProgressEntry } from '@comics/core/contract'
import { isComicShownOn, mergeReadingProgress, PROGRESS_SYNC_LIMIT, type SiteMode } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { comics, readingProgress } from '../db/schema'
import { requestedRowIds } from '../http/requested-row-ids'
import type { ReaderCache } from './reader-cache'


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

type HostedComic = { contentRating: Comic['contentRating']; displayOnMirror: boolean }

/** One of the account's positions, with what decides which hosts show its comic. */
interface Position {
  entry: ReadingProgressEntry
  comic: HostedComic
}

/** The reader-cache key of the account's positions (every host's); the follows' keys start otherwise. */
export const POSITIONS_KEY = 'positions'

/** The account's positions by comic id, as the database holds them: one read, each row with its comic. */
async function readPositions(db: Database, uid: string): Promise<Map<string, Position>> {
  const rows = await db
    .select({ progress: readingProgress, contentRating: comics.contentRating, displayOnMirror: comics.displayOnMirror })
    .from(readingProgress)
    .innerJoin(comics, eq(comics.id, readingProgress.comicId))
    .where(eq(readingProgress.userId, uid))
  return new Map(rows.map((row) => [String(row.progress.comicId), { entry: progressFromRow(row.progress), comic: row }]))
}

/** The account's positions the host of `mode` shows, most recent first: the {@link PROGRESS_SYNC_LIMIT} latest. */
function shownPositions(positions: ReadonlyMap<string, Position>, mode: SiteMode): ReadingProgressEntry[] {
  return [...positions.values()]
    .filter((position) => isComicShownOn(mode, position.comic))
    .map((position) => position.entry)
    .sort(latestFirst)
    .slice(0, PROGRESS_SYNC_LIMIT)
}

/** A synced position as the account keeps it (page and offset only when given). */
function keptEntry(entry: ReadingProgressEntry): ReadingProgressEntry {
  const kept: ReadingProgressEntry = { comicId: entry.comicId, chapterId: entry.chapterId, chapterTitle: entry.chapterTitle, updatedAt: entry.updatedAt }
  if (entry.page !== undefined) kept.page = entry.page
  if (entry.offset !== undefined) kept.offset = entry.offset
  return kept
}

/** A reader's positions written in one statement, and the comics whose rows it wrote. */
interface WriteBatch {
  entries: ReadingProgressEntry[]
  /** Whether its statement was sent: later syncs then wait for the next one. */
  started: boolean
  written?: Promise<ReadonlySet<string>>
}

/**
 * One reader's position writes, one statement at a time: the syncs that come while one is being written
 * wait for it and then go together, merged per comic by the latest change (core `mergeReadingProgress`),
 * in the next statement. A reader's devices and tabs sync at the same moments (a page turned, a tab
 * hidden): they cost a statement per turn of the database rather than one each, and on PostgreSQL no
 * longer queue on the same rows' locks.
 */
class PositionWrites {
  private current: WriteBatch | undefined
  private next: WriteBatch | undefined

  constructor(
    private readonly db: Database,
    private readonly uid: string,
    private readonly done: () => void,
  ) {}

  /** Writes `entries` (or a later position of their comics) and answers the comics whose rows the statement wrote. */
  write(entries: readonly ReadingProgressEntry[]): Promise<ReadonlySet<string>> {
    const open = this.next ?? (this.current?.started ? undefined : this.current)
    if (open) {
      open.entries.push(...entries)
      return open.written!
    }
    const batch: WriteBatch = { entries: [...entries], started: false }
    // After the statement under way; else after this turn of the event loop, so the syncs that arrived
    // with this one go with it (on PGlite the statement runs in this thread: none could come during it).
    const after = this.current?.written ?? new Promise<void>((resolve) => setImmediate(resolve))
    batch.written = after.then(
      () => this.run(batch),
      () => this.run(batch),
    )
    if (this.current) this.next = batch
    else this.current = batch
    return batch.written
  }

  private run(batch: WriteBatch): Promise<ReadonlySet<string>> {
    batch.started = true
    if (this.next === batch) this.next = undefined
    this.current = batch
    return this.statement(mergeReadingProgress(batch.entries)).finally(() => {
      if (this.current === batch && !this.next) {
        this.current = undefined
        this.done()
      }
    })
  }

  private async statement(winners: readonly ReadingProgressEntry[]): Promise<ReadonlySet<string>> {
    const rows = await this.db
      .insert(readingProgress)
      .values(
        winners.map((entry) => ({
          userId: this.uid,
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
    return new Set(rows.map((row) => String(row.comicId)))
  }
}

/** The readers with writes under way, per database (several servers in one process may share one). */
const writesUnderWay = new WeakMap<Database, Map<string, PositionWrites>>()

function positionWrites(db: Database, uid: string): PositionWrites {
  let readers = writesUnderWay.get(db)
  if (!readers) writesUnderWay.set(db, (readers = new Map()))
  const all = readers
  let writes = all.get(uid)
  if (!writes) all.set(uid, (writes = new PositionWrites(db, uid, () => all.delete(uid))))
  return writes
}

/**
 * The reader's positions in the comics the host of `mode` shows (core `isComicShownOn`: the last-read
 * list of the mirror host names no AO comic), most recent first: the {@link PROGRESS_SYNC_LIMIT} latest.
 * Read from the reader cache: the account's positions are read once, and again only after a write of the
 * reader's or a catalogue change.
 */
export async function listProgress(db: Database, readers: ReaderCache, uid: string, mode: SiteMode): Promise<ReadingProgressEntry[]> {
  return shownPositions(await readers.get(uid, POSITIONS_KEY, () => readPositions(db, uid)), mode)
}

/**
 * Merges a browser's positions into the reader's account (POST /me/progress) per comic by the latest
 * change (core `mergeReadingProgress`) and answers the account's positions after it. A time ahead of the
 * server's is taken as the server's now. Positions in comics that no longer exist are dropped (the
 * browser may remember a deleted comic; refusing them would refuse every later sync too).
 *
 * The account's positions come from the reader cache (read once, with their comics' ratings); one write
 * of only the positions later than the account's (with those of the reader's other syncs waiting, see
 * `PositionWrites`): a device sends all its positions on each sync, and most are the account's already. The write applies the same rule in the statement (a row is replaced only by
 * a later position, a tie keeps it), so two devices sending at once still keep the later position, without
 * a transaction around the read and the write. A kept copy can only be behind the database (a position is
 * only ever replaced by a later one), so it can make the write try more rows, never fewer. The kept
 * positions take what was written (the reader's follows, whose last reading moved, are dropped, here and
 * on the other instances); when the write did not replace a position it tried (another device wrote a
 * later one in between), the account is read again.
 */
export async function syncProgress(
  db: Database,
  readers: ReaderCache,
  clock: Clock,
  uid: string,
  entries: readonly ReadingProgressEntry[],
  mode: SiteMode,
): Promise<ReadingProgressEntry[]> {
  const nowMs = clock.now().getTime()
  requestedRowIds(entries.map((entry) => entry.comicId), 'entries.comicId')
  requestedRowIds(entries.map((entry) => entry.chapterId), 'entries.chapterId')
  const kept = readers.get(uid, POSITIONS_KEY, () => readPositions(db, uid))
  const account = await kept
  const later = mergeReadingProgress(entries.map((entry) => ({ ...entry, updatedAt: Math.min(entry.updatedAt, nowMs) }))).filter(
    (entry) => (account.get(entry.comicId)?.entry.updatedAt ?? -Infinity) < entry.updatedAt,
  )
  if (later.length === 0) return shownPositions(account, mode)
  // Comics new to the account must exist.
  const hosted = new Map<string, HostedComic>([...account].map(([comicId, position]) => [comicId, position.comic]))
  const newComicIds = [...new Set(later.filter((entry) => !hosted.has(entry.comicId)).map((entry) => Number(entry.comicId)))]
  if (newComicIds.length > 0) {
    const found = await db
      .select({ id: comics.id, contentRating: comics.contentRating, displayOnMirror: comics.displayOnMirror })
      .from(comics)
      .where(inArray(comics.id, newComicIds))
    for (const comic of found) hosted.set(String(comic.id), comic)
  }
  const winners = later.filter((entry) => hosted.has(entry.comicId))
  if (winners.length === 0) return shownPositions(account, mode)
  const written = await positionWrites(db, uid).write(winners)
  // Another device wrote a later position in between: the account is read as it now is.
  if (winners.some((entry) => !written.has(entry.comicId))) {
    readers.changed(uid)
    return listProgress(db, readers, uid, mode)
  }
  // The kept positions take the written ones (a sync here since the read may have put a later one there).
  const stillKept = readers.peek(uid, POSITIONS_KEY) === kept
  for (const entry of winners) {
    const current = account.get(entry.comicId)
    if (!current || current.entry.updatedAt < entry.updatedAt) account.set(entry.comicId, { entry: keptEntry(entry), comic: hosted.get(entry.comicId)! })
  }
  readers.changed(uid, stillKept ? (key) => key !== POSITIONS_KEY : undefined)
  return shownPositions(account, mode)
}
