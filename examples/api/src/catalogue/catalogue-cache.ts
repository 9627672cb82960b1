import { createHash } from 'node:crypto'

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
 */
export class CatalogueCache {
  private entries = new Map<string, Promise<unknown>>()
  private answers = new Map<string, unknown>()
  /** Counts the invalidations: a value computed across one must not be kept. */
  generation = 0

  constructor(private readonly maxEntries = 20_000) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
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

  /** The answer remembered for `request` (a key naming the exact request), if any. */
  answer<T>(request: string): T | undefined {
    return this.answers.get(request) as T | undefined
  }

  /** Remembers the answer to `request`, unless the catalogue changed since `generation` (read before computing it). */
  remember(request: string, answer: unknown, generation: number): void {
    if (generation !== this.generation) return
    if (this.answers.size >= this.maxEntries) this.answers.clear()
    this.answers.set(request, answer)
  }

  invalidate(): void {
    this.generation++
    this.entries.clear()
    this.answers.clear()
  }
}
