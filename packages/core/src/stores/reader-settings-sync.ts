import type { Envelope } from '../contract/envelope'
import type { ReaderSettingsRecord } from '../rules/readerSettings'
import type { ReaderSettingsStore } from './reader-settings'
import type { SessionStore } from './session'

/** The calls the sync makes (`api.account` of `createComicsApi`). */
export interface ReaderSettingsCalls {
  readerSettings(): Promise<Envelope<ReaderSettingsRecord>>
  saveReaderSettings(body: ReaderSettingsRecord): Promise<Envelope<ReaderSettingsRecord>>
}

export interface ReaderSettingsSyncOptions {
  store: ReaderSettingsStore
  session: SessionStore
  calls: ReaderSettingsCalls
  /** Waits before each new attempt after a failure; the last repeats. Default 2 s, 10 s, 30 s, 60 s. */
  retryDelaysMs?: readonly number[]
  /** Where the `online` event comes from (a retry as soon as the network is back); default `window`. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>
}

export interface ReaderSettingsSync {
  /** Reads the service's settings and sends this device's unsaved change; resolves when done (or failed). */
  syncNow(): Promise<void>
  /** Stops: no more calls, no more retries. */
  dispose(): void
}

const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 30_000, 60_000] as const

/**
 * Keeps a signed-in reader's settings across devices. On sign-in (and on start when signed in) the
 * service's settings are read and the latest change wins (core `latestReaderSettings`): a later change of
 * another device is taken, this device's later or unsaved change is sent. A change made while signed in
 * is sent at once. A failed read or save loses nothing: the change stays here, marked unsaved, and is
 * sent again after a wait (growing), when the network comes back, or at the next sign-in.
 * @example
 * const sync = createReaderSettingsSync({ store: readerSettings, session, calls: api.account })
 * // later: sync.dispose()
 */
export function createReaderSettingsSync({
  store,
  session,
  calls,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  events = typeof window === 'undefined' ? undefined : window,
}: ReaderSettingsSyncOptions): ReaderSettingsSync {
  let disposed = false
  let running: Promise<void> | null = null
  let again = false
  let failures = 0
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  /** The account the service's settings were last read for: a new sign-in reads them again. */
  let readFor: string | null = null

  const signedInUid = () => {
    const { user, token } = session.getSnapshot()
    return user && token ? user.uid : null
  }

  const clearRetry = () => {
    if (retryTimer !== null) clearTimeout(retryTimer)
    retryTimer = null
  }

  const pass = async () => {
    const uid = signedInUid()
    if (!uid) return
    if (readFor !== uid) {
      const { data } = await calls.readerSettings()
      if (disposed || signedInUid() !== uid) return
      store.settle(data[0] ?? null)
      readFor = uid
    }
    const local = store.record()
    if (!local || !store.getSnapshot().unsaved) return
    const { data } = await calls.saveReaderSettings(local)
    if (disposed || signedInUid() !== uid) return
    store.settle(data[0] ?? null, local)
  }

  const syncNow = (): Promise<void> => {
    if (disposed) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    clearRetry()
    running = (async () => {
      do {
        again = false
        try {
          await pass()
          failures = 0
        } catch {
          // Kept here, unsaved: tried again later.
          if (!disposed && signedInUid()) {
            const delay = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 60_000
            failures += 1
            clearRetry()
            retryTimer = setTimeout(() => void syncNow(), delay)
          }
          again = false
        }
      } while (again && !disposed)
    })().finally(() => {
      running = null
    })
    return running
  }

  const stopSession = session.subscribe(() => {
    const uid = signedInUid()
    if (uid === null) {
      readFor = null
      clearRetry()
      failures = 0
    } else if (uid !== readFor) void syncNow()
  })
  const stopStore = store.subscribe(() => {
    if (store.getSnapshot().unsaved && signedInUid() && retryTimer === null) void syncNow()
  })
  const onOnline = () => {
    if (store.getSnapshot().unsaved || readFor === null) void syncNow()
  }
  events?.addEventListener('online', onOnline)
  void syncNow()

  return {
    syncNow,
    dispose() {
      disposed = true
      clearRetry()
      stopSession()
      stopStore()
      events?.removeEventListener('online', onOnline)
    },
  }
}
