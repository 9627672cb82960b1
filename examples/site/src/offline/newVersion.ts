/**
 * Whether a new version of the site is installed and waiting, and how to take it: set by the worker's
 * registration (registerServiceWorker.ts), read by the prompt (NewVersionNotice.tsx). Kept apart from the
 * registration so that the prompt does not pull the registration into the first render's bundle.
 */
export interface NewVersionState {
  /** Takes the waiting version and reloads the page, or null while none waits. */
  take: (() => void) | null
  /** Reload was pressed: the page reloads as soon as the new worker controls it. */
  taking: boolean
}

let state: NewVersionState = { take: null, taking: false }
const listeners = new Set<() => void>()
const set = (next: NewVersionState) => {
  state = next
  for (const listener of listeners) listener()
}

export const newVersion = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getSnapshot: (): NewVersionState => state,
  /** A new version waits; `take` activates it (the page reloads once it controls the page). */
  offer(take: () => void): void {
    set({ take: () => (set({ ...state, taking: true }), take()), taking: false })
  },
  /** Later: the new version is taken on the next visit. */
  dismiss(): void {
    set({ take: null, taking: false })
  },
}
