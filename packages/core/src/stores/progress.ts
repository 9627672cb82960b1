import { mergeReadingProgress } from '../rules/readingSync'
import { LAST_READ_LIMIT } from '../rules/timing'
import { STORAGE_KEYS } from './keys'
import { readJson, watchStorageKeys, writeJson, type KeyValueStorage } from './storage'
import { createStore, type ReadableStore } from './store'

/** Where a reader stopped in a comic (spec §3 "Reading progress"), plus the exact page and offset. */
export interface ReadingPosition {
  chapterId: string
  chapterTitle: string
  /** Zero-based index of the page image in view. */
  page?: number
  /** Pixels scrolled into that page. */
  offset?: number
}

/** One entry of `comicsReadingHistory`: at most one per comic (spec §3). */
export interface ReadingHistoryEntry extends ReadingPosition {
  comicId: string
  /** When this position was recorded, in milliseconds since the epoch (0 for entries of unknown age). */
  updatedAt: number
}

export interface ProgressSnapshot {
  /** Comic ids, most recent first, unique, at most {@link LAST_READ_LIMIT} (spec §3, §9). */
  lastReadComics: string[]
  /** One entry per comic, most recent first. */
  history: ReadingHistoryEntry[]
}

export interface ProgressStore extends ReadableStore<ProgressSnapshot> {
  /**
   * Records the position in a comic: it becomes the most recent, replacing the comic's earlier entry.
   * An empty comic or chapter id is ignored; `page` and `offset` are kept when they are numbers >= 0.
   */
  record(comicId: string, position: ReadingPosition): void
  /**
   * Merges positions from elsewhere (the reader's account) per comic by the latest change (core
   * `mergeReadingProgress`): a newer one replaces the comic's entry, an older one changes nothing. The
   * last read comics follow the merged history's order.
   */
  merge(entries: readonly ReadingHistoryEntry[]): void
  /** Forgets every position (the reader deleted their account): both keys are emptied, in every tab. */
  clear(): void
  /** The saved position in a comic, or undefined. */
  getProgress(comicId: string): ReadingHistoryEntry | undefined
  /** Stops following other tabs. */
  dispose(): void
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

/** A stored history entry, or null when its shape is wrong; optional fields of a wrong type are dropped. */
function toHistoryEntry(value: unknown): ReadingHistoryEntry | null {
  if (typeof value !== 'object' || value === null) return null
  const raw = value as Record<string, unknown>
  if (!isNonEmptyString(raw.comicId) || !isNonEmptyString(raw.chapterId)) return null
  if (typeof raw.chapterTitle !== 'string') return null
  const entry: ReadingHistoryEntry = {
    comicId: raw.comicId,
    chapterId: raw.chapterId,
    chapterTitle: raw.chapterTitle,
    // Entries written by the earlier site carry no timestamp; they stay, as the oldest.
    updatedAt: isCount(raw.updatedAt) ? raw.updatedAt : 0,
  }
  if (isCount(raw.page)) entry.page = raw.page
  if (isCount(raw.offset)) entry.offset = raw.offset
  return entry
}

function uniqueIds(ids: readonly unknown[]): string[] {
  return [...new Set(ids.filter(isNonEmptyString))].slice(0, LAST_READ_LIMIT)
}

const isArray = (value: unknown): value is unknown[] => Array.isArray(value)

/** Reads both keys, keeping every valid part of what is stored and dropping the rest. */
function loadSnapshot(storage: KeyValueStorage): ProgressSnapshot {
  const seen = new Set<string>()
  const history: ReadingHistoryEntry[] = []
  for (const raw of readJson(storage, STORAGE_KEYS.comicsReadingHistory, [], isArray)) {
    const entry = toHistoryEntry(raw)
    if (!entry || seen.has(entry.comicId)) continue
    seen.add(entry.comicId)
    history.push(entry)
  }
  const storedIds = readJson<unknown[] | null>(storage, STORAGE_KEYS.lastReadComics, null, isArray)
  // Without a usable lastReadComics the history still knows what was read last.
  const lastReadComics = uniqueIds(storedIds ?? history.map((entry) => entry.comicId))
  return { lastReadComics, history }
}

const samePosition = (entry: ReadingHistoryEntry, position: ReadingPosition) =>
  entry.chapterId === position.chapterId &&
  entry.chapterTitle === position.chapterTitle &&
  entry.page === position.page &&
  entry.offset === position.offset

const sameSnapshot = (a: ProgressSnapshot, b: ProgressSnapshot) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Reading progress: the last read comics (unique, most recent first, at most 5) and one history entry
 * per comic, persisted under `lastReadComics` and `comicsReadingHistory` (spec §3, §9) and followed
 * across tabs. Unreadable or corrupt storage never throws: bad entries are dropped and the store keeps
 * working in memory.
 * @example
 * const progress = createProgressStore(createBrowserStorage())
 * progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1', page: 3 })
 * progress.getProgress('7')?.chapterTitle // 'Episode 1'
 * progress.getSnapshot().lastReadComics // ['7', ...]
 */
export function createProgressStore(
  storage: KeyValueStorage,
  options: { now?: () => number } = {},
): ProgressStore {
  const now = options.now ?? Date.now
  const store = createStore(loadSnapshot(storage))

  const stopWatching = watchStorageKeys(
    storage,
    [STORAGE_KEYS.lastReadComics, STORAGE_KEYS.comicsReadingHistory],
    () => {
      const next = loadSnapshot(storage)
      // Keep the snapshot's identity when nothing changed, so bound components do not re-render.
      if (!sameSnapshot(next, store.getSnapshot())) store.set(next)
    },
  )

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    getProgress: (comicId) => store.getSnapshot().history.find((entry) => entry.comicId === comicId),
    record(comicId, position) {
      // Called from plain JavaScript too: a position the store could not read back is not kept.
      if (!isNonEmptyString(comicId) || !isNonEmptyString(position.chapterId)) return
      if (typeof position.chapterTitle !== 'string') return
      const current = store.getSnapshot()
      const latest = current.history[0]
      // The reader records on every load; the same position again is not a change.
      if (latest?.comicId === comicId && current.lastReadComics[0] === comicId && samePosition(latest, position)) {
        return
      }
      const entry: ReadingHistoryEntry = {
        comicId,
        chapterId: position.chapterId,
        chapterTitle: position.chapterTitle,
        updatedAt: now(),
      }
      if (isCount(position.page)) entry.page = position.page
      if (isCount(position.offset)) entry.offset = position.offset
      const next: ProgressSnapshot = {
        lastReadComics: uniqueIds([comicId, ...current.lastReadComics]),
        history: [entry, ...current.history.filter((other) => other.comicId !== comicId)],
      }
      writeJson(storage, STORAGE_KEYS.lastReadComics, next.lastReadComics)
      writeJson(storage, STORAGE_KEYS.comicsReadingHistory, next.history)
      store.set(next)
    },
    merge(entries) {
      const incoming = entries.map(toHistoryEntry).filter((entry): entry is ReadingHistoryEntry => entry !== null)
      if (incoming.length === 0) return
      const current = store.getSnapshot()
      const history = mergeReadingProgress(current.history, incoming)
      const next: ProgressSnapshot = { lastReadComics: uniqueIds(history.map((entry) => entry.comicId)), history }
      if (sameSnapshot(next, current)) return
      writeJson(storage, STORAGE_KEYS.lastReadComics, next.lastReadComics)
      writeJson(storage, STORAGE_KEYS.comicsReadingHistory, next.history)
      store.set(next)
    },
    clear() {
      const empty: ProgressSnapshot = { lastReadComics: [], history: [] }
      writeJson(storage, STORAGE_KEYS.lastReadComics, empty.lastReadComics)
      writeJson(storage, STORAGE_KEYS.comicsReadingHistory, empty.history)
      store.set(empty)
    },
    dispose: stopWatching,
  }
}
