import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Notifications } from '../db/database'
import type { CatalogueCache } from '../catalogue/catalogue-cache'

/** The channel a reader's writes are announced on, as catalogue writes are (catalogue-changes.ts). */
export const READER_CHANGED_CHANNEL = 'reader_changed'

interface Kept {
  value: Promise<unknown>
  /** The catalogue generation it was read at: it joins comics and episodes, which admin writes change. */
  generation: number
  /** When (ms, the cache's `now`) it is read again whatever was announced: a bound of its own (the balance's). */
  expiresAt: number
}

/** How a value is kept besides the reader's writes and the catalogue's generation. */
export interface KeptFor {
  /**
   * Read again this long after its read began, even with no write announced: the bound on a lost
   * notification for a value that has a shorter one than the catalogue cache's maximum age.
   */
  maxAgeMs?: number
}

/**
 * What a signed-in reader reads on every page (their positions, the comics they follow, their coin
 * balance), kept per reader so a repeated read asks nothing of the database. Each reader's entries are
 * dropped by that reader's writes (`forget`, after the write is done; a coin write's through
 * coin-changes.ts), and on the other instances on the database by the announcement of it (LISTEN/NOTIFY,
 * see `shareReaderChanges`); everything is dropped when the catalogue changes (an admin write, a scheduled
 * episode coming out: the catalogue cache's generation) and, as a safety net for a lost notification, with
 * the catalogue cache's own maximum age, or a shorter one of the value's own (`maxAgeMs`). At most
 * `maxReaders` readers are kept; the least recently read go first.
 */
export class ReaderCache {
  private readers = new Map<string, Map<string, Kept>>()
  /** Told of every reader's write made here, to pass it on to the other instances. */
  announce: ((uid: string) => void) | undefined

  constructor(
    private readonly catalogue: CatalogueCache,
    private readonly maxReaders = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The reader's value under `key`, read with `load` when not kept. A load that a write of this reader (or
   * a catalogue change) overtook is answered but not kept. The promise answered is the one kept (when the
   * catalogue's generation is known at once), so a caller can tell with `peek` whether it still is.
   */
  get<T>(uid: string, key: string, load: () => Promise<T>, keptFor: KeptFor = {}): Promise<T> {
    const generation = this.catalogue.currentGeneration()
    if (typeof generation === 'number') return this.keptOrLoaded(uid, key, load, generation, keptFor)
    return generation.then((known) => this.keptOrLoaded(uid, key, load, known, keptFor))
  }

  private keptOrLoaded<T>(uid: string, key: string, load: () => Promise<T>, generation: number, keptFor: KeptFor): Promise<T> {
    let entries = this.readers.get(uid)
    const kept = entries?.get(key)
    const now = this.now()
    if (entries && kept && kept.generation === generation && now < kept.expiresAt) {
      // Read again: the reader moves to the end of the eviction order.
      this.readers.delete(uid)
      this.readers.set(uid, entries)
      return kept.value as Promise<T>
    }
    if (!entries) {
      if (this.readers.size >= this.maxReaders) this.readers.delete(this.readers.keys().next().value!)
      this.readers.set(uid, (entries = new Map()))
    }
    const value = Promise.resolve(load())
    const entry: Kept = { value, generation, expiresAt: now + (keptFor.maxAgeMs ?? Infinity) }
    entries.set(key, entry)
    const drop = () => {
      if (this.readers.get(uid)?.get(key) === entry) this.readers.get(uid)!.delete(key)
    }
    value.then(() => {
      if (this.catalogue.generation !== generation) drop()
    }, drop)
    return value
  }

  /** The value kept under `key` for the reader, if any (a promise, settled or not). */
  peek<T>(uid: string, key: string): Promise<T> | undefined {
    return this.readers.get(uid)?.get(key)?.value as Promise<T> | undefined
  }

  /** After a write of the reader's on this instance: drops the entries `which` names (all by default), and tells the other instances. */
  changed(uid: string, which: (key: string) => boolean = () => true): void {
    this.forget(uid, which)
    this.announce?.(uid)
  }

  /** Drops the reader's entries that `which` names (all by default). */
  forget(uid: string, which: (key: string) => boolean = () => true): void {
    const entries = this.readers.get(uid)
    if (!entries) return
    for (const key of [...entries.keys()]) if (which(key)) entries.delete(key)
    if (entries.size === 0) this.readers.delete(uid)
  }

  /** Drops everything (a lost notification connection: what was announced meanwhile is unknown). */
  clear(): void {
    this.readers.clear()
  }
}

/** Under PostgreSQL's limit on a notification's payload (8,000 bytes), with room for the instance's id. */
const PAYLOAD_BYTES = 7_000

/**
 * The least time between two announcements of an instance. On a busy instance readers turning pages write
 * their positions many times a second: each announcement is a statement, and every instance on the
 * database (this one too) hears it. The others hold a reader's copy this much longer at most.
 */
export const ANNOUNCE_INTERVAL_MS = 20

/**
 * Keeps this instance's reader cache in step with the others on the same database: a reader's write here is
 * announced with this instance's id and the reader's uid; one from another instance drops that reader here.
 * A write after a quiet moment is announced on the next turn of the event loop; the writes that follow it
 * within {@link ANNOUNCE_INTERVAL_MS} wait for the end of that interval and go together, in one notification
 * as long as they fit: a busy instance sends at most one statement per interval rather than one per write.
 * A listening connection lost and opened again drops everything. Resolves with the function that stops
 * listening (announcing at once what was waiting).
 */
export async function shareReaderChanges(
  readers: ReaderCache,
  notifications: Notifications,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<() => Promise<void>> {
  const instance = randomUUID()
  let waiting: Set<string> | undefined
  /** Cancels the pending announcement's timer; and when the last announcement went (performance.now()). */
  let cancel: (() => void) | undefined
  let lastSentAt = -Infinity
  const send = (payload: string) =>
    notifications.notify(READER_CHANGED_CHANNEL, payload).catch((error: unknown) => {
      // The others' copies then go with the catalogue cache's maximum age.
      log.warn({ err: error }, "could not announce readers' changes to the other instances")
    })
  const flush = async (): Promise<void> => {
    cancel = undefined
    if (!waiting) return
    const uids = [...waiting]
    waiting = undefined
    lastSentAt = performance.now()
    const payloads = [instance]
    for (const each of uids) {
      if (payloads.at(-1)!.length + 1 + each.length > PAYLOAD_BYTES) payloads.push(instance)
      payloads[payloads.length - 1] += ` ${each}`
    }
    await Promise.all(payloads.map(send))
  }
  readers.announce = (uid) => {
    if (waiting) return void waiting.add(uid)
    waiting = new Set([uid])
    const wait = lastSentAt + ANNOUNCE_INTERVAL_MS - performance.now()
    if (wait > 0) {
      const timeout = setTimeout(() => void flush(), wait)
      cancel = () => clearTimeout(timeout)
    } else {
      const immediate = setImmediate(() => void flush())
      cancel = () => clearImmediate(immediate)
    }
  }
  const stop = await notifications.listen(
    READER_CHANGED_CHANNEL,
    (payload) => {
      const [from, ...uids] = payload.split(' ')
      if (from !== instance) for (const uid of uids) readers.forget(uid)
    },
    () => {
      log.info('reader change notifications: listening again')
      readers.clear()
    },
  )
  return async () => {
    readers.announce = undefined
    cancel?.()
    await flush()
    await stop()
  }
}
