import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LAST_READ_LIMIT } from '@comics/core/rules'
import {
  createBrowserStorage,
  createMemoryStorage,
  createProgressStore,
  type KeyValueStorage,
  type ProgressStore,
  type ReadingPosition,
} from '@comics/core'

type Operation =
  | { kind: 'record'; comicId: string; position: ReadingPosition }
  | { kind: 'reload' }

const position: fc.Arbitrary<ReadingPosition> = fc.record(
  {
    chapterId: fc.constantFrom('c1', 'c2', 'c3', 'c4'),
    chapterTitle: fc.string({ maxLength: 12 }),
    page: fc.nat({ max: 40 }),
    offset: fc.nat({ max: 5000 }),
  },
  { requiredKeys: ['chapterId', 'chapterTitle'] },
)
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('record' as const), comicId: fc.constantFrom(...'123456789'.split('')), position }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
)

/** What the spec says the store must hold after a sequence of records. */
function expectedAfter(records: { comicId: string; position: ReadingPosition }[]) {
  const lastReadComics: string[] = []
  const latest = new Map<string, ReadingPosition>()
  for (const { comicId, position } of [...records].reverse()) {
    if (!lastReadComics.includes(comicId)) lastReadComics.push(comicId)
    if (!latest.has(comicId)) latest.set(comicId, position)
  }
  return { lastReadComics: lastReadComics.slice(0, LAST_READ_LIMIT), latest }
}

function checkInvariants(store: ProgressStore, records: { comicId: string; position: ReadingPosition }[]) {
  const { lastReadComics, history } = store.getSnapshot()
  const expected = expectedAfter(records)
  expect(new Set(lastReadComics).size).toBe(lastReadComics.length)
  expect(lastReadComics.length).toBeLessThanOrEqual(LAST_READ_LIMIT)
  expect(lastReadComics).toEqual(expected.lastReadComics)
  // One history entry per comic, most recent first, agreeing with the last read list.
  expect(new Set(history.map((e) => e.comicId)).size).toBe(history.length)
  expect(history.map((e) => e.comicId).slice(0, LAST_READ_LIMIT)).toEqual(lastReadComics)
  expect(history).toHaveLength(expected.latest.size)
  for (const [comicId, pos] of expected.latest) {
    const entry = store.getProgress(comicId)
    expect(entry).toMatchObject({ comicId, chapterId: pos.chapterId, chapterTitle: pos.chapterTitle })
    expect(entry?.page).toBe(pos.page)
    expect(entry?.offset).toBe(pos.offset)
  }
  const times = history.map((e) => e.updatedAt)
  expect([...times].sort((a, b) => b - a)).toEqual(times)
}

const failing = () => {
  throw new DOMException('quota exceeded', 'QuotaExceededError')
}
const storages: [string, () => KeyValueStorage][] = [
  ['memory storage', () => createMemoryStorage()],
  ['the browser adapter over a full localStorage', () =>
    createBrowserStorage({
      localStorage: { length: 0, key: failing, getItem: failing, setItem: failing, removeItem: failing, clear: failing },
    }),
  ],
]

describe.each(storages)('progress store invariants over %s', (_name, makeStorage) => {
  it('hold under any sequence of records and reloads from the same storage', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        const storage = makeStorage()
        let clock = 0
        const now = () => ++clock
        let store = createProgressStore(storage, { now })
        const records: { comicId: string; position: ReadingPosition }[] = []
        for (const op of operations) {
          if (op.kind === 'record') {
            store.record(op.comicId, op.position)
            records.push(op)
          } else {
            const before = store.getSnapshot()
            store.dispose()
            store = createProgressStore(storage, { now })
            expect(store.getSnapshot()).toEqual(before)
          }
          checkInvariants(store, records)
        }
      }),
    )
  })
})
