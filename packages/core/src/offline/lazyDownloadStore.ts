import type { DownloadsSnapshot, DownloadStore, DownloadStoreOptions } from './downloadStore'

/**
 * Core's download store (createDownloadStore), loaded when the page first needs it: a download, a
 * `load()` (the kit's download buttons and lists call it), or a read answered from the downloads without
 * network. Until then it reads as the store reads before its first load ('loading', nothing downloaded;
 * 'unsupported' without Cache Storage), so a page without downloads to show does not carry its code.
 * A failed load of the module is tried again on the next call.
 * @example
 * const downloads = createLazyDownloadStore()
 * <ComicsProvider stores={{ downloads }} />
 */
export function createLazyDownloadStore(options: DownloadStoreOptions = {}): DownloadStore {
  const supported = options.caches === null ? false : options.caches !== undefined || typeof (globalThis as { caches?: unknown }).caches !== 'undefined'
  const before: DownloadsSnapshot = { status: supported ? 'loading' : 'unsupported', episodes: [], inProgress: {} }
  const listeners = new Set<() => void>()
  let store: DownloadStore | undefined
  let loading: Promise<DownloadStore> | undefined
  const loaded = (): Promise<DownloadStore> => {
    loading ??= import('./downloadStore').then(
      ({ createDownloadStore }) => {
        store = createDownloadStore(options)
        store.subscribe(() => listeners.forEach((listener) => listener()))
        listeners.forEach((listener) => listener())
        return store
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    getSnapshot: () => store?.getSnapshot() ?? before,
    load: () => loaded().then((downloads) => downloads.load()),
    download: (episode, viewer) => loaded().then((downloads) => downloads.download(episode, viewer)),
    remove: (key) => loaded().then((downloads) => downloads.remove(key)),
    removeAll: () => loaded().then((downloads) => downloads.removeAll()),
    removeRevoked: (viewer) => loaded().then((downloads) => downloads.removeRevoked(viewer)),
    // Nothing is found before the first load, as with the store itself.
    find: (comicId, chapterId, variant) => store?.find(comicId, chapterId, variant),
  }
}
