import { readJson, removeKey, watchStorageKeys, writeJson, type KeyValueStorage } from './storage'
import { createStore, type ReadableStore } from './store'

/**
 * Where the address an email sign-in link was sent to is kept until the link is opened. Not a key of
 * spec §9 (which does not say where): the kit's own, beside them (docs/decisions.md).
 */
export const SIGN_IN_EMAIL_KEY = 'emailForSignIn'

export interface SignInEmailStore extends ReadableStore<string | null> {
  /** Keeps the address a sign-in link was just sent to. */
  remember(email: string): void
  /** Drops it: the link was used, or the reader gave up. */
  forget(): void
  /** Stops following other tabs. */
  dispose(): void
}

const isEmail = (value: unknown): value is string => typeof value === 'string' && value.includes('@')

/**
 * The email a sign-in link was sent to, kept in this browser (under 'emailForSignIn') so that opening
 * the link here signs in without asking again; opened in another browser, the link finds none and the
 * reader is asked for the address. Anything but a stored address reads as none.
 * @example
 * const signInEmail = createSignInEmailStore(createBrowserStorage())
 * await auth.sendSignInLink(email, location.href)
 * signInEmail.remember(email)
 */
export function createSignInEmailStore(storage: KeyValueStorage): SignInEmailStore {
  const load = () => readJson<string | null>(storage, SIGN_IN_EMAIL_KEY, null, (value): value is string | null => value === null || isEmail(value))
  const store = createStore(load())
  const dispose = watchStorageKeys(storage, [SIGN_IN_EMAIL_KEY], () => store.set(load()))
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    remember(email) {
      writeJson(storage, SIGN_IN_EMAIL_KEY, email)
      store.set(email)
    },
    forget() {
      removeKey(storage, SIGN_IN_EMAIL_KEY)
      store.set(null)
    },
    dispose,
  }
}
