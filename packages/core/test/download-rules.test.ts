import { describe, expect, it } from 'vitest'
import { downloadRefusal, downloadsToRemove, mayDownloadEpisode, NEXT_DOWNLOADS, nextEpisodesToDownload, type Viewer } from '../src/rules'

const chapters = [1, 2, 3, 4, 5, 6].map((n) => ({ id: `e${n}`, chapterNumber: n }))
const at = (n: number) => chapters[n - 1]!
const guest: Viewer = { signedIn: false, level: 0 }
const free: Viewer = { signedIn: true, level: 0 }
const level2: Viewer = { signedIn: true, level: 2 }
const level3: Viewer = { signedIn: true, level: 3 }

describe('downloads follow the lock rule', () => {
  it('lets a reader download exactly the episodes they may open now', () => {
    expect([1, 2, 3, 4].map((n) => downloadRefusal(at(n), chapters, guest, { uncensored: false }))).toEqual([null, null, null, 'locked'])
    expect(downloadRefusal(at(5), chapters, level2, { uncensored: false })).toBeNull()
    expect(downloadRefusal(at(5), chapters, { ...free, unlockedEpisodeIds: new Set(['e5']) }, { uncensored: false })).toBeNull()
  })

  it('never an uncensored episode without uncensored access (an active level above 2)', () => {
    expect(downloadRefusal(at(1), chapters, level2, { uncensored: true })).toBe('uncensored')
    expect(mayDownloadEpisode(at(5), chapters, level3, { uncensored: true })).toBe(true)
  })

  it("'download the next 3' takes the following episodes and stops at the first locked one", () => {
    expect(NEXT_DOWNLOADS).toBe(3)
    expect(nextEpisodesToDownload(at(1), chapters, guest, { uncensored: false }).map((c) => c.id)).toEqual(['e2', 'e3'])
    expect(nextEpisodesToDownload(at(1), chapters, level2, { uncensored: false }).map((c) => c.id)).toEqual(['e2', 'e3', 'e4'])
    expect(nextEpisodesToDownload(at(5), chapters, level2, { uncensored: false }).map((c) => c.id)).toEqual(['e6'])
    expect(nextEpisodesToDownload(at(3), chapters, free, { uncensored: false })).toEqual([])
  })

  it("names the downloads an ended subscription no longer allows", () => {
    const downloads = [1, 4, 5].map((n) => ({ chapter: at(n), chapters, uncensored: false }))
    const uncensored = { chapter: at(2), chapters, uncensored: true }
    expect(downloadsToRemove([...downloads, uncensored], level3)).toEqual([])
    expect(downloadsToRemove([...downloads, uncensored], free).map((d) => d.chapter.id)).toEqual(['e4', 'e5', 'e2'])
    expect(downloadsToRemove([...downloads, uncensored], level2).map((d) => d.chapter.id)).toEqual(['e2'])
  })
})
