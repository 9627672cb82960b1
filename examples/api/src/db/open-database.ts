import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { packageRoot } from '../package-root'
import * as schema from './schema'
import type { Pool } from 'pg'
import { sql } from 'drizzle-orm'
import type { Database, Notifications, OpenDatabase } from './database'
import { databaseUnavailable } from './database-unavailable'
import { checkMigrations } from './migration-check'

export const MIGRATIONS_FOLDER = join(packageRoot, 'drizzle')

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory; `snapshot` starts it from a `dumpDataDir` tarball. */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob }

/**
 * Opens the database and applies pending migrations (a no-op on an up-to-date database). With
 * `migrate: false` it applies none and checks instead that the database's migrations are exactly this
 * build's (SchemaMismatch otherwise, the database closed again).
 */
export async function openDatabase(target: DatabaseTarget, options: { migrate?: boolean } = {}): Promise<OpenDatabase> {
  const opened = target.kind === 'postgres' ? await openPostgres(target.url, target.poolSize) : await openPglite(target)
  try {
    if (options.migrate !== false) await opened.migrate()
    else await checkMigrations(opened.db, MIGRATIONS_FOLDER)
  } catch (error) {
    await opened.close().catch(() => undefined)
    throw error
  }
  return { db: opened.db, kind: target.kind, close: opened.close, notifications: opened.notifications }
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/

function checkedChannel(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`)
  return channel
}

/** NOTIFY through the database (any connection of the pool). */
function notifyOver(db: Database): Notifications['notify'] {
  return async (channel, payload) => {
    await db.execute(sql`select pg_notify(${checkedChannel(channel)}, ${payload})`)
  }
}

async function openPostgres(url: string, poolSize = 10) {
  const [{ default: pg }, { migrate }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres/migrator')])
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A database that does not answer fails the request (503) instead of holding it forever.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  })
  const db = await databaseOverPool(pool)
  const listeners = new Set<() => Promise<void>>()
  const notifications: Notifications = {
    notify: notifyOver(db),
    async listen(channel, onMessage, onReconnect) {
      const stop = await listenOnPostgres(pg, url, checkedChannel(channel), onMessage, onReconnect)
      listeners.add(stop)
      return async () => {
        listeners.delete(stop)
        await stop()
      }
    },
  }
  return {
    db,
    notifications,
    migrate: () => migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()))
      await pool.end()
    },
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost connection
 * is opened again a second later, and `onReconnect` told; so is a first connection that failed.
 */
async function listenOnPostgres(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: import('pg').Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const again = () => {
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = undefined
      connect().then(() => onReconnect?.(), again)
    }, 1_000)
    retry.unref()
  }
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 })
    next.on('error', () => undefined)
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '')
    })
    next.on('end', () => {
      if (client === next) client = undefined
      again()
    })
    try {
      await next.connect()
      await next.query(`listen ${channel}`)
    } catch (error) {
      await next.end().catch(() => undefined)
      throw error
    }
    if (stopped) return void (await next.end().catch(() => undefined))
    client = next
  }
  await connect().catch(again)
  return async () => {
    stopped = true
    clearTimeout(retry)
    const last = client
    client = undefined
    await last?.end().catch(() => undefined)
  }
}

/**
 * The drizzle database over a node-postgres pool. A connection can be cut by the server (restart, admin
 * shutdown) while idle in the pool or while a transaction holds it between two statements; an 'error'
 * event without a listener would crash the process. The pool drops such a connection (idle, or when it is
 * released unusable) and opens a new one on the next request, so the server recovers without a restart;
 * the request that was using it fails with the error, answered 503.
 *
 * Transactions take their connection from the pool here rather than in drizzle, whose pooled
 * `transaction()` (0.45) runs BEGIN before the block that gives the connection back: a BEGIN that fails
 * (a connection that died while idle) kept it checked out for good, and a few such failures left the
 * pool empty, every request waiting for a connection that never came back.
 */
export async function databaseOverPool(pool: Pool): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/node-postgres')
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
  const db = drizzle(pool, { schema }) as unknown as Database
  const transaction: Database['transaction'] = async (run, config) => {
    const client = await pool.connect()
    let broken: Error | undefined
    try {
      return await (drizzle(client, { schema }) as unknown as Database).transaction(run, config)
    } catch (error) {
      // A connection that failed is closed rather than handed to the next request.
      if (databaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error))
      throw error
    } finally {
      client.release(broken)
    }
  }
  return Object.assign(db, { transaction })
}

async function openPglite(target: { dataDir?: string; snapshot?: Blob }) {
  const [{ PGlite }, { drizzle }, { migrate }, { pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    // The contrib extensions comic search is built on (migration 0007), as PostgreSQL has them.
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ])
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true })
  const client = new PGlite({
    extensions: { pg_trgm, unaccent },
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.snapshot ? { loadDataDir: target.snapshot } : {}),
  })
  await client.waitReady
  const db = drizzle(client, { schema })
  return {
    db: db as unknown as Database,
    notifications: pgliteNotifications(db as unknown as Database),
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  }
}

/** The listeners of each PGlite database, by channel: every one lives in the process that opened it. */
const pgliteListeners = new WeakMap<object, Map<string, Set<(payload: string) => void>>>()

/**
 * LISTEN/NOTIFY on a PGlite database, kept in this process. A PGlite database lives in one process, so
 * every server built on it (each may hold its own object made here) is in this process too: a notification
 * reaches their listeners without a statement. A `pg_notify` on PGlite costs more than the write it
 * announces (docs/performance.md, "The signed-in calls"), and a reader's writes are announced
 * (reader-cache.ts). As with PostgreSQL, a listener hears the notification
 * after `notify` resolves, never during it.
 */
export function pgliteNotifications(db: Database): Notifications {
  const client = (db as unknown as { $client: object }).$client
  let channels = pgliteListeners.get(client)
  if (!channels) pgliteListeners.set(client, (channels = new Map()))
  const listeners = channels
  return {
    notify: async (channel, payload) => {
      const heard = [...(listeners.get(checkedChannel(channel)) ?? [])]
      setImmediate(() => {
        for (const listener of heard) listener(payload)
      })
    },
    listen: async (channel, onMessage) => {
      const name = checkedChannel(channel)
      let set = listeners.get(name)
      if (!set) listeners.set(name, (set = new Set()))
      // One registration per call, even of the same function.
      const listener = (payload: string) => onMessage(payload)
      set.add(listener)
      return async () => {
        set.delete(listener)
      }
    },
  }
}

/** A tarball of a PGlite database, to start other instances from it in well under a second. */
export async function dumpPglite(db: Database): Promise<Blob> {
  const client = (db as unknown as { $client: { dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> } }).$client
  return client.dumpDataDir('none')
}
