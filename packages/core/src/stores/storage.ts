/**
 * A string key-value store (the shape of `localStorage`). Adapters never throw: a failed write keeps
 * the value in memory so the session goes on.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /**
   * Calls `listener` with the key whenever another tab (or anyone but this adapter) changes it.
   * Returns the unsubscribe function.
   */
  subscribe?(listener: (key: string | null) => void): () => void
}

/**
 * In-memory storage: for tests, servers, and as the fallback of the browser adapter.
 * @example const storage = createMemoryStorage({ authToken: '"t"' })
 */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial))
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  }
}

/**
 * Browser storage over `localStorage` that survives a denied, full or missing storage: reads and writes
 * that throw fall back to memory, never into the UI. Changes from other tabs arrive through the
 * `storage` event.
 * @example const storage = createBrowserStorage()
 */
export function createBrowserStorage(
  target: { localStorage?: Storage; addEventListener?: Window['addEventListener']; removeEventListener?: Window['removeEventListener'] } =
    typeof window === 'undefined' ? {} : window,
): KeyValueStorage {
  const memory = createMemoryStorage()
  /** Keys whose latest value lives only in memory because the browser refused it. */
  const shadowed = new Set<string>()
  const local = (): Storage | undefined => {
    try {
      return target.localStorage ?? undefined
    } catch {
      return undefined
    }
  }

  return {
    getItem(key) {
      if (shadowed.has(key)) return memory.getItem(key)
      try {
        const store = local()
        return store ? store.getItem(key) : memory.getItem(key)
      } catch {
        return memory.getItem(key)
      }
    },
    setItem(key, value) {
      memory.setItem(key, value)
      try {
        const store = local()
        if (!store) throw new Error('no localStorage')
        store.setItem(key, value)
        shadowed.delete(key)
      } catch {
        shadowed.add(key)
      }
    },
    removeItem(key) {
      memory.removeItem(key)
      shadowed.delete(key)
      try {
        local()?.removeItem(key)
      } catch {
        shadowed.add(key)
      }
    },
    subscribe(listener) {
      if (!target.addEventListener || !target.removeEventListener) return () => {}
      const onStorage = (event: StorageEvent) => {
        if (event.key !== null) shadowed.delete(event.key)
        listener(event.key)
      }
      target.addEventListener('storage', onStorage)
      return () => target.removeEventListener?.('storage', onStorage)
    },
  }
}

/**
 * A storage whose keys all carry `prefix`: the kit's keys (spec §9: `authUser`, `lastReadComics`, …)
 * become `{prefix}authUser`, … so that the kit, embedded on a partner's domain, never reads or
 * overwrites the partner's own entries of the same name. Changes from other tabs are reported under the
 * kit's key, and only for keys that carry the prefix (a cleared storage is still reported, as null).
 * @example const storage = createPrefixedStorage(createBrowserStorage(), 'comics:')
 */
export function createPrefixedStorage(storage: KeyValueStorage, prefix: string): KeyValueStorage {
  if (!prefix) throw new TypeError('createPrefixedStorage needs a prefix, such as "comics:"')
  const prefixed: KeyValueStorage = {
    getItem: (key) => storage.getItem(prefix + key),
    setItem: (key, value) => storage.setItem(prefix + key, value),
    removeItem: (key) => storage.removeItem(prefix + key),
  }
  if (storage.subscribe) {
    prefixed.subscribe = (listener) =>
      storage.subscribe!((key) => {
        if (key === null || key.startsWith(prefix)) listener(key && key.slice(prefix.length))
      })
  }
  return prefixed
}

/**
 * Reads a JSON value; a missing, unreadable or corrupt entry gives `fallback`, and `accept` lets the
 * caller refuse a value of the wrong shape.
 */
export function readJson<T>(
  storage: KeyValueStorage,
  key: string,
  fallback: T,
  accept: (value: unknown) => value is T,
): T {
  let raw: string | null
  try {
    raw = storage.getItem(key)
  } catch {
    return fallback
  }
  if (raw === null) return fallback
  try {
    const value: unknown = JSON.parse(raw)
    return accept(value) ? value : fallback
  } catch {
    return fallback
  }
}

/** Writes a JSON value; a storage that throws is ignored (the store keeps its in-memory state). */
export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value))
  } catch {
    /* the store's snapshot stays the source of truth for this session */
  }
}

/** Removes a key; a storage that throws is ignored. */
export function removeKey(storage: KeyValueStorage, key: string): void {
  try {
    storage.removeItem(key)
  } catch {
    /* nothing to keep */
  }
}

/**
 * Calls `onChange` when another tab changes one of `keys` (or clears the storage). A storage without
 * change events, or one whose `subscribe` throws, is simply not followed.
 * @example const stop = watchStorageKeys(storage, [STORAGE_KEYS.authToken], reload)
 */
export function watchStorageKeys(
  storage: KeyValueStorage,
  keys: readonly string[],
  onChange: () => void,
): () => void {
  try {
    return (
      storage.subscribe?.((key) => {
        if (key === null || keys.includes(key)) onChange()
      }) ?? (() => {})
    )
  } catch {
    return () => {}
  }
}
