/** A subscribable value: the shape React's `useSyncExternalStore` binds to. */
export interface ReadableStore<T> {
  getSnapshot(): T
  subscribe(listener: () => void): () => void
}

/**
 * A minimal store: a snapshot and a listener set. `set` replaces the snapshot and notifies only when it
 * changed (by identity), so snapshots stay stable between renders.
 */
export function createStore<T>(initial: T) {
  let snapshot = initial
  const listeners = new Set<() => void>()
  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    set(next: T) {
      if (Object.is(next, snapshot)) return
      snapshot = next
      for (const listener of [...listeners]) listener()
    },
  }
}
