import { mkdir, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import * as z from 'zod'
import { ApiErrorBodySchema } from '@comics/core/contract'
import { loggerOptions } from '../src/app'
import { databaseUnavailable } from '../src/db/database-unavailable'
import { databaseOverPool, openDatabase } from '../src/db/open-database'
import { bearer, createAccount, type Account } from './support/accounts'
import { startPostgres, type RunningPostgres } from './support/postgres-cluster'
import { startServerOn, type TestServer } from './support/test-server'

// A real PostgreSQL server stopped and started again under a running API (pg_ctl stop -m fast, then
// start on the same port): runs in the api-postgres project, on a cluster of its own so the other test
// files' cluster is never touched.
describe.runIf(inject('seededDatabase').kind === 'postgres')('the database goes away and comes back', () => {
  let postgres: RunningPostgres
  let server: TestServer
  let reader: Account
  const logLines: string[] = []

  beforeAll(async () => {
    postgres = await startPostgres()
    const database = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 4 })
    const folder = await mkdtemp(join(tmpdir(), 'api-db-faults-'))
    const filesDir = join(folder, 'files')
    await mkdir(filesDir)
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk))
        done()
      },
    })
    server = await startServerOn(database, {
      folder,
      filesDir,
      authEmulatorHost: inject('authEmulatorHost'),
      onClose: () => postgres.stop(),
      logger: { ...(loggerOptions('info') as object), stream },
    })
    reader = await createAccount('reader')
  })
  afterAll(() => server?.close())

  const call = (url: string, payload: object, account?: Account) =>
    server.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(account), payload })
  const checkout = () => call('/subscriptions/checkout', { level: 1, title: '1week', urlSuccess: 'http://localhost:5173/account' }, reader)

  it('answers 503 with a clear error body while it is down, never crashes, and recovers without a restart', async () => {
    const cachedGenres = await call('/genres/list', { limit: 10, offset: 0 })
    expect(cachedGenres.statusCode).toBe(200)
    const opened = await checkout()
    expect(opened.statusCode, opened.body).toBe(200)
    // Paid on the sandbox's page before the outage; the reader confirms (POST /subscriptions) during it.
    const page = new URL((opened.json() as { url: string }).url).pathname
    const paidOnPage = await server.app.inject({
      method: 'POST',
      url: `${page}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=4242424242424242&expiry=12%2F34&cvc=123',
    })
    expect(paidOnPage.statusCode, paidOnPage.body).toBe(303)
    const checkoutId = new URL(paidOnPage.headers.location as string).searchParams.get('checkout')!

    // A transaction holds a connection, idle between two statements, when the server goes away: the
    // connection's error must not crash the process (an 'error' event nobody listens to would).
    let wentAway!: () => void
    const down = new Promise<void>((resolve) => (wentAway = resolve))
    const held = server.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await down
        await tx.execute(sql`select 1`)
      })
      .then(() => undefined, (error: unknown) => error)

    await postgres.shutDown()
    wentAway()
    expect(databaseUnavailable(await held)).toBeDefined()

    const refusals = [
      await call('/subscriptions/list', { limit: 10, offset: 0 }, reader),
      // Not in the catalogue cache yet: it needs the database.
      await call('/genres/list', { limit: 7, offset: 0 }),
      await checkout(),
      await call('/subscriptions', { checkoutId }, reader),
    ]
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      const body = z.parse(ApiErrorBodySchema, response.json())
      expect(body.error).toEqual({ code: 'database_unavailable', message: 'The database is unavailable, retry in 5 s' })
    }
    // What the catalogue cache already holds is still served.
    expect((await call('/genres/list', { limit: 10, offset: 0 })).statusCode).toBe(200)
    // The log says what happened, without the failed query's parameters (a checkout id is a credential).
    const logs = logLines.join('')
    expect(logs).toContain('database unavailable')
    expect(logs).not.toContain(checkoutId)

    await postgres.startAgain()
    const own = await call('/subscriptions/list', { limit: 10, offset: 0 }, reader)
    expect(own.statusCode, own.body).toBe(200)
    expect((await call('/genres/list', { limit: 7, offset: 0 })).statusCode).toBe(200)
    const paid = await call('/subscriptions', { checkoutId }, reader)
    expect(paid.statusCode, paid.body).toBe(200)
    expect((paid.json() as { data: { level: number; status: string }[] }).data).toMatchObject([{ level: 1, status: 'active' }])
  })
})

// A connection that dies between leaving the pool and its transaction's BEGIN (cut while it sat idle):
// the socket is destroyed just before BEGIN is written, on a real server.
describe.runIf(inject('seededDatabase').kind === 'postgres')('a transaction whose connection is dead at BEGIN', () => {
  let postgres: RunningPostgres
  beforeAll(async () => {
    postgres = await startPostgres()
  })
  afterAll(() => postgres?.stop())

  it('fails as unavailable and gives the connection back: the next transaction on a pool of one runs', async () => {
    let cutBeforeBegin = 0
    class CutClient extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super(config)
        const query = this.query.bind(this) as (...args: unknown[]) => unknown
        Object.assign(this, {
          query: (...args: unknown[]) => {
            const [first] = args
            const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text
            if (cutBeforeBegin > 0 && typeof text === 'string' && /^begin/i.test(text)) {
              cutBeforeBegin -= 1
              ;(this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
            }
            return query(...args)
          },
        })
      }
    }
    const pool = new pg.Pool({ connectionString: postgres.url, max: 1, connectionTimeoutMillis: 2_000, Client: CutClient })
    try {
      const db = await databaseOverPool(pool)
      const select = (tx: typeof db) => tx.execute(sql`select 1 as one`).then(() => 'ran')
      expect(await db.transaction(select)).toBe('ran')

      cutBeforeBegin = 2
      for (let attempt = 0; attempt < 2; attempt++) {
        const failed = await db.transaction(select).then(() => undefined, (error: unknown) => error)
        expect(databaseUnavailable(failed)).toBeDefined()
      }
      // Leaked connections would leave this waiting for the pool's only one until connectionTimeoutMillis.
      expect(await db.transaction(select)).toBe('ran')
      expect(pool.totalCount).toBe(1)
      const connections = await db.execute(sql`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'`)
      expect((connections as unknown as { rows: unknown[] }).rows).toEqual([{ n: 1 }])
    } finally {
      await pool.end()
    }
  })
})
