import { eq, inArray, sql } from 'drizzle-orm'
import * as z from 'zod'
import { ReadingProgressEntrySchema, type Comic, type ReadingProgressEntry } from '@comics/core/contract'
import { isComicShownOn, mergeReadingProgress, PROGRESS_SYNC_LIMIT, type SiteMode } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { comics, readingProgress } from '../db/schema'
import { requestedRowIds } from '../http/requested-row-ids'
import { prepareResponse, type PreparedResponse } from '../catalogue/catalogue-cache'
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

/**
 * The account's positions by comic id as the reader cache keeps them, and the answers made from them per
 * host (serialised once): every sync and every GET of the reader answers one of these until a write
 * changes the positions. Each position is checked against the contract's entry as it comes in (read or
 * taken), so an answer, a list of them, is only serialised: a write does not check the unchanged ones
 * again.
 */
export class KeptPositions {
  private readonly answers = new Map<SiteMode, PreparedResponse>()
  private readonly positions = new Map<string, Position>()

  constructor(positions: Iterable<Position>) {
    for (const position of positions) this.positions.set(position.entry.comicId, { entry: checkedEntry(position.entry), comic: position.comic })
  }

  get(comicId: string): Position | undefined {
    return this.positions.get(comicId)
  }

  /** What the comics of the account are, for a write to know which it adds. */
  comicOf(comicId: string): HostedComic | undefined {
    return this.positions.get(comicId)?.comic
  }

  /** Takes a written position unless the one kept is as late (a later sync may have put it there). */
  take(entry: ReadingProgressEntry, comic: HostedComic): void {
    const current = this.positions.get(entry.comicId)
    if (current && current.entry.updatedAt >= entry.updatedAt) return
    this.positions.set(entry.comicId, { entry: checkedEntry(entry), comic })
    this.answers.clear()
  }

  /**
   * The answer of GET and POST /me/progress on the host of `mode`: {@link shownPositions}, serialised once
   * (the contract's `{ data: ReadingProgressEntry[] }`, of positions each checked as it came in).
   */
  answer(mode: SiteMode): PreparedResponse {
    let answer = this.answers.get(mode)
    if (!answer) this.answers.set(mode, (answer = prepareResponse({ data: shownPositions(this.positions, mode) })))
    return answer
  }
}

/** The account's positions by comic id, as the database holds them: one read, each row with its comic. */
async function readPositions(db: Database, uid: string): Promise<KeptPositions> {
  const rows = await db
    .select({ progress: readingProgress, contentRating: comics.contentRating, displayOnMirror: comics.displayOnMirror })
    .from(readingProgress)
    .innerJoin(comics, eq(comics.id, readingProgress.comicId))
    .where(eq(readingProgress.userId, uid))
  return new KeptPositions(rows.map((row) => ({ entry: progressFromRow(row.progress), comic: row })))
}

/** The account's positions the host of `mode` shows, most recent first: the {@link PROGRESS_SYNC_LIMIT} latest. */
function shownPositions(positions: ReadonlyMap<string, Position>, mode: SiteMode): ReadingProgressEntry[] {
  return [...positions.values()]
    .filter((position) => isComicShownOn(mode, position.comic))
    .map((position) => position.entry)
    .sort(latestFirst)
    .slice(0, PROGRESS_SYNC_LIMIT)
}

/**
 * A position as the account keeps it and answers it: checked against the contract's entry, which keeps
 * its fields only (page and offset only when given).
 */
function checkedEntry(entry: ReadingProgressEntry): ReadingProgressEntry {
  return z.parse(ReadingProgressEntrySchema, entry)
}

/** A position to write, with its comic's hosting (for the kept positions). */
type Written = ReadingProgressEntry & { comic: HostedComic }

/** A reader's positions written in one statement. */
interface WriteBatch {
  entries: Written[]
  /** Whether its statement was sent: later syncs then wait for the next one. */
  started: boolean
  /** Settles once the statement is done and the kept positions have taken it (or were dropped). */
  written?: Promise<void>
}

