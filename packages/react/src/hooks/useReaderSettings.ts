import { useSyncExternalStore } from 'react'
import type { ReaderSettings } from '@comics/core'
import { SERVER_READER_SETTINGS } from './serverSnapshots'
import { useComicsContext } from './useComicsContext'

export interface ReaderSettingsHandle {
  /** Page width, gap between pages and background (core `ReaderSettings`); the defaults until changed. */
  settings: ReaderSettings
  /** Changed on this device and not yet kept by the account (signed out, or a save that failed). */
  unsaved: boolean
  /** Changes some settings: kept at once across reloads and, when signed in, sent to the account. */
  change(settings: Partial<ReaderSettings>): void
}

/**
 * The reader's settings, from the provider's store (kept under its own storage key, synced across a
 * signed-in reader's devices by the provider).
 * @example
 * const { settings, change } = useReaderSettings()
 * change({ pageWidth: settings.pageWidth === 'fit' ? 'column' : 'fit' })
 */
export function useReaderSettings(): ReaderSettingsHandle {
  const { readerSettings } = useComicsContext('useReaderSettings').stores
  const snapshot = useSyncExternalStore(readerSettings.subscribe, readerSettings.getSnapshot, SERVER_READER_SETTINGS)
  return { settings: snapshot.settings, unsaved: snapshot.unsaved, change: readerSettings.change }
}
