import { STORAGE_KEYS } from './keys'
import { readJson, removeKey, watchStorageKeys, writeJson, type KeyValueStorage } from './storage'
import { createStore, type ReadableStore } from './store'

/** The Auth user kept in client state and storage (spec §3). */
export interface AuthUser {
  uid: string
  email: string | null
  displayName: string | null
  photoURL: string | null
  emailVerified: boolean
  phoneNumber: string | null
  providerId: string
  creationTime: string | null
  lastSignInTime: string | null
  providerData: { providerId: string; uid: string; email: string | null; displayName: string | null }[]
}

export interface SessionSnapshot {
  user: AuthUser | null
  token: string | null
  /** Signed in means both user and token are present (spec §4). */
  signedIn: boolean
}

export interface SessionStore extends ReadableStore<SessionSnapshot> {
  /** Stores user and token (in memory and under `authUser` and `authToken`). */
  set(user: AuthUser, token: string): void
  /** Replaces the token only (a refresh). */
  setToken(token: string): void
  /** Clears user and token and their stored copies. */
  clear(): void
}

const isUser = (value: unknown): value is AuthUser =>
  typeof value === 'object' && value !== null && typeof (value as AuthUser).uid === 'string'
const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0

const snapshotOf = (user: AuthUser | null, token: string | null): SessionSnapshot => ({
  user,
  token,
  signedIn: user !== null && token !== null,
})

/**
 * The session: auth user and token, persisted under `authUser` and `authToken` (spec §9), restored on
 * start and followed across tabs.
 * @example
 * const session = createSessionStore(createBrowserStorage())
 * session.getSnapshot().signedIn
 */
export function createSessionStore(storage: KeyValueStorage): SessionStore {
  const load = () =>
    snapshotOf(
      readJson<AuthUser | null>(storage, STORAGE_KEYS.authUser, null, (v): v is AuthUser | null => isUser(v)),
      readJson<string | null>(storage, STORAGE_KEYS.authToken, null, (v): v is string | null => isString(v)),
    )
  const store = createStore(load())
  // A storage whose subscribe throws must not break sign-in: watchStorageKeys swallows it.
  watchStorageKeys(storage, [STORAGE_KEYS.authUser, STORAGE_KEYS.authToken], () => {
    const next = load()
    // Keep the snapshot's identity when another tab wrote what this one already holds.
    if (JSON.stringify(next) !== JSON.stringify(store.getSnapshot())) store.set(next)
  })

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    set(user, token) {
      writeJson(storage, STORAGE_KEYS.authUser, user)
      writeJson(storage, STORAGE_KEYS.authToken, token)
      store.set(snapshotOf(user, token))
    },
    setToken(token) {
      if (token === store.getSnapshot().token) return
      writeJson(storage, STORAGE_KEYS.authToken, token)
      store.set(snapshotOf(store.getSnapshot().user, token))
    },
    clear() {
      removeKey(storage, STORAGE_KEYS.authUser)
      removeKey(storage, STORAGE_KEYS.authToken)
      store.set(snapshotOf(null, null))
    },
  }
}
