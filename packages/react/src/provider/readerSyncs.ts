import type { QueryClient } from '@tanstack/react-query'
import { createProgressSync, createReaderSettingsSync, type ComicsApi } from '@comics/core'
import type { ComicsStores } from './comicsContext'

export interface ReaderSyncsOptions {
  api: ComicsApi
  stores: ComicsStores
  queryClient: QueryClient
  /** Progress sent and merged with the account (the provider's `syncProgress`). */
  syncProgress: boolean
}

/**
 * A signed-in reader's progress and reader settings, kept with their account (core's createProgressSync
 * and createReaderSettingsSync). The provider loads this module at the first signed-in moment of the
 * page: a guest's pages do not carry the syncs. Returns the stop.
 */
export function startReaderSyncs({ api, stores, queryClient, syncProgress }: ReaderSyncsOptions): () => void {
  const stops: (() => void)[] = []
  // Progress follows the reader: sent and merged while signed in; the followed comics' new episodes
  // depend on it, so they are asked again after each sync.
  if (syncProgress && api.progress) {
    const sync = createProgressSync({
      progress: stores.progress,
      session: stores.session,
      send: (entries) => api.progress.sync(entries),
    })
    let lastSyncedAt = sync.getSnapshot().lastSyncedAt
    const stop = sync.subscribe(() => {
      const next = sync.getSnapshot().lastSyncedAt
      if (next === lastSyncedAt) return
      lastSyncedAt = next
      void queryClient.invalidateQueries({ queryKey: ['comics-kit', 'follows'] })
    })
    stops.push(() => {
      stop()
      sync.dispose()
    })
  }
  // A signed-in reader's settings follow them across devices: read at sign-in, a change sent at once, a
  // failed save kept on this device and sent again later.
  const settings = createReaderSettingsSync({ store: stores.readerSettings, session: stores.session, calls: api.account })
  stops.push(() => settings.dispose())
  return () => stops.forEach((stop) => stop())
}
