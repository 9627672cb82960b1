import { readdir } from 'node:fs/promises'
import { getTableName, sql } from 'drizzle-orm'
import type { Database } from '../../src/db/database'
import {
  assets,
  auditLog,
  chapters,
  checkouts,
  coinBalances,
  coinLedger,
  coinUnlocks,
  comicGenres,
  comics,
  files,
  genres,
  paymentEvents,
  payments,
  sandboxCheckouts,
  sandboxOutbox,
  sandboxPaymentMethods,
  sandboxPayments,
  subscriptions,
} from '../../src/db/schema'

const TABLES = [
  assets,
  auditLog,
  chapters,
  checkouts,
  coinBalances,
  coinLedger,
  coinUnlocks,
  comicGenres,
  comics,
  files,
  genres,
  payments,
  paymentEvents,
  subscriptions,
  sandboxCheckouts,
  sandboxOutbox,
  sandboxPaymentMethods,
  sandboxPayments,
]

/**
 * What a request could have written: for every table its row count and a digest of every row's content
 * (an insert, a delete or an update of any column changes it), and the stored files. Compare before and
 * after. One query, so it is cheap enough to take around every request of a fuzz run. The stored files are
 * the folder `files` names, or the list given (a bucket's keys).
 */
export async function writtenState(db: Database, files: string | readonly string[]) {
  const perTable = TABLES.map(
    (table) =>
      sql`select ${getTableName(table)} as name, count(*)::int as rows, coalesce(sum(hashtext(t::text)::bigint), 0)::text as digest from ${table} t`,
  )
  const result = (await db.execute(sql.join(perTable, sql` union all `))) as unknown as {
    rows: { name: string; rows: number; digest: string }[]
  }
  const tables: Record<string, string> = {}
  for (const row of result.rows) tables[row.name] = `${row.rows} rows, digest ${row.digest}`
  return { tables, storedFiles: typeof files === 'string' ? (await readdir(files)).sort() : [...files].sort() }
}
