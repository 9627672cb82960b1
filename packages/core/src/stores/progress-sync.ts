import { PROGRESS_SYNC_LIMIT, type TimedPosition } from '../rules/readingSync'
import type { ProgressSnapshot, ProgressStore } from './progress'
import type { SessionStore } from './session'
import { createStore, type ReadableStore } from './store'

/** The one call the sync needs: POST /me/progress (`api.progress.sync` of the kit's client). */
export type SendProgress = (entries: TimedPosition[]) => Promise<{ data: readonly TimedPosition[] }>

export interface ProgressSyncState {
  /** 'idle' (nothing to send, or signed out), 'syncing', or 'failed' (kept locally, sent again later). */
  status: 'idle' | 'syncing' | 'failed'
  /** When the account last answered, in milliseconds since the epoch; null before. */
  lastSyncedAt: number | null
}

export interface ProgressSync extends ReadableStore<ProgressSyncState> {
  /** Sends this browser's positions and takes the account's now (does nothing signed out). */
  syncNow(): Promise<void>
  /** Stops following the stores, the network and the timers. */
  dispose(): void
}

export interface ProgressSyncOptions {
  progress: ProgressStore
  session: SessionStore
  send: SendProgress
  /** Wait after a recorded position before sending (positions are recorded while scrolling). Default 2000 ms. */
  debounceMs?: number
  /** Where `online` fires; default `window` when there is one. */
  network?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null
  now?: () => number
}

/** Retry backoff after a failed send: min(1000 × 2^n, 30000) ms. */
const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000)

const positionsOf = (snapshot: ProgressSnapshot): TimedPosition[] => snapshot.history.slice(0, PROGRESS_SYNC_LIMIT)

/**
 * What a send carries: every position (at most the limit) when the account has confirmed none yet in this
 * session (the first send after sign-in or a reload), else only those changed since its last answer (a
 * page turned is one position). The answer is always the account's whole list.
 */
const changedSince = (positions: TimedPosition[], confirmedAt: ReadonlyMap<string, number> | null): TimedPosition[] =>
  confirmedAt ? positions.filter((position) => (confirmedAt.get(position.comicId) ?? -Infinity) < position.updatedAt) : positions

/**
 * Keeps a signed-in reader's progress with their account: on sign-in (a guest's positions are merged
 * into the account), after each recorded position (debounced), when the browser comes back `online`,
 * and again with backoff after a failure. Nothing is lost while the API fails: the positions stay in
 * the browser's store (the spec's keys) and the next send carries them; the merge on both sides is
 * core `mergeReadingProgress`, so an older device never overwrites newer progress. The first send of a
 * session carries every position; once the account has answered, a send carries only the positions
 * changed since its answer (a failed send's among them), and the answer is still the whole list.
 * @example
 * const sync = createProgressSync({ progress, session, send: (entries) => api.progress.sync(entries) })
 */
export function createProgressSync(options: ProgressSyncOptions): ProgressSync {
  const { progress, session, send } = options
  const debounceMs = options.debounceMs ?? 2000
  const now = options.now ?? Date.now
  const network = options.network === undefined ? (typeof window === 'undefined' ? null : window) : options.network
  const state = createStore<ProgressSyncState>({ status: 'idle', lastSyncedAt: null })

  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> | null = null
  let again = false
  let failures = 0
  let disposed = false
  // The snapshot the account last confirmed: a change of the store to it (our own merge) is not sent back.
  let confirmed: ProgressSnapshot | null = null
  // When each comic's position the account last answered was changed: what a send need not carry again.
  let confirmedAt: Map<string, number> | null = null
  let signedInAs = session.getSnapshot().signedIn ? session.getSnapshot().user?.uid ?? null : null

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer)
    timer = null
  }
  const schedule = (delay: number) => {
    clearTimer()
    if (!disposed) timer = setTimeout(() => void syncNow(), delay)
  }

  async function runOnce(): Promise<void> {
    if (!session.getSnapshot().signedIn) {
      state.set({ ...state.getSnapshot(), status: 'idle' })
      return
    }
    state.set({ ...state.getSnapshot(), status: 'syncing' })
    const sentAs = signedInAs
    try {
      const answer = await send(changedSince(positionsOf(progress.getSnapshot()), confirmedAt))
      if (disposed) return
      // The reader signed out (or another signed in) while it was on its way: the account's positions
      // are not this browser's any more.
      if (signedInAs !== sentAs) return
      progress.merge(answer.data.map((entry) => ({ ...entry })))
      confirmed = progress.getSnapshot()
      confirmedAt = new Map(answer.data.map((entry) => [entry.comicId, entry.updatedAt]))
      failures = 0
      state.set({ status: 'idle', lastSyncedAt: now() })
    } catch {
      if (disposed) return
      failures += 1
      state.set({ ...state.getSnapshot(), status: 'failed' })
      schedule(retryDelay(failures - 1))
    }
  }

  function syncNow(): Promise<void> {
    if (disposed) return Promise.resolve()
    clearTimer()
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await runOnce()
      } while (again && !disposed)
    })().finally(() => {
      running = null
    })
    return running
  }

  const stopProgress = progress.subscribe(() => {
    if (!session.getSnapshot().signedIn || progress.getSnapshot() === confirmed) return
    // A failed send retries on its own backoff; a new position does not hurry it.
    if (state.getSnapshot().status !== 'failed') schedule(debounceMs)
  })
  const stopSession = session.subscribe(() => {
    const { signedIn, user } = session.getSnapshot()
    const uid = signedIn ? user?.uid ?? null : null
    if (uid === signedInAs) return
    // Leaving an account leaves nothing of it in this browser when the account holds all of it: the next
    // reader signed in here does not take these positions into their account. Positions the account has
    // not confirmed (a send failed, offline) stay: they are not lost, and join the next account.
    const accountHoldsAll = signedInAs !== null && confirmed !== null && progress.getSnapshot() === confirmed
    signedInAs = uid
    confirmed = null
    confirmedAt = null
    if (accountHoldsAll) progress.clear()
    if (uid) void syncNow()
    else {
      clearTimer()
      state.set({ status: 'idle', lastSyncedAt: null })
    }
  })
  const onOnline = () => {
    if (session.getSnapshot().signedIn) void syncNow()
  }
  network?.addEventListener('online', onOnline)

  if (signedInAs) void syncNow()

  return {
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,
    syncNow,
    dispose() {
      disposed = true
      clearTimer()
      stopProgress()
      stopSession()
      network?.removeEventListener('online', onOnline)
    },
  }
}
