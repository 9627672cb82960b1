import { describe, expect, it, vi } from 'vitest'
import {
  STORAGE_KEYS,
  createAgeGate,
  createBrowserStorage,
  createConsentStore,
  createMemoryStorage,
  createPrefixedStorage,
  createProgressStore,
  createSessionStore,
  type AuthUser,
  type KeyValueStorage,
} from '@comics/core'

/** A localStorage stand-in backed by a Map. */
function fakeLocalStorage(initial: Record<string, string> = {}): Storage {
  const values = new Map(Object.entries(initial))
  return {
    get length() {
      return values.size
    },
    key: (index: number) => [...values.keys()][index] ?? null,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, String(value)),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
  }
}

/** A localStorage whose every method throws, as a full (quota) or denied storage does. */
function throwingLocalStorage(error = new DOMException('quota exceeded', 'QuotaExceededError')): Storage {
  const fail = () => {
    throw error
  }
  return { length: 0, key: fail, getItem: fail, setItem: fail, removeItem: fail, clear: fail } as Storage
}

/** A KeyValueStorage that throws on everything, subscribe included. */
const throwingStorage: KeyValueStorage = {
  getItem: () => {
    throw new Error('denied')
  },
  setItem: () => {
    throw new Error('denied')
  },
  removeItem: () => {
    throw new Error('denied')
  },
  subscribe: () => {
    throw new Error('denied')
  },
}

/** Memory storage whose changes "from another tab" are announced by `emit`. */
function tabStorage(initial: Record<string, string> = {}) {
  const storage = createMemoryStorage(initial)
  const listeners = new Set<(key: string | null) => void>()
  return {
    storage: {
      ...storage,
      subscribe(listener: (key: string | null) => void) {
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
    } satisfies KeyValueStorage,
    /** Another tab writes `value` under `key` (or clears everything when key is null). */
    emit(key: string | null, value?: string) {
      if (key !== null) {
        if (value === undefined) storage.removeItem(key)
        else storage.setItem(key, value)
      }
      for (const listener of listeners) listener(key)
    },
  }
}

const user: AuthUser = {
  uid: 'u1',
  email: 'reader@example.com',
  displayName: null,
  photoURL: null,
  emailVerified: true,
  phoneNumber: null,
  providerId: 'firebase',
  creationTime: null,
  lastSignInTime: null,
  providerData: [{ providerId: 'password', uid: 'reader@example.com', email: 'reader@example.com', displayName: null }],
}

describe('storage keys (spec §9)', () => {
  it('are exactly the keys of the spec', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(
      [
        'authUser',
        'authToken',
        'lastReadComics',
        'comicsReadingHistory',
        'isUserPassAgeVerification',
        'google-analytics-consent',
      ].sort(),
    )
  })
})

