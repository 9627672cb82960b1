import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_READER_SETTINGS,
  READER_SETTINGS_STORAGE_KEY,
  ReaderSettingsBodySchema,
  STORAGE_KEYS,
  acceptedSettingsTime,
  createMemoryStorage,
  createReaderSettingsStore,
  createReaderSettingsSync,
  createSessionStore,
  latestReaderSettings,
  readerSettingsProblems,
  READER_LAYOUT_SETTINGS,
  READER_SCROLL_SPEEDS,
  READER_SCROLL_SPEED_PX_PER_S,
  ReaderSettingsSchema,
  withDefaultLaterSettings,
  type AuthUser,
  type ReaderSettingsCalls,
  type ReaderSettingsRecord,
} from '@comics/core'
import * as z from 'zod/mini'

const user = (uid: string): AuthUser => ({
  uid,
  email: `${uid}@example.com`,
  displayName: null,
  photoURL: null,
  emailVerified: true,
  phoneNumber: null,
  providerId: 'firebase',
  creationTime: null,
  lastSignInTime: null,
  providerData: [],
})

const at = (iso: string) => () => new Date(iso)

describe('reader settings rules', () => {
  it('names the fields that are not one of their choices', () => {
    expect(readerSettingsProblems(DEFAULT_READER_SETTINGS)).toEqual([])
    expect(readerSettingsProblems({ pageWidth: 'fit', pageGap: 'huge', background: 'dark', scrollSpeed: 'slow', flow: 'continuous' })).toEqual(['pageGap'])
    expect(readerSettingsProblems({ ...DEFAULT_READER_SETTINGS, scrollSpeed: 'warp' })).toEqual(['scrollSpeed'])
    expect(readerSettingsProblems(null)).toEqual(['pageWidth', 'pageGap', 'background', 'scrollSpeed', 'flow'])
    expect(readerSettingsProblems({ ...DEFAULT_READER_SETTINGS, flow: 'endless' })).toEqual(['flow'])
  })

  it('auto-scroll speeds are pixels per second, slowest first; settings from before them or continuous reading read with the defaults', () => {
    const speeds = READER_SCROLL_SPEEDS.map((speed) => READER_SCROLL_SPEED_PX_PER_S[speed])
    expect(speeds).toEqual([...speeds].sort((a, b) => a - b))
    expect(DEFAULT_READER_SETTINGS.scrollSpeed).toBe('medium')
    expect(DEFAULT_READER_SETTINGS.flow).toBe('episode')
    expect(withDefaultLaterSettings({ pageWidth: 'fit' })).toEqual({ pageWidth: 'fit', scrollSpeed: 'medium', flow: 'episode' })
    expect(withDefaultLaterSettings({ scrollSpeed: 'fast' })).toEqual({ scrollSpeed: 'fast', flow: 'episode' })
    const current = { scrollSpeed: 'fast', flow: 'continuous' }
    expect(withDefaultLaterSettings(current)).toBe(current)
    expect(withDefaultLaterSettings(null)).toBeNull()
    expect(READER_LAYOUT_SETTINGS).not.toContain('scrollSpeed')
    expect(READER_LAYOUT_SETTINGS).not.toContain('flow')
  })

  it('the latest change wins; a tie keeps the first; a missing one gives the other', () => {
    const older = { ...DEFAULT_READER_SETTINGS, updatedAt: '2026-01-01T00:00:00.000Z' }
    const newer = { ...DEFAULT_READER_SETTINGS, pageGap: 'large' as const, updatedAt: '2026-01-02T00:00:00.000Z' }
    expect(latestReaderSettings(older, newer)).toBe(newer)
    expect(latestReaderSettings(newer, older)).toBe(newer)
    expect(latestReaderSettings(older, { ...older })).toBe(older)
    expect(latestReaderSettings(null, older)).toBe(older)
    expect(latestReaderSettings(undefined, null)).toBeNull()
  })

  it("the service takes a device's time unless it is ahead of its own", () => {
    const now = new Date('2026-01-02T00:00:00.000Z')
    expect(acceptedSettingsTime('2026-01-01T00:00:00.000Z', now).toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(acceptedSettingsTime('2030-01-01T00:00:00.000Z', now)).toBe(now)
  })

  it('the contract refuses a value outside the choices, a missing time and an unknown field', () => {
    const valid = { ...DEFAULT_READER_SETTINGS, updatedAt: '2026-01-01T00:00:00.000Z' }
    expect(z.safeParse(ReaderSettingsBodySchema, valid).success).toBe(true)
    expect(z.safeParse(ReaderSettingsBodySchema, { ...valid, pageWidth: 'wide' }).success).toBe(false)
    expect(z.safeParse(ReaderSettingsBodySchema, { ...valid, updatedAt: 'yesterday' }).success).toBe(false)
    expect(z.safeParse(ReaderSettingsBodySchema, { ...valid, extra: 1 }).success).toBe(false)
    expect(z.safeParse(ReaderSettingsBodySchema, { ...valid, scrollSpeed: 'warp' }).success).toBe(false)
    expect(z.safeParse(ReaderSettingsBodySchema, { ...valid, flow: 'endless' }).success).toBe(false)
  })

  it("an app or a service from before auto-scroll: a body without a speed is taken, an answer without one reads as the default", () => {
    const { scrollSpeed: _, ...old } = { ...DEFAULT_READER_SETTINGS, scrollSpeed: 'fast', updatedAt: '2026-01-01T00:00:00.000Z' }
    expect(z.safeParse(ReaderSettingsBodySchema, old).success).toBe(true)
    expect(z.parse(ReaderSettingsSchema, old).scrollSpeed).toBe('medium')
    expect(z.parse(ReaderSettingsSchema, { ...old, scrollSpeed: 'fast' }).scrollSpeed).toBe('fast')
  })

  it('an app or a service from before continuous reading: a body without a flow is taken, an answer without one reads as one episode at a time', () => {
    const { flow: _, ...old } = { ...DEFAULT_READER_SETTINGS, flow: 'continuous', updatedAt: '2026-01-01T00:00:00.000Z' }
    expect(z.safeParse(ReaderSettingsBodySchema, old).success).toBe(true)
    expect(z.parse(ReaderSettingsSchema, old).flow).toBe('episode')
    expect(z.parse(ReaderSettingsSchema, { ...old, flow: 'continuous' }).flow).toBe('continuous')
  })
})

describe('createReaderSettingsStore', () => {
  it('starts with the defaults, keeps a change under its own key (not a spec key) and reads it back after a reload', () => {
    const storage = createMemoryStorage()
    const store = createReaderSettingsStore(storage, { now: at('2026-03-01T10:00:00.000Z') })
    expect(store.getSnapshot()).toEqual({ settings: DEFAULT_READER_SETTINGS, updatedAt: null, unsaved: false })
    expect(store.record()).toBeNull()
    store.change({ pageWidth: 'fit', pageGap: 'medium' })
    expect(store.getSnapshot()).toEqual({
      settings: { pageWidth: 'fit', pageGap: 'medium', background: 'dark', scrollSpeed: 'medium', flow: 'episode' },
      updatedAt: '2026-03-01T10:00:00.000Z',
      unsaved: true,
    })
    expect(Object.values(STORAGE_KEYS)).not.toContain(READER_SETTINGS_STORAGE_KEY)
    const reloaded = createReaderSettingsStore(storage)
    expect(reloaded.getSnapshot()).toEqual(store.getSnapshot())
  })

  it('reads settings kept before auto-scroll and continuous reading with their defaults, and keeps a change of either', () => {
    const storage = createMemoryStorage({
      [READER_SETTINGS_STORAGE_KEY]: JSON.stringify({ pageWidth: 'fit', pageGap: 'small', background: 'light', updatedAt: '2026-01-01T00:00:00.000Z', unsaved: false }),
    })
    const store = createReaderSettingsStore(storage, { now: at('2026-03-01T10:00:00.000Z') })
    expect(store.getSnapshot()).toEqual({ settings: { pageWidth: 'fit', pageGap: 'small', background: 'light', scrollSpeed: 'medium', flow: 'episode' }, updatedAt: '2026-01-01T00:00:00.000Z', unsaved: false })
    store.change({ scrollSpeed: 'fast' })
    expect(createReaderSettingsStore(storage).getSnapshot()).toMatchObject({ settings: { scrollSpeed: 'fast', flow: 'episode' }, unsaved: true })
    store.change({ flow: 'continuous' })
    expect(createReaderSettingsStore(storage).getSnapshot()).toMatchObject({ settings: { scrollSpeed: 'fast', flow: 'continuous' }, unsaved: true })
  })

  it('ignores a value that is not a choice and a change to what is already set; reads a corrupt entry as the defaults', () => {
    const storage = createMemoryStorage({ [READER_SETTINGS_STORAGE_KEY]: '{"pageWidth":"huge"' })
    const store = createReaderSettingsStore(storage)
    expect(store.getSnapshot().settings).toEqual(DEFAULT_READER_SETTINGS)
    const listener = vi.fn()
    store.subscribe(listener)
    store.change({ pageWidth: 'wide' as never })
    store.change({ background: 'dark' })
    expect(listener).not.toHaveBeenCalled()
    expect(store.getSnapshot().updatedAt).toBeNull()
  })

  it('takes a later change of the service, keeps its own later change unsaved, and marks its own change saved', () => {
    const store = createReaderSettingsStore(createMemoryStorage(), { now: at('2026-03-01T10:00:00.000Z') })
    store.settle({ ...DEFAULT_READER_SETTINGS, background: 'light', updatedAt: '2026-02-01T00:00:00.000Z' })
    expect(store.getSnapshot()).toMatchObject({ settings: { background: 'light' }, unsaved: false })
    store.change({ pageGap: 'small' })
    store.settle({ ...DEFAULT_READER_SETTINGS, updatedAt: '2026-02-15T00:00:00.000Z' })
    expect(store.getSnapshot()).toMatchObject({ settings: { pageGap: 'small', background: 'light' }, unsaved: true })
    const sent = store.record()!
    // The service answers the save with its own (earlier) time: taken, saved.
    store.settle({ ...sent, updatedAt: '2026-03-01T09:59:00.000Z' }, sent)
    expect(store.getSnapshot()).toEqual({ settings: { pageWidth: 'column', pageGap: 'small', background: 'light', scrollSpeed: 'medium', flow: 'episode' }, updatedAt: '2026-03-01T09:59:00.000Z', unsaved: false })
  })
})

/** Calls of a service that keeps one set of settings by the latest change, and can be made to fail. */
function fakeService(now: () => Date) {
  let kept: ReaderSettingsRecord | null = null
  let failing = false
  const calls = {
    readerSettings: vi.fn(async () => {
      if (failing) throw new Error('network')
      return { data: kept ? [kept] : [] }
    }),
    saveReaderSettings: vi.fn(async (body: ReaderSettingsRecord) => {
      if (failing) throw new Error('network')
      const candidate = { ...body, updatedAt: acceptedSettingsTime(body.updatedAt, now()).toISOString() }
      kept = latestReaderSettings(kept, candidate)
      return { data: [kept!] }
    }),
  } satisfies ReaderSettingsCalls
  return {
    calls,
    get kept() {
      return kept
    },
    set kept(value) {
      kept = value
    },
    fail: (value: boolean) => void (failing = value),
  }
}

const events = () => {
  const target = new EventTarget()
  return Object.assign(target, { goOnline: () => target.dispatchEvent(new Event('online')) })
}

describe('createReaderSettingsSync', () => {
  afterEach(() => vi.useRealTimers())

  it("a guest's change is sent at sign-in; a later change of another device is taken at sign-in", async () => {
    const service = fakeService(at('2026-03-01T12:00:00.000Z'))
    const store = createReaderSettingsStore(createMemoryStorage(), { now: at('2026-03-01T10:00:00.000Z') })
    const session = createSessionStore(createMemoryStorage())
    const sync = createReaderSettingsSync({ store, session, calls: service.calls, events: events() })
    store.change({ pageWidth: 'fit' })
    await sync.syncNow()
    expect(service.calls.saveReaderSettings).not.toHaveBeenCalled()

    session.set(user('a'), 'token-a')
    await vi.waitFor(() => expect(store.getSnapshot().unsaved).toBe(false))
    expect(service.kept).toMatchObject({ pageWidth: 'fit', updatedAt: '2026-03-01T10:00:00.000Z' })

    // Another device changes the background later; this one signs in again and takes it.
    service.kept = { ...service.kept!, background: 'light', updatedAt: '2026-03-01T11:00:00.000Z' }
    session.clear()
    session.set(user('a'), 'token-a2')
    await vi.waitFor(() => expect(store.getSnapshot().settings.background).toBe('light'))
    expect(store.getSnapshot()).toMatchObject({ settings: { pageWidth: 'fit' }, unsaved: false })
    sync.dispose()
  })

  it("an older device's change never overwrites a newer one kept by the service", async () => {
    const service = fakeService(at('2026-03-01T12:00:00.000Z'))
    service.kept = { ...DEFAULT_READER_SETTINGS, pageGap: 'large', updatedAt: '2026-03-01T11:00:00.000Z' }
    const store = createReaderSettingsStore(createMemoryStorage(), { now: at('2026-03-01T10:00:00.000Z') })
    store.change({ pageGap: 'small' })
    const session = createSessionStore(createMemoryStorage())
    session.set(user('a'), 'token')
    const sync = createReaderSettingsSync({ store, session, calls: service.calls, events: events() })
    await sync.syncNow()
    expect(store.getSnapshot()).toMatchObject({ settings: { pageGap: 'large' }, unsaved: false })
    expect(service.kept).toMatchObject({ pageGap: 'large' })
    sync.dispose()
  })

  it('a failed save stays here, unsaved, and is sent again after a wait and when the network is back', async () => {
    vi.useFakeTimers()
    const service = fakeService(at('2026-03-01T12:00:00.000Z'))
    const store = createReaderSettingsStore(createMemoryStorage(), { now: at('2026-03-01T10:00:00.000Z') })
    const session = createSessionStore(createMemoryStorage())
    session.set(user('a'), 'token')
    const online = events()
    const sync = createReaderSettingsSync({ store, session, calls: service.calls, events: online, retryDelaysMs: [1_000, 5_000] })
    await sync.syncNow()
    service.fail(true)
    store.change({ background: 'light' })
    await vi.advanceTimersByTimeAsync(0)
    expect(service.calls.saveReaderSettings).toHaveBeenCalledTimes(1)
    expect(store.getSnapshot()).toMatchObject({ settings: { background: 'light' }, unsaved: true })
    expect(service.kept).toBeNull()
    // Tried again after the first wait: still failing.
    await vi.advanceTimersByTimeAsync(1_000)
    expect(service.calls.saveReaderSettings).toHaveBeenCalledTimes(2)
    // The network is back: sent at once, without waiting for the next retry.
    service.fail(false)
    online.goOnline()
    await vi.advanceTimersByTimeAsync(0)
    expect(service.kept).toMatchObject({ background: 'light' })
    expect(store.getSnapshot().unsaved).toBe(false)
    // No retry left behind.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(service.calls.saveReaderSettings).toHaveBeenCalledTimes(3)
    sync.dispose()
  })

  it('signed out, nothing is sent; after dispose, nothing either', async () => {
    const service = fakeService(at('2026-03-01T12:00:00.000Z'))
    const store = createReaderSettingsStore(createMemoryStorage())
    const session = createSessionStore(createMemoryStorage())
    const sync = createReaderSettingsSync({ store, session, calls: service.calls, events: events() })
    store.change({ pageGap: 'small' })
    sync.dispose()
    session.set(user('a'), 'token')
    store.change({ pageGap: 'large' })
    await Promise.resolve()
    expect(service.calls.readerSettings).not.toHaveBeenCalled()
    expect(service.calls.saveReaderSettings).not.toHaveBeenCalled()
  })
})
