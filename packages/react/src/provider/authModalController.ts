import { createStore, type ReadableStore } from '@comics/core'

/** The two modes of the auth modal; it opens in sign-in mode unless told otherwise (spec §4). */
export type AuthModalMode = 'sign-in' | 'sign-up'

export interface AuthModalState {
  open: boolean
  mode: AuthModalMode
}

/**
 * The auth modal as shared UI state: any component may open it (TopBar's Sign In, a locked episode,
 * the reader's asset error) and one AuthModal renders it. `onClose` listeners hear every close, so the
 * reader can refetch its assets when the modal closes (spec §4 "Locked access").
 */
export interface AuthModalController extends ReadableStore<AuthModalState> {
  /** Anything but 'sign-up' opens sign-in, so it can be wired straight to onClick (the event is ignored). */
  open(mode?: AuthModalMode | { type: string }): void
  close(): void
  setMode(mode: AuthModalMode): void
  /** Calls `listener` each time the modal goes from open to closed; returns the unsubscribe function. */
  onClose(listener: () => void): () => void
}

const CLOSED: AuthModalState = Object.freeze({ open: false, mode: 'sign-in' })

export function createAuthModalController(): AuthModalController {
  const store = createStore<AuthModalState>(CLOSED)
  const closeListeners = new Set<() => void>()
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    open(requested) {
      // Tolerates being wired straight to onClick, where the argument is the click event.
      const mode: AuthModalMode = requested === 'sign-up' ? 'sign-up' : 'sign-in'
      const current = store.getSnapshot()
      if (current.open && current.mode === mode) return
      store.set({ open: true, mode })
    },
    close() {
      if (!store.getSnapshot().open) return
      store.set(CLOSED)
      for (const listener of [...closeListeners]) listener()
    },
    setMode(mode) {
      const current = store.getSnapshot()
      if (current.mode !== mode) store.set({ ...current, mode })
    },
    onClose(listener) {
      closeListeners.add(listener)
      return () => void closeListeners.delete(listener)
    },
  }
}
