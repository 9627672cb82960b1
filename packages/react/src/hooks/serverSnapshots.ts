import { useSyncExternalStore } from 'react'
import { DEFAULT_READER_SETTINGS, type ConsentState, type ProgressSnapshot, type ReaderSettingsSnapshot, type SessionSnapshot } from '@comics/core'

// What the kit's stores read as in a server render and in the hydration that takes it over: a first
// visit. A server cannot see the visitor's storage, and a hydration's first render must be the server's;
// React renders again with the stored values (session, progress, consent, age answer) right after it.
// A page rendered on the client alone never reads these.

export const SERVER_SESSION = (): SessionSnapshot => SESSION
export const SERVER_PROGRESS = (): ProgressSnapshot => PROGRESS
export const SERVER_CONSENT = (): ConsentState => 'unset'
export const SERVER_AGE_PASSED = (): boolean => false

const SESSION: SessionSnapshot = Object.freeze({ user: null, token: null, signedIn: false })
const PROGRESS: ProgressSnapshot = Object.freeze({ lastReadComics: [], history: [] })

const subscribeToNothing = () => () => {}

/**
 * False in a server render and in the hydration that takes it over, true everywhere else (a page
 * rendered on the client alone reads true from its first render): for what may wait until the app runs,
 * such as decorative images that would share the link with what the page shows first.
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}

const READER_SETTINGS: ReaderSettingsSnapshot = Object.freeze({ settings: DEFAULT_READER_SETTINGS, updatedAt: null, unsaved: false })
export const SERVER_READER_SETTINGS = (): ReaderSettingsSnapshot => READER_SETTINGS