describe('createBrowserStorage', () => {
  it('reads and writes through localStorage when it works', () => {
    const local = fakeLocalStorage({ a: '1' })
    const storage = createBrowserStorage({ localStorage: local })
    expect(storage.getItem('a')).toBe('1')
    storage.setItem('b', '2')
    expect(local.getItem('b')).toBe('2')
    storage.removeItem('a')
    expect(local.getItem('a')).toBeNull()
  })

  it('keeps values in memory when localStorage is full or denied', () => {
    const storage = createBrowserStorage({ localStorage: throwingLocalStorage() })
    expect(storage.getItem('a')).toBeNull()
    expect(() => storage.setItem('a', '1')).not.toThrow()
    expect(storage.getItem('a')).toBe('1')
    expect(() => storage.removeItem('a')).not.toThrow()
    expect(storage.getItem('a')).toBeNull()
  })

  it('keeps working when even reading window.localStorage throws (storage disabled)', () => {
    const target = {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    const storage = createBrowserStorage(target)
    storage.setItem('a', '1')
    expect(storage.getItem('a')).toBe('1')
  })

  it('serves a value refused by a full localStorage from memory, not the stale stored one', () => {
    const local = fakeLocalStorage({ a: 'old' })
    const setItem = vi.spyOn(local, 'setItem').mockImplementation(() => {
      throw new DOMException('quota exceeded', 'QuotaExceededError')
    })
    const storage = createBrowserStorage({ localStorage: local })
    storage.setItem('a', 'new')
    expect(storage.getItem('a')).toBe('new')
    setItem.mockRestore()
  })

  it('works in memory where there is no window (server rendering, Node)', () => {
    expect(typeof window).toBe('undefined')
    const storage = createBrowserStorage()
    storage.setItem('a', '1')
    expect(storage.getItem('a')).toBe('1')
  })

  it('reports changes made by other tabs through the storage event, and stops on unsubscribe', () => {
    const target = new EventTarget()
    const local = fakeLocalStorage()
    const storage = createBrowserStorage({
      localStorage: local,
      addEventListener: target.addEventListener.bind(target) as Window['addEventListener'],
      removeEventListener: target.removeEventListener.bind(target) as Window['removeEventListener'],
    })
    const keys: (string | null)[] = []
    const stop = storage.subscribe!((key) => keys.push(key))
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'lastReadComics' }))
    target.dispatchEvent(Object.assign(new Event('storage'), { key: null }))
    stop()
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'authToken' }))
    expect(keys).toEqual(['lastReadComics', null])
  })
})

describe('createPrefixedStorage (the kit embedded on a partner domain)', () => {
  it("keeps the kit's keys under the prefix, beside the partner's own entries of the same name", () => {
    const local = fakeLocalStorage({ authToken: '"partner-token"', lastReadComics: '["partner"]' })
    const storage = createPrefixedStorage(createBrowserStorage({ localStorage: local }), 'comics:')
    const session = createSessionStore(storage)
    const progress = createProgressStore(storage)
    expect(session.getSnapshot().token).toBeNull()
    expect(progress.getSnapshot().lastReadComics).toEqual([])

    session.set(user, 'kit-token')
    progress.record('4', { chapterId: '404', chapterTitle: 'Episode 4' })
    expect(local.getItem('comics:authToken')).toBe('"kit-token"')
    expect(JSON.parse(local.getItem('comics:lastReadComics')!)).toEqual(['4'])
    expect(local.getItem('authToken')).toBe('"partner-token"')
    expect(local.getItem('lastReadComics')).toBe('["partner"]')

    session.clear()
    expect(local.getItem('comics:authToken')).toBeNull()
    expect(local.getItem('authToken')).toBe('"partner-token"')
  })

  it("reports other tabs' changes of its own keys only, under the kit's key", () => {
    const { storage, emit } = tabStorage()
    const prefixed = createPrefixedStorage(storage, 'comics:')
    const keys: (string | null)[] = []
    const stop = prefixed.subscribe!((key) => keys.push(key))
    emit('authToken', '"partner"')
    emit('comics:authToken', '"t"')
    emit(null)
    stop()
    emit('comics:lastReadComics', '[]')
    expect(keys).toEqual(['authToken', null])
  })

  it('has no subscribe when the storage it wraps has none, and refuses an empty prefix', () => {
    expect(createPrefixedStorage(createMemoryStorage(), 'x:').subscribe).toBeUndefined()
    expect(() => createPrefixedStorage(createMemoryStorage(), '')).toThrow(TypeError)
  })
})

