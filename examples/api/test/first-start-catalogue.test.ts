import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { HOME_NEW_COMICS } from '@comics/core/rules'
import { loadConfig } from '../src/config'
import { chapters } from '../src/db/schema'
import { openDatabase } from '../src/db/open-database'
import { FileStore } from '../src/files/file-store'
import { seedCatalogue } from '../src/seed/seed-catalogue'
import { startServerOn, type TestServer } from './support/test-server'

// The catalogue `pnpm start` seeds on a fresh clone, on PGlite as the start uses it (the PostgreSQL
// project would only repeat it), listed through the API as each host lists it.
describe.runIf(inject('seededDatabase').kind === 'pglite')('the first start catalogue', () => {
  let server: TestServer

  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'api-first-start-'))
    const filesDir = join(folder, 'files')
    const database = await openDatabase({ kind: 'pglite' })
    // The start's own episode count (config default); one page image per variant is enough here, since
    // pages are shared and their number decides no count below.
    await seedCatalogue(database.db, FileStore.onDisk(filesDir, '/api/v1/files'), { episodes: loadConfig({}).seedEpisodes, poolSize: 1 })
    server = await startServerOn(database, { folder, filesDir, authEmulatorHost: inject('authEmulatorHost') })
  }, 180_000)
  afterAll(() => server?.close())

  const list = async (host: string, body: object) => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/comics/list', headers: { host }, payload: body })
    expect(response.statusCode).toBe(200)
    return response.json() as { data: { id: string; title: string; description: string; coverImageUrl: string; genres: { name: string }[] }[]; total: number }
  }

  it.each([
    ['adult', 'adult.localhost:5173'],
    ['mirror', 'localhost:5173'],
  ])('lists at least 12 comics on the %s host, each with a title, description and cover of its own', async (_, host) => {
    const all = await list(host, { limit: 200, offset: 0, filters: {} })
    expect(all.total).toBeGreaterThanOrEqual(12)
    expect(all.data).toHaveLength(all.total)
    expect(new Set(all.data.map((comic) => comic.title)).size).toBe(all.total)
    expect(new Set(all.data.map((comic) => comic.description)).size).toBe(all.total)
    expect(new Set(all.data.map((comic) => comic.coverImageUrl)).size).toBe(all.total)
    expect(new Set(all.data.flatMap((comic) => comic.genres.map((genre) => genre.name))).size).toBeGreaterThanOrEqual(8)
    // Home's 'Something New' is full.
    const newest = await list(host, { limit: HOME_NEW_COMICS, offset: 0, filters: {}, sort: { field: 'created_at', order: 'desc' } })
    expect(newest.data).toHaveLength(HOME_NEW_COMICS)
  })

  it('holds more than 3000 episodes', async () => {
    const [row] = await server.db.select({ total: count() }).from(chapters)
    expect(row!.total).toBeGreaterThan(3000)
  })
})

describe('SEED_EPISODES', () => {
  it('sizes the first start catalogue, over 3000 episodes unless set, and refuses what is not a positive integer', () => {
    expect(loadConfig({}).seedEpisodes).toBeGreaterThan(3000)
    expect(loadConfig({ SEED_EPISODES: '60' }).seedEpisodes).toBe(60)
    for (const bad of ['0', '-5', '2.5', 'many']) {
      expect(() => loadConfig({ SEED_EPISODES: bad })).toThrow(`SEED_EPISODES must be a`)
    }
  })
})
