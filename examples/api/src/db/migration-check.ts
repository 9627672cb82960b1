import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { Database } from './database'
import { rowsOf } from './rows-of'

/** A schema this build cannot run on: migrations it knows are missing, or the database has others. */
export class SchemaMismatch extends Error {
  constructor(
    readonly missing: string[],
    readonly unknown: string[],
  ) {
    const parts: string[] = []
    if (missing.length > 0) {
      parts.push(
        `the database lacks ${missing.length} migration(s) this version needs (${missing.join(', ')}): ` +
          'apply them first with `pnpm --filter api migrate` (the release step), or start with MIGRATE_ON_START=true',
      )
    }
    if (unknown.length > 0) {
      parts.push(
        `the database has ${unknown.length} migration(s) this version does not know (${unknown.join(', ')}): ` +
          'it was migrated by another (newer?) release; run that release, not this one',
      )
    }
    super(`Refusing to start: ${parts.join('; and ')}`)
    this.name = 'SchemaMismatch'
  }
}

/**
 * Compares the migrations drizzle recorded in the database (drizzle.__drizzle_migrations, by the hash of
 * each file) with this build's migrations folder; throws SchemaMismatch unless they are the same.
 */
export async function checkMigrations(db: Database, migrationsFolder: string): Promise<void> {
  const files = readMigrationFiles({ migrationsFolder })
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  const known = new Map(files.map((file, index) => [file.hash, journal.entries[index]?.tag ?? `#${index}`]))
  const [{ present } = { present: false }] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  )
  const applied = present
    ? rowsOf<{ hash: string; created_at: string | number }>(await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`))
    : []
  const appliedHashes = new Set(applied.map((row) => row.hash))
  const missing = [...known].filter(([hash]) => !appliedHashes.has(hash)).map(([, tag]) => tag)
  const unknown = applied.filter((row) => !known.has(row.hash)).map((row) => `one recorded at ${row.created_at} (hash ${row.hash.slice(0, 12)}…)`)
  if (missing.length > 0 || unknown.length > 0) throw new SchemaMismatch(missing, unknown)
}
