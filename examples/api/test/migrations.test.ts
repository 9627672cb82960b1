import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../src/config'
import { SchemaMismatch } from '../src/db/migration-check'
import { openDatabase, type DatabaseTarget } from '../src/db/open-database'
import { startApiProcess } from './support/api-process'
import { throwawayDatabase } from './support/postgres-cluster'

// Migrations as a release step: `pnpm --filter api migrate` applies them and exits; an instance started
// with MIGRATE_ON_START=false (the production default) refuses a schema whose migrations are not exactly
// its own. Runs on PGlite (a data folder) and, in the api-postgres project, on a PostgreSQL database.

const run = promisify(execFile)
/** A production payment configuration: a real provider (the sandbox is refused there). */
const PRODUCTION_PAYMENTS = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
const workspaceRoot = fileURLToPath(new URL('../../..', import.meta.url))
const ALL_TAGS = ['0000_init', '0001_payments_through_provider', '0002_scheduled_releases', '0003_coins', '0004_rate_limit_windows', '0005_audit_log', '0006_jobs', '0007_comic_search', '0008_reading_sync', '0009_reader_settings', '0010_comic_search_cheaper', '0011_comic_search_title_words', '0012_money_for_real', '0013_audit_log_append_only', '0014_wait_for_free', '0015_comments', '0016_accessible_episodes', '0017_reader_scroll_speed', '0018_reader_flow']

let target: DatabaseTarget
/** The environment that points the server and the migrate command at that database. */
let databaseEnv: Record<string, string | undefined>
let cleanup = async () => {}

beforeAll(async () => {
  const seeded = inject('seededDatabase')
  if (seeded.kind === 'postgres') {
    const database = await throwawayDatabase(seeded.serverUrl, 'migrations')
    target = { kind: 'postgres', url: database.url, poolSize: 2 }
    databaseEnv = { DATABASE_URL: database.url, DATA_DIR: undefined }
    cleanup = database.drop
  } else {
    const folder = await mkdtemp(join(tmpdir(), 'api-migrations-'))
    target = { kind: 'pglite', dataDir: folder }
    databaseEnv = { DATA_DIR: folder, DATABASE_URL: undefined }
    cleanup = () => rm(folder, { recursive: true, force: true })
  }
}, 60_000)
afterAll(() => cleanup())

/** `pnpm --filter api migrate` against the test's database: its exit code and output. */
async function migrateCommand(): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, ...databaseEnv }
  for (const [key, value] of Object.entries(databaseEnv)) if (value === undefined) delete env[key]
  return run('pnpm', ['--filter', 'api', 'migrate'], { cwd: workspaceRoot, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
}

describe('MIGRATE_ON_START', () => {
  it('is on for one machine and off with NODE_ENV=production, and may be set either way', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true)
    expect(loadConfig({ ...PRODUCTION_PAYMENTS, NODE_ENV: 'production', FILES_SIGNING_SECRET: 'files_x' }).migrateOnStart).toBe(false)
    expect(loadConfig({ ...PRODUCTION_PAYMENTS, NODE_ENV: 'production', FILES_SIGNING_SECRET: 'files_x', MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true)
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false)
    expect(() => loadConfig({ MIGRATE_ON_START: 'maybe' })).toThrow(/MIGRATE_ON_START must be true or false/)
  })
})

describe('secrets in production', () => {
  it('are asked for: a production start without the page-signing or the webhook secret is refused, naming it', () => {
    expect(() => loadConfig({ ...PRODUCTION_PAYMENTS, NODE_ENV: 'production' })).toThrow(/FILES_SIGNING_SECRET must be set in production/)
    expect(() => loadConfig({ NODE_ENV: 'production', FILES_SIGNING_SECRET: 'files_x', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
    expect(loadConfig({}).filesSigningSecret).toBeTruthy()
  })
})

describe('the release step', () => {
  it('an instance with MIGRATE_ON_START=false refuses an unmigrated database, naming the missing migrations', async () => {
    const refused = await openDatabase(target, { migrate: false }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SchemaMismatch)
    expect((refused as SchemaMismatch).missing).toEqual(ALL_TAGS)

    const api = await startApiProcess({ ...databaseEnv, MIGRATE_ON_START: 'false', SEED_ON_FIRST_START: '0', LOG_LEVEL: 'info' })
    try {
      expect(await api.exited).toBe(1)
      expect(api.stderr.join('\n')).toContain(
        `api: Refusing to start: the database lacks ${ALL_TAGS.length} migration(s) this version needs (${ALL_TAGS.join(', ')}): apply them first with \`pnpm --filter api migrate\``,
      )
      expect(api.logs().some((line) => line.msg === 'api ready')).toBe(false)
    } finally {
      await api.kill()
    }
  }, 90_000)

  it('`pnpm --filter api migrate` applies them and exits 0; the instance then starts on that schema', async () => {
    const migrated = await migrateCommand()
    expect(migrated).toMatchObject({ code: 0, stdout: expect.stringContaining("is up to date with this build's migrations") })
    // Again: nothing left to apply, same answer.
    expect((await migrateCommand()).code).toBe(0)

    const database = await openDatabase(target, { migrate: false })
    await database.close()
    const api = await startApiProcess({ ...databaseEnv, MIGRATE_ON_START: 'false', SEED_ON_FIRST_START: '0', LOG_LEVEL: 'info' })
    try {
      await api.waitForLog((line) => line.msg === 'api ready', 90_000)
      const ready = await fetch(`${api.url}/readyz`)
      expect(ready.status).toBe(200)
    } finally {
      await api.kill()
    }
  }, 180_000)

  it('an instance refuses a database migrated by a release it does not know, and so does the migrate command', async () => {
    const database = await openDatabase(target)
    try {
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('f00dcafe0000future', ${Date.now() + 86_400_000})`)
    } finally {
      await database.close()
    }
    const refused = await openDatabase(target, { migrate: false }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SchemaMismatch)
    expect((refused as SchemaMismatch).missing).toEqual([])
    expect((refused as SchemaMismatch).message).toMatch(/the database has 1 migration\(s\) this version does not know \(one recorded at \d+ \(hash f00dcafe0000/)

    const migrated = await migrateCommand()
    expect(migrated.code).toBe(1)
    expect(migrated.stderr).toContain('this version does not know')
  }, 120_000)
})
