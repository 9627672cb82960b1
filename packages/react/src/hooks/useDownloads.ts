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
 * The episodes downloaded on this device (core's download store): what, their sizes, downloads in
 * progress; remove one or all. Reads the stored downloads on first use.
 * @example
 * const { episodes, totalBytes, removeAll } = useDownloads()
 */
export function useDownloads(): DownloadsHandle {
  const { stores } = useComicsContext('useDownloads')
  const store = stores.downloads
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
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
