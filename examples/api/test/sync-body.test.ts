import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { endpoints } from '@comics/core/contract'
import { PROGRESS_SYNC_LIMIT } from '@comics/core/rules'
import { usualSyncBody } from '../src/reading/sync-body'

// The sync's body checked by hand (src/reading/sync-body.ts) must answer what the contract's schema
// answers whenever it answers at all: a body it takes and the schema refuses would let a malformed
// position into the account. Bodies are generated around every edge of the schema.

const schema = endpoints.syncMyProgress.body

const text = (max: number) => fc.oneof(fc.string({ maxLength: max }), fc.string({ minLength: max - 2, maxLength: max + 2 }), fc.constant(''))
/** A value near or beyond the bounds of an int field, or of another type. */
const intNear = (max: number) =>
  fc.oneof(
    fc.integer({ min: -2, max: max + 2 }),
    fc.constantFrom(0, max, max + 1, -1, 0.5, -0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e300),
    fc.constant(null),
    fc.constant('3'),
    fc.double(),
  )
const entry = fc.record(
  {
    comicId: fc.oneof(text(64), fc.integer()),
    chapterId: fc.oneof(text(64), fc.constant(null)),
    chapterTitle: fc.oneof(text(200), fc.constant(undefined)),
    page: intNear(100_000),
    offset: intNear(10_000_000),
    updatedAt: intNear(8_640_000_000_000_000),
    extra: fc.oneof(fc.string(), fc.integer()),
  },
  { requiredKeys: [] },
)
const body = fc.oneof(
  fc.record({ entries: fc.array(entry, { maxLength: PROGRESS_SYNC_LIMIT + 2 }) }),
  fc.record({ entries: fc.array(entry, { maxLength: 3 }), other: fc.anything() }, { requiredKeys: ['entries'] }),
  fc.anything(),
  fc.array(entry, { maxLength: 2 }),
)
/** Positions as a browser sends them. */
const usualEntry = fc.record(
  {
    comicId: fc.integer({ min: 1, max: 1e9 }).map(String),
    chapterId: fc.integer({ min: 1, max: 1e9 }).map(String),
    chapterTitle: fc.string({ maxLength: 200 }),
    page: fc.integer({ min: 0, max: 100_000 }),
    offset: fc.integer({ min: 0, max: 10_000_000 }),
    updatedAt: fc.integer({ min: 0, max: 8_640_000_000_000_000 }),
  },
  { requiredKeys: ['comicId', 'chapterId', 'chapterTitle', 'updatedAt'] },
)

/** JSON's own values: what a request's parsed body can be. */
const asJson = (value: unknown) => {
  const json = JSON.stringify(value)
  return json === undefined ? undefined : (JSON.parse(json) as unknown)
}

describe('the sync body checked by hand', () => {
  it("answers only bodies the contract's schema takes, and as the schema answers them", () => {
    let taken = 0
    fc.assert(
      fc.property(body, (generated) => {
        const value = asJson(generated)
        const usual = usualSyncBody(value)
        if (usual === undefined) return
        taken++
        const parsed = z.safeParse(schema, value)
        expect(parsed.success, JSON.stringify(value)).toBe(true)
        expect(usual).toStrictEqual(parsed.data)
      }),
      { numRuns: 5_000 },
    )
    // The generated bodies reach both sides of the check.
    expect(taken).toBeGreaterThan(10)
  })

  it('takes the bodies browsers send, so they are not parsed twice', () => {
    fc.assert(
      fc.property(fc.array(usualEntry, { maxLength: PROGRESS_SYNC_LIMIT }), (entries) => {
        const value = asJson({ entries })
        const usual = usualSyncBody(value)
        expect(usual).toBeDefined()
        expect(usual).toStrictEqual(z.parse(schema, value))
      }),
      { numRuns: 1_000 },
    )
  })

  it('leaves to the schema every edge it refuses', () => {
    const good = { comicId: '7', chapterId: '70', chapterTitle: 'Episode 1', page: 3, offset: 0, updatedAt: 1 }
    for (const bad of [
      { ...good, comicId: '' },
      { ...good, comicId: 'x'.repeat(65) },
      { ...good, chapterId: 70 },
      { ...good, chapterTitle: 'x'.repeat(201) },
      { ...good, page: -1 },
      { ...good, page: 100_001 },
      { ...good, page: 1.5 },
      { ...good, page: null },
      { ...good, offset: 10_000_001 },
      { ...good, updatedAt: 8_640_000_000_000_001 },
      { ...good, extra: true },
    ]) {
      expect(usualSyncBody({ entries: [bad] }), JSON.stringify(bad)).toBeUndefined()
    }
    expect(usualSyncBody({ entries: Array.from({ length: PROGRESS_SYNC_LIMIT + 1 }, () => good) })).toBeUndefined()
    expect(usualSyncBody({ entries: [good], more: 1 })).toBeUndefined()
    expect(usualSyncBody({})).toBeUndefined()
    expect(usualSyncBody([good])).toBeUndefined()
    expect(usualSyncBody({ entries: [good] })).toStrictEqual({ entries: [good] })
  })
})
