import { act, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createMockState, mockChapterId, MOCK_VIEWERS } from '@comics/mocks'
import { useChapters, useFollowComic, useFollows, useNewEpisodeIds, useReadingProgress } from '../../src/hooks'
import { renderHookWithKit } from '../render'
import { server } from '../server'

/** How long the progress sync waits after a recorded position before sending (core's default). */
const PROGRESS_SEND_WAIT_MS = 2_000

const READER = 'user-reader'

describe('progress follows the reader', () => {
  it("sends a signed-in reader's positions to the account and takes the account's newer ones", async () => {
    const state = createMockState()
    state.readingProgress[READER] = [{ comicId: '5', chapterId: '502', chapterTitle: 'Episode 2', page: 20, offset: 0, updatedAt: Date.now() - 1_000 }]
    const { result, stores } = renderHookWithKit(() => useReadingProgress('5'), {
      viewer: 'free',
      mocks: { state },
      storage: { comicsReadingHistory: JSON.stringify([{ comicId: '4', chapterId: '401', chapterTitle: 'Episode 1', page: 3, updatedAt: Date.now() - 5_000 }]) },
    })
    // The account's page 20 reaches this browser; this browser's comic 4 reaches the account.
    await waitFor(() => expect(result.current.progress).toMatchObject({ chapterId: '502', page: 20 }))
    expect(state.readingProgress[READER]!.map((entry) => entry.comicId).sort()).toEqual(['4', '5'])
    expect(stores.progress.getSnapshot().lastReadComics).toEqual(['5', '4'])
  })

  it('keeps nothing back from a guest and sends nothing for one', async () => {
    const state = createMockState()
    const sent: (string | null)[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/me/progress')) sent.push(request.headers.get('authorization'))
    })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { stores } = renderHookWithKit(() => null, { viewer: 'guest', mocks: { state } })
    act(() => stores.progress.record('4', { chapterId: '401', chapterTitle: 'Episode 1' }))
    // Past the wait after a recorded position: a send for this guest would have started by now.
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_SEND_WAIT_MS))
    vi.useRealTimers()
    expect(stores.progress.getProgress('4')).toMatchObject({ chapterId: '401' })
    // Signing in sends what the guest read: that is the first send, with the reader's token.
    const reader = MOCK_VIEWERS.reader
    act(() => stores.session.set(reader.user!, reader.token!))
    await waitFor(() => expect(state.readingProgress[READER]?.map((entry) => entry.comicId)).toEqual(['4']))
    expect(sent).toEqual([`Bearer ${reader.token}`])
  })
})

describe('following a series', () => {
  it('follows and unfollows, and marks NEW the episodes out since following until the comic is read', async () => {
    const state = createMockState()
    const fresh = state.chapters.find((chapter) => chapter.id === mockChapterId('4', 8))!
    fresh.publishAt = new Date(Date.now() - 30_000).toISOString()
    const { result } = renderHookWithKit(
      () => {
        const { data: chapters } = useChapters('4')
        return { follow: useFollowComic('4'), follows: useFollows(), fresh: useNewEpisodeIds('4', chapters ?? []), progress: useReadingProgress('4') }
      },
      { viewer: 'free', mocks: { state } },
    )
    await waitFor(() => expect(result.current.follow.isPending).toBe(false))
    expect(result.current.follow.following).toBe(false)
    act(() => result.current.follow.toggle())
    await waitFor(() => expect(result.current.follow.following).toBe(true))

    // Followed a minute ago: the episode out 30 s ago is new.
    expect([...result.current.fresh]).toEqual([])
    state.follows[READER]![0]!.followedAt = Date.now() - 60_000
    await act(() => result.current.follows.refetch())
    await waitFor(() => expect([...result.current.fresh]).toEqual([fresh.id]))
    expect(result.current.follows.follows[0]).toMatchObject({ newEpisodes: 1 })

    // Reading it clears the mark at once, before the account answers.
    act(() => result.current.progress.record('4', { chapterId: fresh.id, chapterTitle: fresh.title }))
    await waitFor(() => expect(result.current.fresh.size).toBe(0))

    act(() => result.current.follow.toggle())
    await waitFor(() => expect(result.current.follow.following).toBe(false))
  })

  it('keeps the button as it was when following fails', async () => {
    const { result } = renderHookWithKit(() => useFollowComic('4'), { viewer: 'free', mocks: { errors: { followComic: 500 } } })
    await waitFor(() => expect(result.current.isPending).toBe(false))
    act(() => result.current.toggle())
    await waitFor(() => expect(result.current.error).not.toBeNull())
    expect(result.current.following).toBe(false)
  })
})
