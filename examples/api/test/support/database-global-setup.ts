import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { dumpPglite, openDatabase } from '../../src/db/open-database'
import { FileStore } from '../../src/files/file-store'
import { seedCatalogue } from '../../src/seed/seed-catalogue'
import { startPostgres } from './postgres-cluster'
import { TEST_CATALOGUE } from './seeded-database'

/**
 * Builds the migrated and seeded database once per run: a fresh PGlite takes seconds and most of a
 * gigabyte, while loading its dump takes well under a second. With API_TEST_DATABASE=postgres it starts
 * a PostgreSQL cluster instead and seeds a template database that each test file copies.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'api-test-seed-'))
  const filesDir = join(folder, 'files')
  const fileStore = FileStore.onDisk(filesDir, '/api/v1/files')
  const now = new Date('2026-01-01T00:00:00Z')

  const kind = project.config.env?.API_TEST_DATABASE ?? process.env.API_TEST_DATABASE
  if (kind === 'postgres') {
    const postgres = await startPostgres()
    const admin = new pg.Client({ connectionString: postgres.url })
    await admin.connect()
    await admin.query('create database seeded')
    await admin.end()
    const database = await openDatabase({ kind: 'postgres', url: postgres.urlOf('seeded'), poolSize: 2 })
    await seedCatalogue(database.db, fileStore, { ...TEST_CATALOGUE, now })
    await database.close()
    project.provide('seededDatabase', { kind: 'postgres', serverUrl: postgres.url, templateDatabase: 'seeded', filesDir })
    return async () => {
      await postgres.stop()
      rmSync(folder, { recursive: true, force: true })
    }
  }

  const database = await openDatabase({ kind: 'pglite' })
  await seedCatalogue(database.db, fileStore, { ...TEST_CATALOGUE, now })
  const snapshotPath = join(folder, 'seeded.tar')
  writeFileSync(snapshotPath, Buffer.from(await (await dumpPglite(database.db)).arrayBuffer()))
  await database.close()
  project.provide('seededDatabase', { kind: 'pglite', snapshotPath, filesDir })
  return () => rmSync(folder, { recursive: true, force: true })
}
