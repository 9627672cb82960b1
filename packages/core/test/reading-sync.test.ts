import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  PROGRESS_SYNC_LIMIT,
  STORAGE_KEYS,
  createMemoryStorage,
  createProgressStore,
  createProgressSync,
  createSessionStore,
  episodeProgress,
  isNewerPosition,
  mergeReadingProgress,
  newEpisodes,
  newEpisodesSince,
  type AuthUser,
  type SendProgress,
  type TimedPosition,
} from '@comics/core'

const at = (comicId: string, page: number, updatedAt: number): TimedPosition => ({
  comicId,
  chapterId: `${comicId}0${page}`,
  chapterTitle: 'Episode 2',
  page,
  offset: 0,
  updatedAt,
})

describe('mergeReadingProgress', () => {
  it('keeps per comic the latest change, whichever side it is on, most recent first', () => {
    const local = [at('7', 30, 5_000), at('8', 1, 1_000)]
    const remote = [at('7', 22, 4_000), at('8', 9, 2_000), at('9', 3, 3_000)]
    expect(mergeReadingProgress(local, remote)).toEqual([at('7', 30, 5_000), at('9', 3, 3_000), at('8', 9, 2_000)])
  })

  it('never lets an older position overwrite a newer one, and keeps the first list on a tie', () => {
    expect(mergeReadingProgress([at('7', 20, 10)], [at('7', 5, 9)])).toEqual([at('7', 20, 10)])
    expect(mergeReadingProgress([at('7', 20, 10)], [at('7', 5, 10)])).toEqual([at('7', 20, 10)])
    expect(isNewerPosition({ updatedAt: 11 }, { updatedAt: 10 })).toBe(true)
    expect(isNewerPosition({ updatedAt: 10 }, { updatedAt: 10 })).toBe(false)
    expect(isNewerPosition({ updatedAt: 0 }, undefined)).toBe(true)
  })
})

describe('episodeProgress', () => {
  it('counts pages from 1 and the page in view as read', () => {
    expect(episodeProgress(11, 40)).toEqual({ page: 12, pageCount: 40, share: 0.3 })
    expect(episodeProgress(undefined, 4)).toEqual({ page: 1, pageCount: 4, share: 0.25 })
  })

  it('gives the page alone without a count, and the last page past the end', () => {
    expect(episodeProgress(3)).toEqual({ page: 4 })
    expect(episodeProgress(3, 0)).toEqual({ page: 4 })
    expect(episodeProgress(50, 40)).toEqual({ page: 40, pageCount: 40, share: 1 })
  })
})

describe('new episodes of a followed comic', () => {
  const chapters = [
    { id: '1', publishAt: '2026-01-01T00:00:00Z' },
    { id: '2', publishAt: '2026-02-01T00:00:00Z' },
    { id: '3', publishAt: '2026-03-01T00:00:00Z' },
    { id: '4', publishAt: null },
    { id: '5' },
  ]
  const now = Date.parse('2026-02-15T00:00:00Z')

  it('counts from the later of following and last reading, up to now, never drafts or undated ones', () => {
    const followed = Date.parse('2026-01-15T00:00:00Z')
    expect(newEpisodesSince(followed, null)).toBe(followed)
    expect(newEpisodesSince(followed, followed + 5)).toBe(followed + 5)
    expect(newEpisodes(chapters, newEpisodesSince(followed), now).map((c) => c.id)).toEqual(['2'])
    // Read after episode 2 came out: nothing is new any more.
    expect(newEpisodes(chapters, newEpisodesSince(followed, Date.parse('2026-02-02T00:00:00Z')), now)).toEqual([])
    // Episode 3 is scheduled: not new before it comes out.
    expect(newEpisodes(chapters, 0, Date.parse('2026-03-02T00:00:00Z')).map((c) => c.id)).toEqual(['1', '2', '3'])
  })
})

describe('progress store merge', () => {
  it('takes newer positions from the account under the spec keys and ignores older ones', () => {
    const storage = createMemoryStorage()
    let clock = 1_000
    const progress = createProgressStore(storage, { now: () => clock })
    progress.record('7', { chapterId: '702', chapterTitle: 'Episode 2', page: 30, offset: 4 })
    clock = 2_000
    progress.record('8', { chapterId: '801', chapterTitle: 'Episode 1', page: 0 })
    progress.merge([
      { ...at('7', 22, 500) },
      { comicId: '9', chapterId: '902', chapterTitle: 'Episode 2', page: 20, offset: 0, updatedAt: 3_000 },
    ])
    expect(progress.getProgress('7')).toMatchObject({ page: 30, updatedAt: 1_000 })
    expect(progress.getSnapshot().lastReadComics).toEqual(['9', '8', '7'])
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.lastReadComics)!)).toEqual(['9', '8', '7'])
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.comicsReadingHistory)!)[0]).toMatchObject({ comicId: '9', page: 20 })
    progress.merge([{ ...at('7', 40, 4_000) }])
    expect(progress.getProgress('7')).toMatchObject({ page: 40, updatedAt: 4_000 })
  })
})