// Other tabs' changes to the session are tested over the browser adapter in session-browser-storage.test.ts.
describe('session store (spec §3, §4)', () => {
  it('is signed in only with both user and token, stored under authUser and authToken', () => {
    const storage = createMemoryStorage()
    const session = createSessionStore(storage)
    expect(session.getSnapshot()).toEqual({ user: null, token: null, signedIn: false })
    session.set(user, 'token-1')
    expect(session.getSnapshot()).toEqual({ user, token: 'token-1', signedIn: true })
    expect(JSON.parse(storage.getItem('authUser')!)).toEqual(user)
    expect(JSON.parse(storage.getItem('authToken')!)).toBe('token-1')
    expect(createSessionStore(storage).getSnapshot().signedIn).toBe(true)
  })

  it('clears user, token and their stored copies', () => {
    const storage = createMemoryStorage()
    const session = createSessionStore(storage)
    session.set(user, 't')
    session.clear()
    expect(session.getSnapshot().signedIn).toBe(false)
    expect(storage.getItem('authUser')).toBeNull()
    expect(storage.getItem('authToken')).toBeNull()
  })

  it('refreshes the token and notifies subscribers', () => {
    const session = createSessionStore(createMemoryStorage())
    const listener = vi.fn()
    session.subscribe(listener)
    session.set(user, 'a')
    session.setToken('b')
    expect(session.getSnapshot().token).toBe('b')
    expect(listener).toHaveBeenCalledTimes(2)
  })

})

