import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/** The drizzle database the services use, whichever driver is underneath (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface OpenDatabase {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  /** PostgreSQL's LISTEN/NOTIFY between the instances on this database (PGlite: within the process). */
  notifications?: Notifications
}

/** LISTEN/NOTIFY on one database. */
export interface Notifications {
  /**
   * Calls `onMessage` with the payload of every notification on `channel`. On PostgreSQL it holds a
   * connection of its own, opened again (after a second) when it is lost; `onReconnect` is called then,
   * since notifications sent meanwhile were missed. Resolves with the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>
  notify(channel: string, payload: string): Promise<void>
}