const reader: AuthUser = {
  uid: 'reader-1', email: 'r@example.com', displayName: null, photoURL: null, emailVerified: true, phoneNumber: null,
  providerId: 'firebase', creationTime: null, lastSignInTime: null, providerData: [],
}

/** An account on the other side of `send`, merging as the API does. */
function fakeAccount(initial: TimedPosition[] = []) {
  let kept = initial
  let failing = false
  const calls: TimedPosition[][] = []
  const send = vi.fn<SendProgress>(async (entries) => {
    calls.push(entries)
    if (failing) throw new Error('Network Error')
    kept = mergeReadingProgress(kept, entries)
    return { data: kept }
  })
  return { send, calls, kept: () => kept, fail: (value: boolean) => (failing = value) }
}

describe('createProgressSync', () => {
  afterEach(() => vi.useRealTimers())

  function setup(account = fakeAccount()) {
    const storage = createMemoryStorage()
    let clock = 10_000
    const progress = createProgressStore(storage, { now: () => clock })
    const session = createSessionStore(storage)
    const network = new EventTarget()
    const sync = createProgressSync({ progress, session, send: account.send, network, debounceMs: 50 })
    return { storage, progress, session, network, sync, account, tick: (ms: number) => (clock += ms) }
  }

  it("merges a guest's positions into the account on sign-in and takes the account's", async () => {
    const account = fakeAccount([at('5', 7, 9_000)])
    const { progress, session, sync } = setup(account)
    progress.record('7', { chapterId: '702', chapterTitle: 'Episode 2', page: 20, offset: 0 })
    expect(account.send).not.toHaveBeenCalled()
    session.set(reader, 'token')
    await sync.syncNow()
    expect(account.kept().map((e) => e.comicId)).toEqual(['7', '5'])
    expect(progress.getProgress('5')).toMatchObject({ page: 7 })
    expect(sync.getSnapshot().status).toBe('idle')
  })

  it('keeps positions while the API fails and sends them when the browser is online again', async () => {
    vi.useFakeTimers()
    const { progress, session, sync, network, account } = setup()
    session.set(reader, 'token')
    await vi.runOnlyPendingTimersAsync()
    account.fail(true)
    progress.record('7', { chapterId: '702', chapterTitle: 'Episode 2', page: 30, offset: 0 })
    await vi.advanceTimersByTimeAsync(60)
    expect(sync.getSnapshot().status).toBe('failed')
    expect(account.kept()).toEqual([])
    expect(progress.getProgress('7')).toMatchObject({ page: 30 })
    account.fail(false)
    network.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(account.kept()).toMatchObject([{ comicId: '7', page: 30 }])
    expect(sync.getSnapshot().status).toBe('idle')
    sync.dispose()
  })

  it('sends every position first, then only those changed since the account last answered, a failed one kept for the next', async () => {
    vi.useFakeTimers()
    const account = fakeAccount([at('5', 7, 9_000)])
    const { progress, session, sync, tick, network } = setup(account)
    progress.record('7', { chapterId: '702', chapterTitle: 'Episode 2', page: 3, offset: 0 })
    tick(1_000)
    progress.record('8', { chapterId: '801', chapterTitle: 'Episode 1', page: 1, offset: 0 })
    session.set(reader, 'token')
    await vi.advanceTimersByTimeAsync(0)
    expect(account.calls.at(-1)!.map((entry) => entry.comicId)).toEqual(['8', '7'])
    // A page turned: that position alone; the answer is the whole list, kept here.
    tick(1_000)
    progress.record('7', { chapterId: '702', chapterTitle: 'Episode 2', page: 4, offset: 0 })
    await vi.advanceTimersByTimeAsync(60)
    expect(account.calls.at(-1)).toMatchObject([{ comicId: '7', page: 4 }])
    expect(progress.getSnapshot().history.map((entry) => entry.comicId)).toEqual(['7', '8', '5'])
    // A send that fails: the next one carries its position with the new one.
    account.fail(true)
    tick(1_000)
    progress.record('8', { chapterId: '801', chapterTitle: 'Episode 1', page: 2, offset: 0 })
    await vi.advanceTimersByTimeAsync(60)
    expect(sync.getSnapshot().status).toBe('failed')
    account.fail(false)
    tick(1_000)
    progress.record('5', { chapterId: '502', chapterTitle: 'Episode 2', page: 1, offset: 0 })
    // The retry, on its backoff, carries both.
    await vi.advanceTimersByTimeAsync(1_000)
    expect(account.calls.at(-1)!.map((entry) => entry.comicId)).toEqual(['5', '8'])
    expect(account.kept()).toMatchObject([{ comicId: '5', page: 1 }, { comicId: '8', page: 2 }, { comicId: '7', page: 4 }])
    sync.dispose()
    // A reload (the sync made again over the same stores): every position again.
    const reloaded = createProgressSync({ progress, session, send: account.send, network, debounceMs: 50 })
    await vi.advanceTimersByTimeAsync(0)
    expect(account.calls.at(-1)).toHaveLength(3)
    reloaded.dispose()
  })

  it('retries a failed send with backoff, and does not send back what the account answered', async () => {
    vi.useFakeTimers()
    const { progress, session, sync, account } = setup()
    account.fail(true)
    progress.record('7', { chapterId: '702', chapterTitle: 'Episode 2', page: 3, offset: 0 })
    session.set(reader, 'token')
    await vi.advanceTimersByTimeAsync(0)
    expect(sync.getSnapshot().status).toBe('failed')
    account.fail(false)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(account.kept()).toHaveLength(1)
    const sent = account.send.mock.calls.length
    await vi.advanceTimersByTimeAsync(5_000)
    expect(account.send.mock.calls.length).toBe(sent)
    sync.dispose()
  })

  it("signing out leaves nothing of the account in this browser, so the next account does not take it", async () => {
    const first = fakeAccount([at('5', 7, 9_000)])
    const { storage, progress, session, sync } = setup(first)
    session.set(reader, 'token')
    await sync.syncNow()
    expect(progress.getProgress('5')).toMatchObject({ page: 7 })
    session.clear()
    expect(progress.getProgress('5')).toBeUndefined()
    expect(storage.getItem(STORAGE_KEYS.comicsReadingHistory) ?? '[]').toBe('[]')
    // A guest's reading after that is theirs again, and joins the account they sign in to.
    progress.record('8', { chapterId: '801', chapterTitle: 'Episode 1', page: 2, offset: 0 })
    expect(progress.getProgress('8')).toMatchObject({ page: 2 })
    sync.dispose()
  })

  it('keeps on sign-out the positions the account has not confirmed, and drops an answer that arrives after it', async () => {
    const account = fakeAccount([at('5', 7, 9_000)])
    const { progress, session, sync } = setup(account)
    account.fail(true)
    session.set(reader, 'token')
    await sync.syncNow()
    progress.record('7', { chapterId: '702', chapterTitle: 'Episode 2', page: 30, offset: 0 })
    session.clear()
    expect(progress.getProgress('7')).toMatchObject({ page: 30 })

    // An answer on its way when the reader signs out is not merged into the browser.
    account.fail(false)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const send = account.send.getMockImplementation()!
    account.send.mockImplementationOnce(async (entries) => {
      await held
      return send(entries)
    })
    session.set(reader, 'token')
    const sending = sync.syncNow()
    session.clear()
    release()
    await sending
    expect(progress.getProgress('5')).toBeUndefined()
    expect(progress.getProgress('7')).toMatchObject({ page: 30 })
    sync.dispose()
  })

  it('sends at most the limit, the most recent, and nothing when signed out', async () => {
    const { progress, session, sync, account, tick } = setup()
    for (let comic = 1; comic <= PROGRESS_SYNC_LIMIT + 5; comic++) {
      tick(1)
      progress.record(String(comic), { chapterId: `${comic}01`, chapterTitle: 'Episode 1' })
    }
    await sync.syncNow()
    expect(account.send).not.toHaveBeenCalled()
    session.set(reader, 'token')
    await sync.syncNow()
    // The first send of the session, on sign-in: every position up to the limit.
    const sent = account.calls[0]!
    expect(sent).toHaveLength(PROGRESS_SYNC_LIMIT)
    expect(sent[0]!.comicId).toBe(String(PROGRESS_SYNC_LIMIT + 5))
    sync.dispose()
  })
})