describe('progress store (spec §3, §9)', () => {
  const at = (...times: number[]) => {
    const queue = [...times]
    return () => queue.shift() ?? 0
  }

  it('starts empty', () => {
    const progress = createProgressStore(createMemoryStorage())
    expect(progress.getSnapshot()).toEqual({ lastReadComics: [], history: [] })
    expect(progress.getProgress('7')).toBeUndefined()
  })

  it('records the position in a comic with its time', () => {
    const progress = createProgressStore(createMemoryStorage(), { now: at(1000) })
    progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1', page: 3, offset: 120 })
    expect(progress.getProgress('7')).toEqual({
      comicId: '7',
      chapterId: '70',
      chapterTitle: 'Episode 1',
      page: 3,
      offset: 120,
      updatedAt: 1000,
    })
  })

  it('keeps the last read comics unique, most recent first, at most 5', () => {
    const progress = createProgressStore(createMemoryStorage())
    for (const id of ['1', '2', '3', '4', '5', '6', '3']) {
      progress.record(id, { chapterId: `${id}-1`, chapterTitle: 'Episode 1' })
    }
    expect(progress.getSnapshot().lastReadComics).toEqual(['3', '6', '5', '4', '2'])
  })

  it('replaces the history entry of a comic read again', () => {
    const progress = createProgressStore(createMemoryStorage(), { now: at(1, 2, 3) })
    progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1' })
    progress.record('8', { chapterId: '80', chapterTitle: 'Episode 1' })
    progress.record('7', { chapterId: '72', chapterTitle: 'Episode 3' })
    expect(progress.getSnapshot().history).toEqual([
      { comicId: '7', chapterId: '72', chapterTitle: 'Episode 3', updatedAt: 3 },
      { comicId: '8', chapterId: '80', chapterTitle: 'Episode 1', updatedAt: 2 },
    ])
    expect(progress.getProgress('7')?.chapterTitle).toBe('Episode 3')
  })

  it('keeps the history of comics that fell out of the last five', () => {
    const progress = createProgressStore(createMemoryStorage())
    for (const id of ['1', '2', '3', '4', '5', '6']) progress.record(id, { chapterId: 'c', chapterTitle: 't' })
    expect(progress.getSnapshot().lastReadComics).not.toContain('1')
    expect(progress.getProgress('1')?.chapterId).toBe('c')
  })

  it('persists under lastReadComics and comicsReadingHistory and restores from them', () => {
    const storage = createMemoryStorage()
    const progress = createProgressStore(storage, { now: at(5) })
    progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1' })
    expect(JSON.parse(storage.getItem('lastReadComics')!)).toEqual(['7'])
    expect(JSON.parse(storage.getItem('comicsReadingHistory')!)).toEqual([
      { comicId: '7', chapterId: '70', chapterTitle: 'Episode 1', updatedAt: 5 },
    ])
    expect(createProgressStore(storage).getSnapshot()).toEqual(progress.getSnapshot())
  })

  it('reads history entries of the earlier site, which carry no time', () => {
    const storage = createMemoryStorage({
      lastReadComics: '["7"]',
      comicsReadingHistory: '[{"comicId":"7","chapterId":"70","chapterTitle":"Episode 1"}]',
    })
    expect(createProgressStore(storage).getProgress('7')).toEqual({
      comicId: '7',
      chapterId: '70',
      chapterTitle: 'Episode 1',
      updatedAt: 0,
    })
  })

  it('keeps its snapshot identical until something changes', () => {
    const progress = createProgressStore(createMemoryStorage())
    const listener = vi.fn()
    progress.subscribe(listener)
    const empty = progress.getSnapshot()
    expect(progress.getSnapshot()).toBe(empty)
    progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1', page: 2 })
    const first = progress.getSnapshot()
    expect(first).not.toBe(empty)
    expect(progress.getSnapshot()).toBe(first)
    // The reader records on every load: the same position again is no change.
    progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1', page: 2 })
    expect(progress.getSnapshot()).toBe(first)
    expect(listener).toHaveBeenCalledTimes(1)
    progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1', page: 3 })
    expect(progress.getSnapshot()).not.toBe(first)
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('ignores a record without a comic, a chapter or a title', () => {
    const progress = createProgressStore(createMemoryStorage())
    progress.record('', { chapterId: '70', chapterTitle: 'Episode 1' })
    progress.record('7', { chapterId: '', chapterTitle: 'Episode 1' })
    progress.record('7', { chapterId: '70', chapterTitle: undefined as unknown as string })
    expect(progress.getSnapshot()).toEqual({ lastReadComics: [], history: [] })
  })

  it('stops notifying a listener that unsubscribed', () => {
    const progress = createProgressStore(createMemoryStorage())
    const listener = vi.fn()
    const unsubscribe = progress.subscribe(listener)
    unsubscribe()
    progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1' })
    expect(listener).not.toHaveBeenCalled()
  })

  it('follows other tabs, and keeps its snapshot when another tab wrote the same thing', () => {
    const tab = tabStorage()
    const progress = createProgressStore(tab.storage)
    const listener = vi.fn()
    progress.subscribe(listener)
    tab.emit('lastReadComics', '["9","7"]')
    tab.emit(
      'comicsReadingHistory',
      '[{"comicId":"9","chapterId":"90","chapterTitle":"Episode 4","updatedAt":7},{"comicId":"7","chapterId":"70","chapterTitle":"Episode 1","updatedAt":6}]',
    )
    expect(progress.getSnapshot().lastReadComics).toEqual(['9', '7'])
    expect(progress.getProgress('9')?.chapterTitle).toBe('Episode 4')
    const before = progress.getSnapshot()
    const calls = listener.mock.calls.length
    tab.emit('comicsReadingHistory', tab.storage.getItem('comicsReadingHistory')!)
    tab.emit('authToken', '"t"')
    expect(progress.getSnapshot()).toBe(before)
    expect(listener).toHaveBeenCalledTimes(calls)
    tab.emit(null)
    expect(progress.getSnapshot()).toBe(before)
  })

  it('stops following other tabs once disposed', () => {
    const tab = tabStorage()
    const progress = createProgressStore(tab.storage)
    progress.dispose()
    tab.emit('lastReadComics', '["9"]')
    expect(progress.getSnapshot().lastReadComics).toEqual([])
  })

  it('drops bad stored entries and keeps the good ones', () => {
    const storage = createMemoryStorage({
      lastReadComics: JSON.stringify(['7', 7, null, '', '7', '8', { id: '9' }, '10', '11', '12', '13']),
      comicsReadingHistory: JSON.stringify([
        null,
        'x',
        { comicId: 7, chapterId: '70', chapterTitle: 'bad id' },
        { comicId: '8', chapterTitle: 'no chapter' },
        { comicId: '8', chapterId: '80', chapterTitle: 'Episode 2', page: -1, offset: 'far', updatedAt: 'soon' },
        { comicId: '8', chapterId: '81', chapterTitle: 'duplicate comic' },
      ]),
    })
    const progress = createProgressStore(storage)
    expect(progress.getSnapshot()).toEqual({
      lastReadComics: ['7', '8', '10', '11', '12'],
      history: [{ comicId: '8', chapterId: '80', chapterTitle: 'Episode 2', updatedAt: 0 }],
    })
    progress.record('9', { chapterId: '90', chapterTitle: 'Episode 1' })
    expect(progress.getSnapshot().lastReadComics).toEqual(['9', '7', '8', '10', '11'])
  })

  it('rebuilds the last read comics from the history when that key is corrupt', () => {
    const storage = createMemoryStorage({
      lastReadComics: '{"not": "a list"',
      comicsReadingHistory: JSON.stringify([
        { comicId: '2', chapterId: '20', chapterTitle: 'b' },
        { comicId: '1', chapterId: '10', chapterTitle: 'a' },
      ]),
    })
    expect(createProgressStore(storage).getSnapshot().lastReadComics).toEqual(['2', '1'])
  })

  it.each([
    ['not JSON', '{oops'],
    ['an object', '{"comicId":"7"}'],
    ['a number', '42'],
    ['null', 'null'],
  ])('treats a history that is %s as empty', (_what, raw) => {
    const progress = createProgressStore(createMemoryStorage({ comicsReadingHistory: raw, lastReadComics: raw }))
    expect(progress.getSnapshot()).toEqual({ lastReadComics: [], history: [] })
    progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1' })
    expect(progress.getSnapshot().lastReadComics).toEqual(['7'])
  })
})

describe('cookie consent (spec §2, §4)', () => {
  it("starts unset and persists the choice under 'google-analytics-consent'", () => {
    const storage = createMemoryStorage()
    const consent = createConsentStore(storage)
    expect(consent.getSnapshot()).toBe('unset')
    consent.accept()
    expect(consent.getSnapshot()).toBe('accepted')
    expect(JSON.parse(storage.getItem('google-analytics-consent')!)).toBe('accepted')
    expect(createConsentStore(storage).getSnapshot()).toBe('accepted')
    consent.reject()
    expect(createConsentStore(storage).getSnapshot()).toBe('rejected')
  })

  it('notifies subscribers once per change', () => {
    const consent = createConsentStore(createMemoryStorage())
    const listener = vi.fn()
    consent.subscribe(listener)
    consent.accept()
    consent.accept()
    consent.reject()
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('reads a bare stored choice and treats anything else as unset', () => {
    expect(createConsentStore(createMemoryStorage({ 'google-analytics-consent': 'rejected' })).getSnapshot()).toBe(
      'rejected',
    )
    for (const raw of ['{oops', 'true', '"maybe"', '[]', '']) {
      expect(createConsentStore(createMemoryStorage({ 'google-analytics-consent': raw })).getSnapshot()).toBe('unset')
    }
  })

  it('follows a choice made in another tab', () => {
    const tab = tabStorage()
    const consent = createConsentStore(tab.storage)
    tab.emit('google-analytics-consent', '"accepted"')
    expect(consent.getSnapshot()).toBe('accepted')
  })
})

describe('age verification (spec §2, §4)', () => {
  it("is false until confirmed, then true persistently under 'isUserPassAgeVerification'", () => {
    const storage = createMemoryStorage()
    const gate = createAgeGate(storage)
    const listener = vi.fn()
    gate.subscribe(listener)
    expect(gate.getSnapshot()).toBe(false)
    gate.confirm()
    expect(gate.getSnapshot()).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(storage.getItem('isUserPassAgeVerification')).toBe('true')
    expect(createAgeGate(storage).getSnapshot()).toBe(true)
  })

  it('counts only a stored true', () => {
    for (const raw of ['false', '"true"', '1', '{oops', 'null']) {
      expect(createAgeGate(createMemoryStorage({ isUserPassAgeVerification: raw })).getSnapshot()).toBe(false)
    }
  })

  it('follows a confirmation in another tab', () => {
    const tab = tabStorage()
    const gate = createAgeGate(tab.storage)
    tab.emit('isUserPassAgeVerification', 'true')
    expect(gate.getSnapshot()).toBe(true)
  })
})

describe('every store over broken storage', () => {
  const brokenStorages: [string, () => KeyValueStorage][] = [
    ['a storage whose every method throws', () => throwingStorage],
    ['the browser adapter over a full localStorage', () => createBrowserStorage({ localStorage: throwingLocalStorage() })],
    [
      'the browser adapter over a denied localStorage',
      () => createBrowserStorage({ localStorage: throwingLocalStorage(new DOMException('denied', 'SecurityError')) }),
    ],
  ]

  describe.each(brokenStorages)('%s', (_name, makeStorage) => {
    it('lets every store start with its defaults and work in memory', () => {
      const storage = makeStorage()
      const session = createSessionStore(storage)
      const progress = createProgressStore(storage)
      const consent = createConsentStore(storage)
      const gate = createAgeGate(storage)

      expect(session.getSnapshot().signedIn).toBe(false)
      expect(progress.getSnapshot()).toEqual({ lastReadComics: [], history: [] })
      expect(consent.getSnapshot()).toBe('unset')
      expect(gate.getSnapshot()).toBe(false)

      session.set(user, 't')
      session.setToken('t2')
      progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1' })
      progress.record('8', { chapterId: '80', chapterTitle: 'Episode 2' })
      consent.reject()
      gate.confirm()

      expect(session.getSnapshot()).toMatchObject({ token: 't2', signedIn: true })
      expect(progress.getSnapshot().lastReadComics).toEqual(['8', '7'])
      expect(progress.getProgress('7')?.chapterId).toBe('70')
      expect(consent.getSnapshot()).toBe('rejected')
      expect(gate.getSnapshot()).toBe(true)

      session.clear()
      expect(session.getSnapshot().signedIn).toBe(false)
    })
  })

  it('shares the in-memory fallback of a full localStorage between the stores of a tab', () => {
    const storage = createBrowserStorage({ localStorage: throwingLocalStorage() })
    createProgressStore(storage).record('7', { chapterId: '70', chapterTitle: 'Episode 1' })
    // The adapter's memory fallback is shared, so a store created later in the tab still sees it.
    expect(createProgressStore(storage).getSnapshot().lastReadComics).toEqual(['7'])
  })

  describe.each(Object.entries(STORAGE_KEYS))('corrupt JSON under %s', (_name, key) => {
    it.each(['{oops', '[1,', 'undefined', '"unterminated', '\u0000'])('falls back on %j', (raw) => {
      const storage = createBrowserStorage({ localStorage: fakeLocalStorage({ [key]: raw }) })
      const session = createSessionStore(storage)
      const progress = createProgressStore(storage)
      const consent = createConsentStore(storage)
      const gate = createAgeGate(storage)
      expect(session.getSnapshot()).toEqual({ user: null, token: null, signedIn: false })
      expect(progress.getSnapshot()).toEqual({ lastReadComics: [], history: [] })
      expect(consent.getSnapshot()).toBe('unset')
      expect(gate.getSnapshot()).toBe(false)

      // ...and the store owning that key overwrites it with a good value.
      session.set(user, 't')
      progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1' })
      consent.accept()
      gate.confirm()
      expect(createSessionStore(storage).getSnapshot().signedIn).toBe(true)
      expect(createProgressStore(storage).getSnapshot().lastReadComics).toEqual(['7'])
      expect(createConsentStore(storage).getSnapshot()).toBe('accepted')
      expect(createAgeGate(storage).getSnapshot()).toBe(true)
    })
  })
})

describe('progress store: clear (the reader deleted their account)', () => {
  it('forgets every position, in the store and in storage', () => {
    const storage = createMemoryStorage()
    const progress = createProgressStore(storage)
    progress.record('7', { chapterId: '70', chapterTitle: 'Episode 1', page: 3 })
    progress.clear()
    expect(progress.getSnapshot()).toEqual({ lastReadComics: [], history: [] })
    expect(progress.getProgress('7')).toBeUndefined()
    expect(createProgressStore(storage).getSnapshot()).toEqual({ lastReadComics: [], history: [] })
  })
})
