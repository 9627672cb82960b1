import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import { EPISODE_COIN_PRICE } from '@comics/core/rules'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { openDatabase, pgliteNotifications } from '../src/db/open-database'
import { chapters, comics } from '../src/db/schema'
import { bearer, createAccount, type Account } from './support/accounts'
import { throwawayDatabase } from './support/postgres-cluster'
import { startServerOn, startTestServer, TEST_NOW, type TestServer } from './support/test-server'

// Two instances on one database (PGlite in this process, or PostgreSQL in the api-postgres project),
// each with its own catalogue cache and its own notifications (on PostgreSQL its own pool and listening
// connection): an admin write taken by one clears the other's within a second (LISTEN/NOTIFY), where
// before the other served its stale lists until it restarted.

let first: TestServer
let second: TestServer
let admin: Account

beforeAll(async () => {
  const seeded = inject('seededDatabase')
  const authEmulatorHost = inject('authEmulatorHost')
  const secondFolder = await mkdtemp(join(tmpdir(), 'api-second-instance-'))
  if (seeded.kind === 'pglite') {
    first = await startTestServer()
    // PGlite lives in this process: the second instance shares its database, with notifications of its own.
    second = await startServerOn(
      { db: first.db, kind: 'pglite', close: async () => {}, notifications: pgliteNotifications(first.db) },
      { folder: secondFolder, filesDir: first.filesDir, authEmulatorHost },
    )
  } else {
    const copy = await throwawayDatabase(seeded.serverUrl, 'instances', seeded.templateDatabase)
    const firstFolder = await mkdtemp(join(tmpdir(), 'api-first-instance-'))
    const filesDir = join(firstFolder, 'files')
    await cp(seeded.filesDir, filesDir, { recursive: true })
    const open = () => openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 })
    first = await startServerOn(await open(), { folder: firstFolder, filesDir, authEmulatorHost, onClose: copy.drop })
    second = await startServerOn(await open(), { folder: secondFolder, filesDir, authEmulatorHost })
  }
  expect(second.context.notifications).toBeDefined()
  expect(second.context.notifications).not.toBe(first.context.notifications)
  admin = await createAccount('admin', { admin: true })
})
afterAll(async () => {
  await second?.close()
  await first?.close()
})

const genreNames = async (server: TestServer) => {
  const response = await server.app.inject({ method: 'POST', url: '/api/v1/genres/list', payload: { limit: 200, offset: 0 } })
  expect(response.statusCode).toBe(200)
  return (response.json() as { data: { name: string }[] }).data.map((genre) => genre.name)
}

it("an admin write on one instance clears the other's catalogue cache within a second, both ways", async () => {
  for (const [writer, reader, name] of [
    [first, second, 'Zz Written On The First'],
    [second, first, 'Zz Written On The Second'],
  ] as const) {
    // The reader's list is cached (asked twice: the second answer comes from its cache).
    expect(await genreNames(reader)).not.toContain(name)
    expect(await genreNames(reader)).not.toContain(name)
    const created = await writer.app.inject({ method: 'POST', url: '/api/v1/genres', headers: bearer(admin), payload: { name, mature: false } })
    expect(created.statusCode).toBe(200)
    expect(await genreNames(writer)).toContain(name)
    const written = Date.now()
    await expect.poll(() => genreNames(reader), { timeout: 1_000, interval: 25 }).toContain(name)
    expect(Date.now() - written).toBeLessThan(1_000)
  }
})

it("a reader's account deleted on one instance: the other refuses their token at once, without waiting for its memory of it to age", async () => {
  const reader = await createAccount('reader')
  const balance = (server: TestServer) => server.app.inject({ method: 'GET', url: '/api/v1/coins/balance', headers: bearer(reader) })
  // The second instance verified the token, and remembers it.
  expect((await balance(second)).statusCode).toBe(200)
  expect((await balance(second)).statusCode).toBe(200)
  const deleted = await first.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: bearer(reader) })
  expect(deleted.statusCode, deleted.body).toBe(200)
  const erased = Date.now()
  await expect.poll(async () => (await balance(second)).statusCode, { timeout: 1_000, interval: 25 }).toBe(401)
  expect(Date.now() - erased).toBeLessThan(1_000)
})

