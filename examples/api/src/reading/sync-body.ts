import type { ReadingProgressEntry, SyncProgressBody } from '@comics/core/contract'
import { PROGRESS_SYNC_LIMIT } from '@comics/core/rules'

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isId = (value: unknown): value is string => typeof value === 'string' && value.length >= 1 && value.length <= 64
/** The keys of a position (`ReadingProgressEntrySchema`). */
const ENTRY_KEYS = new Set(['comicId', 'chapterId', 'chapterTitle', 'page', 'offset', 'updatedAt'])
const isIntIn = (value: unknown, max: number): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max

/**
 * The body of POST /me/progress as the contract's schema (`SyncProgressBodySchema`) answers it, when it is
 * of the shape a browser sends (every field as the schema wants it, no other key); `undefined` for
 * anything else, which is then left to the schema (and its messages). A browser sends its positions on
 * every page turned: the schema's own parse of 20 positions cost more than the rest of the sync. It may
 * refuse a body the schema takes, never take one the schema refuses (or answer it otherwise):
 * test/sync-body.test.ts checks it against the schema on generated bodies.
 */
export function usualSyncBody(body: unknown): SyncProgressBody | undefined {
  if (!isObject(body)) return undefined
  for (const key in body) if (key !== 'entries') return undefined
  const list = body.entries
  if (!Array.isArray(list) || list.length > PROGRESS_SYNC_LIMIT) return undefined
  const entries: ReadingProgressEntry[] = []
  for (const item of list as unknown[]) {
    if (!isObject(item)) return undefined
    for (const key in item) if (!ENTRY_KEYS.has(key)) return undefined
    const { comicId, chapterId, chapterTitle, page, offset, updatedAt } = item
    if (!isId(comicId) || !isId(chapterId) || typeof chapterTitle !== 'string' || chapterTitle.length > 200) return undefined
    // Optional, but a key present is a number (JSON has no undefined).
    if ('page' in item && !isIntIn(page, 100_000)) return undefined
    if ('offset' in item && !isIntIn(offset, 10_000_000)) return undefined
    if (!isIntIn(updatedAt, 8_640_000_000_000_000)) return undefined
    // As the schema answers it: its keys in its order.
    const entry: ReadingProgressEntry = { comicId, chapterId, chapterTitle } as ReadingProgressEntry
    if (page !== undefined) entry.page = page as number
    if (offset !== undefined) entry.offset = offset as number
    entry.updatedAt = updatedAt
    entries.push(entry)
  }
  return { entries }
}
