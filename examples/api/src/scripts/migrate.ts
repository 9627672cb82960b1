import { loadConfig } from '../config'
import { checkMigrations } from '../db/migration-check'
import { MIGRATIONS_FOLDER, openDatabase } from '../db/open-database'

// pnpm --filter api migrate: the release step. Applies the migrations this build knows to the database
// of DATABASE_URL (or the PGlite folder of DATA_DIR), checks the result, and exits; instances started with
// MIGRATE_ON_START=false (the production default) then accept the schema. Safe to run again: applied
// migrations are skipped, and drizzle applies the pending ones in one transaction.
const config = loadConfig()
const target = config.databaseUrl ? ({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 } as const) : ({ kind: 'pglite', dataDir: config.dataDir } as const)
const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`
try {
  const started = Date.now()
  const database = await openDatabase(target, { migrate: true })
  try {
    await checkMigrations(database.db, MIGRATIONS_FOLDER)
  } finally {
    await database.close()
  }
  console.log(`api: ${where} is up to date with this build's migrations (${Date.now() - started} ms)`)
} catch (error) {
  console.error(`api: migrating ${where} failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
