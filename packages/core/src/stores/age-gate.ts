import { STORAGE_KEYS } from './keys'
import { readJson, watchStorageKeys, writeJson, type KeyValueStorage } from './storage'
import { createStore, type ReadableStore } from './store'

export interface AgeGate extends ReadableStore<boolean> {
  /** The user answered Yes to 'Are you over the age of 18?': passed, persistently. */
  confirm(): void
  /** Stops following other tabs. */
  dispose(): void
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'

/**
 * Whether the user passed the age verification: false until they answer Yes, then true persistently
 * under 'isUserPassAgeVerification' (spec §3, §4). Only a stored `true` counts; anything else, corrupt
 * or unreadable, asks again.
 * @example
 * const ageGate = createAgeGate(createBrowserStorage())
 * if (mode === 'adult' && !ageGate.getSnapshot()) showAgeVerification()
 * ageGate.confirm()
 */
export function createAgeGate(storage: KeyValueStorage): AgeGate {
  const load = () => readJson(storage, STORAGE_KEYS.isUserPassAgeVerification, false, isBoolean)
  const store = createStore(load())
  const dispose = watchStorageKeys(storage, [STORAGE_KEYS.isUserPassAgeVerification], () => {
    // Once passed in this tab, another tab's corrupt write does not bring the gate back.
    if (!store.getSnapshot()) store.set(load())
  })
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    confirm() {
      writeJson(storage, STORAGE_KEYS.isUserPassAgeVerification, true)
      store.set(true)
    },
    dispose,
  }
}
