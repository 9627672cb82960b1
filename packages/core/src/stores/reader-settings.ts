import {
  DEFAULT_READER_SETTINGS,
  latestReaderSettings,
  readerSettingsOf,
  readerSettingsProblems,
  withDefaultLaterSettings,
  type ReaderSettings,
  type ReaderSettingsRecord,
} from '../rules/readerSettings'
import { READER_SETTINGS_STORAGE_KEY } from './keys'
import { readJson, watchStorageKeys, writeJson, type KeyValueStorage } from './storage'
import { createStore, type ReadableStore } from './store'

export interface ReaderSettingsSnapshot {
  settings: ReaderSettings
  /** When the settings were last changed (ISO timestamp); null while they are the defaults never chosen. */
  updatedAt: string | null
  /** Changed on this device and not yet kept by the service (sent when signed in, again after a failure). */
  unsaved: boolean
}

export interface ReaderSettingsStore extends ReadableStore<ReaderSettingsSnapshot> {
  /** The reader changed some settings: kept at once (and across reloads), marked unsaved. */
  change(settings: Partial<ReaderSettings>): void
  /**
   * What the service keeps (after a read, or after saving `sent`): taken when it is a later change than
   * this device's, or when it answers this device's save of `sent` with nothing changed here since
   * (then marked saved); this device's later change stays unsaved, to be sent.
   */
  settle(kept: ReaderSettingsRecord | null, sent?: ReaderSettingsRecord): void
  /** The settings as the service takes them (with when they changed), or null when never changed. */
  record(): ReaderSettingsRecord | null
  /** Stops following other tabs. */
  dispose(): void
}

interface StoredSettings extends ReaderSettingsRecord {
  unsaved: boolean
}

const isStored = (value: unknown): value is StoredSettings =>
  readerSettingsProblems(value).length === 0 &&
  typeof (value as StoredSettings).updatedAt === 'string' &&
  !Number.isNaN(Date.parse((value as StoredSettings).updatedAt)) &&
  typeof (value as StoredSettings).unsaved === 'boolean'

const DEFAULT_SNAPSHOT: ReaderSettingsSnapshot = Object.freeze({ settings: DEFAULT_READER_SETTINGS, updatedAt: null, unsaved: false })

function load(storage: KeyValueStorage): ReaderSettingsSnapshot {
  // Kept before auto-scroll had a speed or continuous reading existed: read with their defaults, the other
  // choices as they were.
  const raw = readJson<unknown>(storage, READER_SETTINGS_STORAGE_KEY, null, (value): value is unknown => true)
  const stored = withDefaultLaterSettings(raw)
  return isStored(stored) ? { settings: readerSettingsOf(stored), updatedAt: stored.updatedAt, unsaved: stored.unsaved } : DEFAULT_SNAPSHOT
}

const sameSettings = (a: ReaderSettings, b: ReaderSettings) =>
  a.pageWidth === b.pageWidth && a.pageGap === b.pageGap && a.background === b.background && a.scrollSpeed === b.scrollSpeed && a.flow === b.flow

/**
 * The reader's settings (core `ReaderSettings`), kept under {@link READER_SETTINGS_STORAGE_KEY} and
 * followed across tabs; the defaults until the reader changes one; a corrupt entry reads as the defaults.
 * `createReaderSettingsSync` keeps them across a signed-in reader's devices.
 * @example
 * const settings = createReaderSettingsStore(createBrowserStorage())
 * settings.change({ pageGap: 'small' })
 * settings.getSnapshot().settings.pageGap // 'small'
 */
export function createReaderSettingsStore(storage: KeyValueStorage, options: { now?: () => Date } = {}): ReaderSettingsStore {
  const now = options.now ?? (() => new Date())
  const store = createStore(load(storage))
  const write = (snapshot: ReaderSettingsSnapshot) => {
    if (snapshot.updatedAt !== null) writeJson(storage, READER_SETTINGS_STORAGE_KEY, { ...snapshot.settings, updatedAt: snapshot.updatedAt, unsaved: snapshot.unsaved })
    store.set(snapshot)
  }
  const record = (): ReaderSettingsRecord | null => {
    const { settings, updatedAt } = store.getSnapshot()
    return updatedAt === null ? null : { ...settings, updatedAt }
  }
  const dispose = watchStorageKeys(storage, [READER_SETTINGS_STORAGE_KEY], () => {
    const next = load(storage)
    const current = store.getSnapshot()
    if (next.updatedAt !== current.updatedAt || next.unsaved !== current.unsaved || !sameSettings(next.settings, current.settings)) store.set(next)
  })
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    record,
    change(changes) {
      const current = store.getSnapshot().settings
      const settings = readerSettingsOf({ ...current, ...changes })
      // Called from plain JavaScript too: a value that is not one of the choices is not kept.
      if (readerSettingsProblems(settings).length > 0 || sameSettings(settings, current)) return
      // Never earlier than the change before it, whatever the device's clock did since.
      const previous = store.getSnapshot().updatedAt
      const time = Math.max(now().getTime(), previous === null ? 0 : Date.parse(previous) + 1)
      write({ settings, updatedAt: new Date(time).toISOString(), unsaved: true })
    },
    settle(kept, sent) {
      if (!kept) return
      const local = record()
      const current = store.getSnapshot()
      // The answer to this device's own save, nothing changed here since: what the service keeps is
      // taken as it is (its time, which may be earlier than a device clock running ahead; or a later
      // change of another device).
      if (sent && local && local.updatedAt === sent.updatedAt && current.unsaved) {
        write({ settings: readerSettingsOf(kept), updatedAt: kept.updatedAt, unsaved: false })
        return
      }
      if (local && latestReaderSettings(local, kept) === local) {
        // The same change as this device's: saved. An earlier one: this device's is still to be sent.
        if (current.unsaved && kept.updatedAt === local.updatedAt && sameSettings(kept, current.settings)) write({ ...current, unsaved: false })
        return
      }
      write({ settings: readerSettingsOf(kept), updatedAt: kept.updatedAt, unsaved: false })
    },
    dispose,
  }
}
