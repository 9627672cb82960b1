import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  FREE_EPISODES,
  canGoNext,
  canGoPrev,
  isEpisodeLocked,
  sortEpisodes,
  type EpisodeRef,
  type Viewer,
} from '@comics/core/rules'

/** Chapters with unique ids, numbers in any order, with gaps and sometimes repeated numbers. */
const chapters = fc
  .uniqueArray(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 30 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) => fc.integer({ min: 1, max: 60 }).map((chapterNumber) => ({ id: `c${id}`, chapterNumber }))),
    ),
  )
  .map((list): EpisodeRef[] => list)
/** Chapters whose numbers are all different. */
const distinctChapters = fc
  .uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 30 })
  .map((numbers): EpisodeRef[] => numbers.map((n) => ({ id: `c${n}`, chapterNumber: n })))
const viewer = fc.record({ signedIn: fc.boolean(), level: fc.integer({ min: 0, max: 4 }) })

const unlocked = (list: EpisodeRef[], v: Viewer) => list.filter((c) => !isEpisodeLocked(c, list, v))

describe('episode rules under random chapter lists (spec §4, §6)', () => {
  it('never locks an episode at a higher level that a lower level opens', () => {
    fc.assert(
      fc.property(chapters, viewer, fc.integer({ min: 0, max: 4 }), (list, low, raise) => {
        const high = { ...low, level: Math.min(4, low.level + raise) }
        for (const c of list) {
          if (!isEpisodeLocked(c, list, low)) expect(isEpisodeLocked(c, list, high)).toBe(false)
        }
        // Signing in changes where a locked episode leads, never which episodes are locked.
        for (const c of list) {
          expect(isEpisodeLocked(c, list, { ...low, signedIn: !low.signedIn })).toBe(isEpisodeLocked(c, list, low))
        }
      }),
    )
  })

  it('frees exactly the 3 lowest-numbered episodes without a subscription, all of them with one', () => {
    fc.assert(
      fc.property(distinctChapters, fc.boolean(), fc.integer({ min: 1, max: 4 }), (list, signedIn, level) => {
        const free = unlocked(list, { signedIn, level: 0 }).map((c) => c.id).sort()
        const lowest = sortEpisodes(list).slice(0, FREE_EPISODES).map((c) => c.id).sort()
        expect(free).toEqual(lowest)
        expect(unlocked(list, { signedIn, level })).toHaveLength(list.length)
      }),
    )
  })

  it('does not depend on the order the chapters come in', () => {
    fc.assert(
      fc.property(
        chapters.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })),
        ),
        viewer,
        ([list, reordered], v) => {
          for (const c of list) expect(isEpisodeLocked(c, reordered, v)).toBe(isEpisodeLocked(c, list, v))
        },
      ),
    )
  })

  it('enables Prev everywhere but on the first episode, and Next only towards an open episode', () => {
    fc.assert(
      fc.property(distinctChapters, viewer, (list, v) => {
        const sorted = sortEpisodes(list)
        sorted.forEach((c, index) => {
          expect(canGoPrev(c, list)).toBe(index > 0)
          const next = sorted[index + 1]
          expect(canGoNext(c, list, v)).toBe(next !== undefined && !isEpisodeLocked(next, list, v))
        })
        if (v.level === 0 && sorted.length > FREE_EPISODES) {
          expect(canGoNext(sorted[FREE_EPISODES - 1]!, list, v)).toBe(false)
        }
      }),
    )
  })
})
