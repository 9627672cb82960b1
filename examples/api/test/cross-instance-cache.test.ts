import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { openDatabase, pgliteNotifications } from '../src/db/open-database'
import { bearer, createAccount, type Account } from './support/accounts'
import { throwawayDatabase } from './support/postgres-cluster'
import { startServerOn, startTestServer, type TestServer } from './support/test-server'

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