it("a reader's positions and follows kept by one instance give way to the reader's write on the other within a second, and each instance answers its own writes at once", async () => {
  const reader = await createAccount('reader')
  const [comic] = await first.db.select({ comicId: chapters.comicId, chapterId: chapters.id }).from(chapters)
    .innerJoin(comics, eq(comics.id, chapters.comicId)).where(and(eq(comics.displayOnMirror, true), inArray(comics.contentRating, ['T', 'M']))).limit(1)
  const comicId = String(comic!.comicId)
  const position = (page: number, updatedAt: number) => ({ comicId, chapterId: String(comic!.chapterId), chapterTitle: 'Episode 1', page, updatedAt })
  const call = (server: TestServer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url: `/api/v1${url}`, headers: bearer(reader), ...(payload ? { payload } : {}) })
  const pages = async (server: TestServer) => {
    const response = await call(server, 'GET', '/me/progress')
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { data: { page?: number }[] }).data.map((entry) => entry.page)
  }
  const followed = async (server: TestServer) => {
    const response = await call(server, 'GET', '/me/follows')
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { data: { comicId: string; lastReadAt: number | null }[] }).data
  }
  const t = Date.parse('2026-01-01T00:00:00Z')
  for (const [writer, kept] of [
    [first, second],
    [second, first],
  ] as const) {
    const step = writer === first ? 0 : 10
    // Both instances keep the reader's positions and follows (asked twice).
    for (const server of [first, second]) {
      await pages(server)
      await pages(server)
      await followed(server)
    }
    expect((await call(writer, 'POST', '/me/progress', { entries: [position(step + 1, t + step)] })).statusCode).toBe(200)
    // The writer answers its own write at once; the other within a second.
    expect(await pages(writer)).toEqual([step + 1])
    const synced = Date.now()
    await expect.poll(() => pages(kept), { timeout: 1_000, interval: 25 }).toEqual([step + 1])
    expect(Date.now() - synced).toBeLessThan(1_000)

    const before = (await followed(kept)).length
    expect((await call(writer, step === 0 ? 'POST' : 'DELETE', step === 0 ? '/me/follows' : `/me/follows/${comicId}`, step === 0 ? { comicId } : undefined)).statusCode).toBe(200)
    const expected = step === 0 ? before + 1 : before - 1
    expect(await followed(writer)).toHaveLength(expected)
    await expect.poll(async () => (await followed(kept)).length, { timeout: 1_000, interval: 25 }).toBe(expected)
    if (step === 0) {
      // The follow's last reading is the synced position's, and moves with the next sync on the other instance.
      expect((await followed(kept))[0]!.lastReadAt).toBe(t)
      expect((await call(kept, 'POST', '/me/progress', { entries: [position(5, t + 5)] })).statusCode).toBe(200)
      await expect.poll(async () => (await followed(writer))[0]!.lastReadAt, { timeout: 1_000, interval: 25 }).toBe(t + 5)
    }
  }
})

it("a reader's balance kept by one instance gives way to a coin write on the other within a second, and each instance answers its own writes at once", async () => {
  const reader = await createAccount('reader')
  // An episode past the free ones of an AO comic, unlocked on the adult host.
  const episodes = await first.db.select({ id: chapters.id, comicId: chapters.comicId }).from(chapters)
    .innerJoin(comics, eq(comics.id, chapters.comicId)).where(and(eq(comics.contentRating, 'AO'), lte(chapters.publishAt, TEST_NOW)))
    .orderBy(asc(chapters.comicId), asc(chapters.chapterNumber))
  const locked = episodes.filter((episode, index) => index >= 3 && episodes[index - 3]!.comicId === episode.comicId)[0]!
  const balance = async (server: TestServer) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/coins/balance', headers: bearer(reader) })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { data: { balance: number }[] }).data[0]!.balance
  }
  let expected = 0
  for (const [writer, kept] of [
    [first, second],
    [second, first],
  ] as const) {
    // Both instances keep the reader's balance (asked twice).
    for (const server of [first, second]) {
      expect(await balance(server)).toBe(expected)
      expect(await balance(server)).toBe(expected)
    }
    // An admin's credit on the writer.
    const credited = await writer.app.inject({ method: 'POST', url: '/api/v1/admin/coins/credits', headers: bearer(admin), payload: { userId: reader.uid, coins: 10, reason: 'test credit' } })
    expect(credited.statusCode, credited.body).toBe(200)
    expected += 10
    expect(await balance(writer)).toBe(expected)
    const written = Date.now()
    await expect.poll(() => balance(kept), { timeout: 1_000, interval: 25 }).toBe(expected)
    expect(Date.now() - written).toBeLessThan(1_000)
  }
  // The reader spends on the first instance; the second, which kept the balance, follows.
  expect(await balance(second)).toBe(expected)
  const unlocked = await first.app.inject({
    method: 'POST', url: '/api/v1/coins/unlocks', headers: { host: 'adult.localhost:5173', ...bearer(reader) }, payload: { chapterId: String(locked.id) },
  })
  expect(unlocked.statusCode, unlocked.body).toBe(200)
  expected -= EPISODE_COIN_PRICE
  expect(await balance(first)).toBe(expected)
  await expect.poll(() => balance(second), { timeout: 1_000, interval: 25 }).toBe(expected)
})
