import { createHash } from 'node:crypto'
import type { Clock } from '../clock'

/** A response serialised and UTF-8 encoded once, ready to send as is, with its entity tag. */
export interface PreparedResponse {
  readonly body: Buffer
  readonly etag: string
}

export function prepareResponse(value: unknown): PreparedResponse {
  const body = Buffer.from(JSON.stringify(value), 'utf8')
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  return { body, etag }
}

/**
 * In-memory cache of public catalogue reads (comics, chapters, genres, page lists), emptied by every admin
 * write. Reads are by far the most frequent calls and change only when an admin edits the catalogue.
 * Concurrent misses of one key share one database query.
 *
 * It also remembers whole answers under the exact request that produced them (`answer`/`remember`): a
 * repeated request is then answered without validating its body again (see registerEndpoint).
 *
 * Several instances on one database: `invalidate` (an admin write here) also calls `announce`, which
 * tells the others (LISTEN/NOTIFY, see catalogue-changes.ts), who `clear` theirs. As a safety net for a
 * notification lost on the way, what is kept also expires `maxAgeMs` after it began to be kept.
 *
 * With a publication `schedule`, what it keeps also expires when the next scheduled episode comes out:
 * an answer computed before that time lacks the episode; and when the schedule's clock is set back
 * before the time it began to be kept (a test's clock), since it may hold episodes not out at that time. After each invalidation the schedule is asked
 * for the first publish time after the invalidation; until it has answered, no remembered answer is
 * served and reads wait for it.
 */
export class CatalogueCache {
  private entries = new Map<string, Promise<unknown>>()
  private answers = new Map<string, unknown>()
  /** Counts the invalidations: a value computed across one must not be kept. */
  generation = 0
  /** When what is kept expires (ms; Infinity: nothing scheduled); undefined until the schedule answers. */
  private expiresAt: number | undefined
  /** The time of the last invalidation: episodes published after it may be missing from what is kept. */
  private since: Date
  private scheduling: Promise<void> | undefined
  /** When (real time, ms) what is kept began to be kept. */
  private clearedAt = Date.now()
  /** Told of every invalidation made here, to pass it on to the other instances. */
  announce: (() => void) | undefined

  constructor(
    private readonly maxEntries = 20_000,
    private readonly schedule?: PublicationSchedule,
    private readonly maxAgeMs = Infinity,
  ) {
    this.since = schedule ? schedule.clock.now() : new Date(0)
    if (!schedule) this.expiresAt = Infinity
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.expireIfDue()) return this.cached(key, load)
    return this.knowSchedule().then(() => {
      this.expireIfDue()
      return this.cached(key, load)
    })
  }

  /**
   * Whether the expiry time is known and has not come; empties the cache when it has. Unknown, it asks
   * the schedule (once at a time).
   */
  private expireIfDue(): boolean {
    if (Date.now() - this.clearedAt >= this.maxAgeMs) this.clear()
    if (this.expiresAt === undefined) {
      void this.knowSchedule()
      return false
    }
    if (this.schedule) {
      const now = this.schedule.clock.now().getTime()
      // A clock back before what is kept was read (only the tests' clock moves so, clock.ts) would serve
      // episodes that are not out at its time: what was kept is read again.
      if (now >= this.expiresAt || now < this.since.getTime()) {
        this.clear()
        void this.knowSchedule()
        return false
      }
    }
    return true
  }

  private knowSchedule(): Promise<void> {
    if (this.expiresAt !== undefined || !this.schedule) return Promise.resolve()
    if (this.scheduling) return this.scheduling
    const generation = this.generation
    const scheduling = this.schedule.nextPublishTime(this.since).then(
      (next) => {
        if (generation === this.generation) this.expiresAt = next ? next.getTime() : Infinity
      },
      // Unknown still: the next read asks again, and meanwhile nothing remembered is served.
      () => undefined,
    )
    this.scheduling = scheduling
    void scheduling.finally(() => {
      if (this.scheduling === scheduling) this.scheduling = undefined
    })
    return scheduling
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key) as Promise<T> | undefined
    if (cached) return cached
    if (this.entries.size >= this.maxEntries) this.entries.clear()
    const generation = this.generation
    // Promise.resolve settles a lazy thenable (a drizzle query) once; caching the thenable itself would
    // run its query again on every await.
    const pending = Promise.resolve(load())
    this.entries.set(key, pending)
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key)
    })
    // A load that started before an invalidation must not repopulate the cache with stale data.
    void pending.then(() => {
      if (generation !== this.generation && this.entries.get(key) === pending) this.entries.delete(key)
    }, () => undefined)
    return pending
  }

  /**
   * The generation of what may be kept now: after an expiry that is due (the maximum age, a scheduled
   * episode come out), and once the schedule has told when the next one comes out. Another cache whose
   * values depend on the catalogue keeps each with the generation it was read at (reader-cache.ts).
   */
  currentGeneration(): number | Promise<number> {
    if (this.expireIfDue()) return this.generation
    return this.knowSchedule().then(() => {
      this.expireIfDue()
      return this.generation
    })
  }

  /** The answer remembered for `request` (a key naming the exact request), if any. */
  answer<T>(request: string): T | undefined {
    if (!this.expireIfDue()) return undefined
    return this.answers.get(request) as T | undefined
  }

  /** Remembers the answer to `request`, unless the catalogue changed since `generation` (read before computing it). */
  remember(request: string, answer: unknown, generation: number): void {
    if (generation !== this.generation) return
    if (this.answers.size >= this.maxEntries) this.answers.clear()
    this.answers.set(request, answer)
  }

  /** After a catalogue write on this instance: forgets everything, and tells the other instances. */
  invalidate(): void {
    this.clear()
    this.announce?.()
  }

  /** Forgets everything kept (a write elsewhere, or an expiry). */
  clear(): void {
    this.clearedAt = Date.now()
    this.generation++
    this.entries.clear()
    this.answers.clear()
    if (this.schedule) {
      this.since = this.schedule.clock.now()
      this.expiresAt = undefined
      this.scheduling = undefined
    }
  }
}

/** Where the cache learns when the next scheduled episode comes out. */
export interface PublicationSchedule {
  clock: Clock
  /** The earliest publish time after `after`, or null when none is scheduled. */
  nextPublishTime(after: Date): Promise<Date | null>
}
