import { sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { rowsOf } from '../db/rows-of'

/** What @fastify/rate-limit gives a store's `incr` and `read` callbacks. */
export interface RateLimitState {
  current: number
  ttl: number
}
type Done = (error: Error | null, state?: RateLimitState) => void

/** How many counted calls between two sweeps of the windows that ended. */
const SWEEP_EVERY = 500
/** Windows are swept once they ended this long ago (longer than any window the API uses). */
const SWEEP_AFTER_MS = 60 * 60_000

/**
 * Counts one call under `key` in the shared `rate_limit_windows` table, in a fixed window of `windowMs`
 * that starts with the key's first call, in one statement (atomic under concurrency); answers the count
 * in the window and the milliseconds left. Also used directly where a call has more than one allowance
 * (a reader's and their address's comment writes).
 */
export async function countRateLimitHit(db: Database, key: string, windowMs: number): Promise<RateLimitState> {
  const result = await db.execute<{ hits: number; ttl: number }>(sql`
    with now as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as ms)
    insert into rate_limit_windows as w (key, window_start_ms, hits)
    select ${key}, now.ms, 1 from now
    on conflict (key) do update set
      hits = case when w.window_start_ms + ${windowMs} <= excluded.window_start_ms then 1 else w.hits + 1 end,
      window_start_ms = case when w.window_start_ms + ${windowMs} <= excluded.window_start_ms then excluded.window_start_ms else w.window_start_ms end
    returning w.hits, (w.window_start_ms + ${windowMs} - (select ms from now))::int as ttl`)
  const row = rowsOf<{ hits: number; ttl: number }>(result)[0]!
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) }
}

/**
 * A @fastify/rate-limit store kept in the database (the `rate_limit_windows` table), so that every
 * instance of the API on one database counts a client's calls in the same window: behind a load balancer
 * a client cannot multiply its allowance by the number of instances. Each call is one statement, atomic
 * under concurrency: the row is created, counted, or restarted when its window has ended, and the count
 * and the window's start come back with it. Times are the database's clock.
 *
 * Built per route by the plugin (`child`): the key is the route's method and URL plus the client's key.
 */
export function databaseRateLimitStore(db: Database) {
  let counted = 0
  const sweep = () =>
    db
      .execute(sql`delete from rate_limit_windows where window_start_ms < (extract(epoch from clock_timestamp()) * 1000)::bigint - ${SWEEP_AFTER_MS}`)
      .then(() => undefined, () => undefined)

  class DatabaseRateLimitStore {
    /** The plugin builds the root store with its options (unused here); each route's is a `child`. */
    constructor(_options?: unknown, readonly route = '') {}

    incr(key: string, done: Done, timeWindow: number): void {
      countRateLimitHit(db, `${this.route}\n${key}`, timeWindow).then(
        (state) => {
          done(null, state)
          if (++counted % SWEEP_EVERY === 0) void sweep()
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      )
    }

    read(key: string, done: Done, timeWindow: number): void {
      const id = `${this.route}\n${key}`
      db.execute<{ hits: number; ttl: number }>(sql`
        select hits, (window_start_ms + ${timeWindow} - (extract(epoch from clock_timestamp()) * 1000)::bigint)::int as ttl
        from rate_limit_windows where key = ${id}`).then(
        (result) => {
          const row = rowsOf<{ hits: number; ttl: number }>(result)[0]
          done(null, row && Number(row.ttl) > 0 ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 })
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      )
    }

    /** The plugin gives the route's merged options, the route itself under `routeInfo`. */
    child(routeOptions: object): DatabaseRateLimitStore {
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {}
      return new DatabaseRateLimitStore(undefined, `${[info.method ?? ''].flat().join(',')} ${info.url ?? ''}`)
    }
  }
  return DatabaseRateLimitStore
}
