import { readdir } from 'node:fs/promises'
import { count } from 'drizzle-orm'
import type { Database } from '../../src/db/database'
import { assets, chapters, checkouts, comics, files, genres, subscriptions } from '../../src/db/schema'

/** Row counts of every table a request could write, and the stored files: compare before and after. */
export async function writtenState(db: Database, filesDir: string) {
  const tables = { assets, chapters, checkouts, comics, files, genres, subscriptions }
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ total: count() }).from(table)
    counts[name] = row?.total ?? 0
  }
  return { counts, storedFiles: (await readdir(filesDir)).sort() }
}
