import { useEffect, useSyncExternalStore } from 'react'
import type { DownloadsSnapshot, DownloadStore } from '@comics/core'
import { useComicsContext } from './useComicsContext'

export interface DownloadsHandle extends DownloadsSnapshot {
  /** Bytes of every downloaded episode's pages. */
  totalBytes: number
  remove: DownloadStore['remove']
  removeAll: DownloadStore['removeAll']
}

/**
 * What a server render and the hydration that takes it over both show: nothing read yet. The server has
 * no downloads, and the browser's store may have read its own before the page hydrates; showing them in
 * the hydration would not match the server's HTML. They come in the render after it.
 */
const NOT_READ: DownloadsSnapshot = { status: 'loading', episodes: [], inProgress: {} }
const notRead = () => NOT_READ

/**
 * The episodes downloaded on this device (core's download store): what, their sizes, downloads in
 * progress; remove one or all. Reads the stored downloads on first use.
 * @example
 * const { episodes, totalBytes, removeAll } = useDownloads()
 */
export function useDownloads(): DownloadsHandle {
  const { stores } = useComicsContext('useDownloads')
  const store = stores.downloads
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, notRead)
  useEffect(() => {
    void store.load()
  }, [store])
  return {
    ...snapshot,
    totalBytes: snapshot.episodes.reduce((sum, episode) => sum + episode.bytes, 0),
    remove: store.remove,
    removeAll: store.removeAll,
  }
}
