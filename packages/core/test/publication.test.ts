import { describe, expect, it } from 'vitest'
import {
  canGoNext,
  isEpisodeLocked,
  isPublished,
  nextEpisode,
  nextPublication,
  publicationStatus,
  publishedEpisodes,
} from '../src/rules'

const NOW = new Date('2026-03-01T12:00:00Z')
const LATER = '2026-03-08T12:00:00.000Z'
const EARLIER = '2026-02-01T12:00:00.000Z'

describe('publication of an episode', () => {
  it('tells a draft, a scheduled and a published episode apart', () => {
    expect(publicationStatus({ publishAt: null }, NOW)).toBe('draft')
    expect(publicationStatus({ publishAt: LATER }, NOW)).toBe('scheduled')
    expect(publicationStatus({ publishAt: EARLIER }, NOW)).toBe('published')
    // Published from the very moment of its time.
    expect(publicationStatus({ publishAt: NOW.toISOString() }, NOW)).toBe('published')
    // A chapter from a server without the field is published; an unreadable time never is.
    expect(publicationStatus({}, NOW)).toBe('published')
    expect(publicationStatus({ publishAt: 'soon' }, NOW)).toBe('draft')
  })

  it('shows a scheduled episode once its time comes', () => {
    expect(isPublished({ publishAt: LATER }, NOW)).toBe(false)
    expect(isPublished({ publishAt: LATER }, new Date(LATER))).toBe(true)
  })

  it('keeps the published episodes in their order and finds the next publication', () => {
    const chapters = [
      { id: 'a', chapterNumber: 1, publishAt: EARLIER },
      { id: 'b', chapterNumber: 2, publishAt: null },
      { id: 'c', chapterNumber: 3, publishAt: LATER },
      { id: 'd', chapterNumber: 4, publishAt: '2026-03-02T00:00:00.000Z' },
      { id: 'e', chapterNumber: 5 },
    ]
    expect(publishedEpisodes(chapters, NOW).map((c) => c.id)).toEqual(['a', 'e'])
    expect(nextPublication(chapters, NOW)?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
    expect(nextPublication(chapters, new Date(LATER))).toBeNull()
  })

  it('counts published episodes only for the free and locked positions and for Next', () => {
    const chapters = [
      { id: 'c1', chapterNumber: 1, publishAt: EARLIER },
      { id: 'c2', chapterNumber: 2, publishAt: LATER },
      { id: 'c3', chapterNumber: 3, publishAt: EARLIER },
      { id: 'c4', chapterNumber: 4, publishAt: EARLIER },
      { id: 'c5', chapterNumber: 5, publishAt: EARLIER },
    ]
    const guest = { signedIn: false, level: 0 }
    const published = publishedEpisodes(chapters, NOW)
    // Episode 4 is the third published one: free while episode 2 waits, locked once it is out.
    expect(isEpisodeLocked(chapters[3]!, published, guest)).toBe(false)
    expect(isEpisodeLocked(chapters[4]!, published, guest)).toBe(true)
    expect(isEpisodeLocked(chapters[3]!, publishedEpisodes(chapters, new Date(LATER)), guest)).toBe(true)
    // Next from episode 1 skips the scheduled one.
    expect(nextEpisode(chapters[0]!, published)?.id).toBe('c3')
    expect(canGoNext(chapters[0]!, published, guest)).toBe(true)
  })
})
