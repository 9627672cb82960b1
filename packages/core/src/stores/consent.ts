import { STORAGE_KEYS } from './keys'
import { watchStorageKeys, writeJson, type KeyValueStorage } from './storage'
import { createStore, type ReadableStore } from './store'

/** The cookie consent states of spec §4: unset until the user chooses. */
export type ConsentState = 'unset' | 'accepted' | 'rejected'

export interface ConsentStore extends ReadableStore<ConsentState> {
  /** The user pressed Accept: analytics storage is granted. */
  accept(): void
  /** The user pressed Reject: analytics storage is denied. */
  reject(): void
  /** Stops following other tabs. */
  dispose(): void
}

/**
 * Reads the stored choice. It is written as a JSON string; a bare `accepted`/`rejected` (as an earlier
 * site may have stored it) is read too. Anything else counts as no choice, so the banner asks again.
 */
function loadConsent(storage: KeyValueStorage): ConsentState {
  let raw: string | null
  try {
    raw = storage.getItem(STORAGE_KEYS.consent)
  } catch {
    return 'unset'
  }
  if (raw === null) return 'unset'
  let value: unknown = raw
  try {
    value = JSON.parse(raw)
  } catch {
    /* a bare string */
  }
  return value === 'accepted' || value === 'rejected' ? value : 'unset'
}

/**
 * The cookie consent choice, stored under 'google-analytics-consent' (spec §4, §9) and followed across
 * tabs. A storage that refuses the write keeps the choice in memory for the session.
 * @example
 * const consent = createConsentStore(createBrowserStorage())
 * if (consent.getSnapshot() === 'unset') showBanner()
 * consent.accept()
 */
export function createConsentStore(storage: KeyValueStorage): ConsentStore {
  const store = createStore<ConsentState>(loadConsent(storage))
  const choose = (state: 'accepted' | 'rejected') => {
    writeJson(storage, STORAGE_KEYS.consent, state)
    store.set(state)
  }
  const dispose = watchStorageKeys(storage, [STORAGE_KEYS.consent], () => store.set(loadConsent(storage)))
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    accept: () => choose('accepted'),
    reject: () => choose('rejected'),
    dispose,
  }
}
