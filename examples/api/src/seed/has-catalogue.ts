import { count } from 'drizzle-orm'
import type { Database } from '../db/database'
import { comics } from '../db/schema'

/**
 * Whether the database already holds a catalogue. A module of its own: the server asks at every start,
 * and the seed (with sharp, its image encoder) is loaded only when the answer is no.
 */
export async function hasCatalogue(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(comics)
  return (row?.total ?? 0) > 0
}