/**
 * One reader's position writes, one statement at a time: the syncs that come while one is being written
 * wait for it and then go together, merged per comic by the latest change (core `mergeReadingProgress`),
 * in the next statement. A reader's devices and tabs sync at the same moments (a page turned, a tab
 * hidden): they cost a statement per turn of the database rather than one each, and on PostgreSQL no
 * longer queue on the same rows' locks.
 *
 * After each statement the kept positions take what it wrote, once for all the syncs of the batch (which
 * then answer the same prepared answer); when the statement did not replace a position it tried (another
 * device wrote a later one in between), or the kept positions were dropped and read again while it ran,
 * they are dropped, to be read as the account now is. Either way the reader's other kept reads (the
 * follows, whose last reading moved) are dropped, here and on the other instances.
 */
class PositionWrites {
  private current: WriteBatch | undefined
  private next: WriteBatch | undefined

  constructor(
    private readonly db: Database,
    private readonly readers: ReaderCache,
    private readonly uid: string,
    private readonly done: () => void,
  ) {}

  /** Writes `entries` (or a later position of their comics); settles once the kept positions have taken them. */
  write(entries: readonly Written[]): Promise<void> {
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

  private async run(batch: WriteBatch): Promise<void> {
    batch.started = true
    if (this.next === batch) this.next = undefined
    this.current = batch
    try {
      const winners = mergeReadingProgress(batch.entries)
      // The kept positions before the statement: read before it, they take what it wrote.
      const kept = this.readers.peek<KeptPositions>(this.uid, POSITIONS_KEY)
      let written: ReadonlySet<string> | undefined
      try {
        written = await this.statement(winners)
      } finally {
        const account = written && winners.every((entry) => written!.has(entry.comicId)) && this.readers.peek(this.uid, POSITIONS_KEY) === kept ? await kept?.catch(() => undefined) : undefined
        if (account && this.readers.peek(this.uid, POSITIONS_KEY) === kept) {
          for (const entry of winners) account.take(entry, entry.comic)
          this.readers.changed(this.uid, (key) => key !== POSITIONS_KEY)
        } else this.readers.changed(this.uid)
      }
    } finally {
      if (this.current === batch && !this.next) {
        this.current = undefined
        this.done()
      }
    }
  }

  private async statement(winners: readonly ReadingProgressEntry[]): Promise<ReadonlySet<string>> {
    const rows = await positionsStatement(this.db).execute({
      userId: this.uid,
      comicIds: winners.map((entry) => Number(entry.comicId)),
      chapterIds: winners.map((entry) => Number(entry.chapterId)),
      chapterTitles: winners.map((entry) => entry.chapterTitle),
      pages: winners.map((entry) => entry.page ?? null),
      offsets: winners.map((entry) => entry.offset ?? null),
      updatedAts: winners.map((entry) => entry.updatedAt),
    })
    return new Set(rows.map((row) => String(row.comicId)))
  }
}

/**
 * The write of a reader's positions, one statement for any number of them: one row per comic from the
 * columns' arrays (`unnest`), each replacing the account's row only when later (a tie keeps it), and the
 * comics it wrote. Prepared once per database: its text is built once here, and on PostgreSQL each
 * connection parses and plans it once, not on each page turned.
 */
function makePositionsStatement(db: Database) {
  const column = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`
  return db
    .insert(readingProgress)
    .select(
      sql`select ${sql.placeholder('userId')}::text, * from unnest(${column('comicIds', 'integer')}, ${column('chapterIds', 'integer')}, ${column('chapterTitles', 'text')}, ${column('pages', 'integer')}, ${column('offsets', 'integer')}, ${column('updatedAts', 'bigint')})`,
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
    .prepare('write_reading_positions')
}

const positionsStatements = new WeakMap<Database, ReturnType<typeof makePositionsStatement>>()

function positionsStatement(db: Database): ReturnType<typeof makePositionsStatement> {
  let statement = positionsStatements.get(db)
  if (!statement) positionsStatements.set(db, (statement = makePositionsStatement(db)))
  return statement
}

/** The readers with writes under way, per database (several servers in one process may share one). */
const writesUnderWay = new WeakMap<Database, Map<string, PositionWrites>>()

function positionWrites(db: Database, readers: ReaderCache, uid: string): PositionWrites {
  let all = writesUnderWay.get(db)
  if (!all) writesUnderWay.set(db, (all = new Map()))
  const forDb = all
  let writes = forDb.get(uid)
  if (!writes) forDb.set(uid, (writes = new PositionWrites(db, readers, uid, () => forDb.delete(uid))))
  return writes
}

/** The account's positions as the reader cache keeps them (read once, and again after a write that did not go as kept). */
function keptPositions(db: Database, readers: ReaderCache, uid: string): Promise<KeptPositions> {
  return readers.get(uid, POSITIONS_KEY, () => readPositions(db, uid))
}

/**
 * The reader's positions in the comics the host of `mode` shows (core `isComicShownOn`: the last-read
 * list of the mirror host names no AO comic), most recent first: the {@link PROGRESS_SYNC_LIMIT} latest,
 * as the answer of GET /me/progress (prepared once per state of the kept positions). Read from the reader
 * cache: the account's positions are read once, and again only after a write of the reader's or a
 * catalogue change.
 */
export async function listProgress(db: Database, readers: ReaderCache, uid: string, mode: SiteMode): Promise<PreparedResponse> {
  return (await keptPositions(db, readers, uid)).answer(mode)
}

/**
 * Merges a browser's positions into the reader's account (POST /me/progress) per comic by the latest
 * change (core `mergeReadingProgress`) and answers the account's positions after it, as GET answers them.
 * A time ahead of the server's is taken as the server's now. Positions in comics that no longer exist are
 * dropped (the browser may remember a deleted comic; refusing them would refuse every later sync too).
 *
 * The account's positions come from the reader cache (read once, with their comics' ratings); one write
 * of only the positions later than the account's (with those of the reader's other syncs waiting, see
 * `PositionWrites`): a device sends all its positions on each sync, and most are the account's already.
 * The write applies the same rule in the statement (a row is replaced only by a later position, a tie
 * keeps it), so two devices sending at once still keep the later position, without a transaction around
 * the read and the write. A kept copy can only be behind the database (a position is only ever replaced
 * by a later one), so it can make the write try more rows, never fewer. The kept positions take what was
 * written, or are read again (see `PositionWrites`); the answer is theirs after the write.
 */
export async function syncProgress(
  db: Database,
  readers: ReaderCache,
  clock: Clock,
  uid: string,
  entries: readonly ReadingProgressEntry[],
  mode: SiteMode,
): Promise<PreparedResponse> {
  const nowMs = clock.now().getTime()
  requestedRowIds(entries.map((entry) => entry.comicId), 'entries.comicId')
  requestedRowIds(entries.map((entry) => entry.chapterId), 'entries.chapterId')
  const account = await keptPositions(db, readers, uid)
  // Only the positions later than the account's can be written: those, merged per comic (the latest of
  // each comic is later than the account's when any of its positions is).
  const later = mergeReadingProgress(
    entries
      .filter((entry) => (account.get(entry.comicId)?.entry.updatedAt ?? -Infinity) < Math.min(entry.updatedAt, nowMs))
      .map((entry) => (entry.updatedAt > nowMs ? { ...entry, updatedAt: nowMs } : entry)),
  )
  if (later.length === 0) return account.answer(mode)
  // Comics new to the account must exist.
  const hosted = new Map<string, HostedComic>()
  const newComicIds: number[] = []
  for (const entry of later) {
    const comic = account.comicOf(entry.comicId)
    if (comic) hosted.set(entry.comicId, comic)
    else newComicIds.push(Number(entry.comicId))
  }
  if (newComicIds.length > 0) {
    const found = await db
      .select({ id: comics.id, contentRating: comics.contentRating, displayOnMirror: comics.displayOnMirror })
      .from(comics)
      .where(inArray(comics.id, newComicIds))
    for (const comic of found) hosted.set(String(comic.id), comic)
  }
  const winners = later.flatMap((entry) => {
    const comic = hosted.get(entry.comicId)
    return comic ? [{ ...entry, comic }] : []
  })
  if (winners.length === 0) return account.answer(mode)
  await positionWrites(db, readers, uid).write(winners)
  // The kept positions took the write, or were dropped and are read as the account now is.
  return (await keptPositions(db, readers, uid)).answer(mode)
}
