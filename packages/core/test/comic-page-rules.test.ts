import { describe, expect, it } from 'vitest'
import { comicBadges, latestPublication } from '../src/rules'

const NOW = new Date('2026-03-01T12:00:00Z')

describe('the comic page: when the comic was last updated', () => {
  it('is the latest publish time that has come, drafts and scheduled episodes aside', () => {
    const chapters = [
      { publishAt: '2026-01-10T08:00:00.000Z' },
      { publishAt: '2026-02-20T08:00:00.000Z' },
      { publishAt: '2026-03-08T08:00:00.000Z' },
      { publishAt: null },
    ]
    expect(latestPublication(chapters, NOW)?.toISOString()).toBe('2026-02-20T08:00:00.000Z')
  })

  it('is unknown when no episode carries a publish time', () => {
    expect(latestPublication([{}, { publishAt: null }], NOW)).toBeNull()
    expect(latestPublication([], NOW)).toBeNull()
  })
})

describe("the comic page: the cover's badges", () => {
  const featured = [
    { id: '1', isReadersChoice: false },
    { id: '4', isReadersChoice: true },
  ]

  it('gives the comic of the day to the lead of the featured list only', () => {
    expect(comicBadges('1', featured)).toEqual(['comic-of-the-day'])
  })

  it("gives the reader's choice to a featured comic marked so", () => {
    expect(comicBadges('4', featured)).toEqual(['readers-choice'])
    expect(comicBadges('1', [{ id: '1', isReadersChoice: true }])).toEqual(['comic-of-the-day', 'readers-choice'])
  })

  it('gives no badge to a comic that is not featured', () => {
    expect(comicBadges('9', featured)).toEqual([])
    expect(comicBadges('1', [])).toEqual([])
  })
})
