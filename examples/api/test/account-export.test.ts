import { asc, eq, is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountExportSchema, type AccountExport } from '@comics/core/contract'
import { EPISODE_COIN_PRICE } from '@comics/core/rules'
import * as schema from '../src/db/schema'
import { bearer, createAccount, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { paymentJourney } from './support/payment-journey'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const journey = () => paymentJourney(server)

/** Where the export holds the rows of each table with a user id (the balance is the ledger's last entry). */
const EXPORTED_AS: Record<string, (exported: AccountExport) => unknown[]> = {
  checkouts: (exported) => exported.checkouts,
  coin_balances: (exported) => (exported.coinHistory ?? []).slice(-1),
  coin_ledger: (exported) => exported.coinHistory ?? [],
  coin_unlocks: (exported) => exported.coinUnlocks ?? [],
  comic_follows: (exported) => exported.follows ?? [],
  payments: (exported) => exported.payments,
  reader_settings: (exported) => (exported.readerSettings ? [exported.readerSettings] : []),
  reading_progress: (exported) => exported.readingProgress ?? [],
  subscriptions: (exported) => exported.subscriptions,
  comment_likes: (exported) => exported.likes?.comments ?? [],
  comment_reports: (exported) => exported.commentReports ?? [],
  comment_suspensions: (exported) => (exported.commentingSuspendedUntil ? [exported.commentingSuspendedUntil] : []),
  episode_likes: (exported) => exported.likes?.episodes ?? [],
  payment_customers: (exported) => exported.paymentCustomers ?? [],
  wait_for_free_timers: (exported) => exported.waitForFreeUnlocks ?? [],
}

const exportOf = (account: Account) => server.app.inject({ method: 'GET', url: '/api/v1/me/export', headers: bearer(account) })

describe('GET /me/export', () => {
  it("answers, as a JSON file, the caller's profile, subscriptions, payments and checkouts, and nobody else's", async () => {
    const [reader, other] = await Promise.all([createAccount('reader'), createAccount('reader')])
    await journey().subscribe(reader, '4weeks')
    const { orderId: open } = await journey().opened(reader, '24weeks')
    await journey().subscribe(other, '1week')

    const response = await exportOf(reader)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['content-disposition']).toBe('attachment; filename="my-comics-data.json"')
    expect(response.headers['cache-control']).toBe('no-store')
    const exported = AccountExportSchema.parse(response.json()) as AccountExport

    expect(exported.exportedAt).toBe(TEST_NOW.toISOString())
    expect(exported.profile).toEqual({ uid: reader.uid, email: reader.email })
    expect(exported.firstPaidAt).not.toBeNull()
    expect(exported.subscriptions).toHaveLength(1)
    expect(exported.subscriptions[0]).toMatchObject({ userId: reader.uid, planId: '4weeks', level: 2, status: 'active' })
    expect(exported.payments).toHaveLength(1)
    expect(exported.payments[0]).toMatchObject({
      subscriptionId: exported.subscriptions[0]!.id,
      planId: '4weeks',
      userId: reader.uid,
      status: 'paid',
      kind: 'first-purchase',
      amount: 1349,
    })
    expect(exported.checkouts.map((checkout) => checkout.status).sort()).toEqual(['open', 'paid'])
    expect(exported.checkouts.find((checkout) => checkout.status === 'open')).toMatchObject({ id: open, planId: '24weeks' })
    // Not a trace of the other reader.
    expect(response.body).not.toContain(other.uid)
    expect(response.body).not.toContain(other.email)
  })

  it('a reader who never paid gets the profile and empty lists', async () => {
    const reader = await createAccount('reader')
    const response = await exportOf(reader)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      exportedAt: TEST_NOW.toISOString(),
      profile: { uid: reader.uid, email: reader.email },
      firstPaidAt: null,
      subscriptions: [],
      payments: [],
      checkouts: [],
      coinHistory: [],
      coinUnlocks: [],
      readingProgress: [],
      follows: [],
      readerSettings: null,
      comments: [],
      likes: { episodes: [], comments: [] },
      commentReports: [],
      commentingSuspendedUntil: null,
      paymentCustomers: [],
      waitForFreeUnlocks: [],
    })
  })

  it("holds the reader's settings once saved, and nobody else's", async () => {
    const [reader, other] = await Promise.all([createAccount('reader'), createAccount('reader')])
    const settings = { pageWidth: 'fit', pageGap: 'large', background: 'light', scrollSpeed: 'slow', flow: 'continuous', updatedAt: '2026-01-01T08:00:00.000Z' }
    for (const [account, body] of [[reader, settings], [other, { ...settings, pageGap: 'none' }]] as const) {
      const saved = await server.app.inject({ method: 'PUT', url: '/api/v1/me/reader-settings', headers: bearer(account), payload: body })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    const exported = AccountExportSchema.parse((await exportOf(reader)).json()) as AccountExport
    expect(exported.readerSettings).toEqual(settings)
  })

  it("covers every table of the schema that holds a user's rows: a reader with rows in each finds them all", async () => {
    // The schema's tables with a user id, read from the schema itself, and the database agrees.
    const userTables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table))
      .filter((table) => table.columns.some((column) => column.name === 'user_id'))
      .map((table) => table.name)
      .sort()
    const result = await server.db.execute(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    )
    const rows = (Array.isArray(result) ? result : (result as { rows: { table_name: string }[] }).rows) as { table_name: string }[]
    expect(rows.map((row) => row.table_name)).toEqual(userTables)
    // Where the export puts each: a table the schema gains without a place in the export fails here.
    expect(Object.keys(EXPORTED_AS).sort()).toEqual(userTables)

    // A reader with rows in every one of them.
    const reader = await createAccount('reader')
    const admin = await createAccount('admin', { admin: true })
    const { comicId, freeChapterId, lockedChapterId } = (await catalogueFacts(server.db)).uncensoredComic
    const call = (account: Account, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) =>
      server.app.inject({ method, url: `/api/v1${url}`, headers: { host: 'adult.localhost:5173', ...bearer(account) }, payload })
    const expectOk = async (pending: ReturnType<typeof call>) => {
      const response = await pending
      expect(response.statusCode, response.body).toBe(200)
    }
    await expectOk(call(admin, 'POST', '/admin/coins/credits', { userId: reader.uid, coins: 30, reason: 'Export test' }))
    await expectOk(call(reader, 'POST', '/coins/unlocks', { chapterId: lockedChapterId }))
    await expectOk(call(reader, 'POST', '/me/progress', { entries: [{ comicId, chapterId: freeChapterId, chapterTitle: 'One', page: 3, offset: 0, updatedAt: TEST_NOW.getTime() - 1_000 }] }))
    await expectOk(call(reader, 'POST', '/me/follows', { comicId }))
    await expectOk(call(reader, 'PUT', '/me/reader-settings', { pageWidth: 'fit', pageGap: 'large', background: 'light', updatedAt: '2026-01-01T08:00:00.000Z' }))
    // The 5th episode opened free after a wait (the 4th is the coin unlock's).
    const [fifth] = await server.db.select({ id: schema.chapters.id }).from(schema.chapters)
      .where(eq(schema.chapters.comicId, Number(comicId))).orderBy(asc(schema.chapters.chapterNumber)).offset(4).limit(1)
    await expectOk(call(admin, 'PUT', `/admin/comics/${comicId}/wait-for-free`, { waitHours: 24, newestExcluded: 0 }))
    await expectOk(call(reader, 'POST', '/wait-for-free/unlocks', { chapterId: String(fifth!.id) }))
    // Comments: a like of the episode and of the admin's comment, a report of it, then a suspension.
    const posted = async (account: Account, text: string) => {
      const response = await call(account, 'POST', '/comments', { chapterId: freeChapterId, text })
      expect(response.statusCode, response.body).toBe(200)
      return (response.json() as { data: { id: string }[] }).data[0]!.id
    }
    const adminComment = await posted(admin, 'From the studio')
    const readerComment = await posted(reader, 'From a reader')
    await expectOk(call(reader, 'PUT', `/episodes/${freeChapterId}/like`, {}))
    await expectOk(call(reader, 'PUT', `/comments/${adminComment}/like`, {}))
    await expectOk(call(reader, 'POST', `/comments/${adminComment}/reports`, { reason: 'spam' }))
    await expectOk(call(admin, 'POST', `/admin/comments/${readerComment}/suspension`, { days: 1 }))
    await journey().subscribe(reader, '4weeks')

    const exported = AccountExportSchema.parse((await exportOf(reader)).json()) as AccountExport
    for (const table of userTables) {
      const counted = await server.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${reader.uid}`)
      const { n } = ((Array.isArray(counted) ? counted : (counted as { rows: { n: number }[] }).rows) as { n: number }[])[0]!
      expect(n, table).toBeGreaterThan(0)
      expect(EXPORTED_AS[table]!(exported), table).toHaveLength(n)
    }
    expect(exported.coinHistory!.map((entry) => [entry.kind, entry.coins])).toEqual([['credit', 30], ['unlock', -EPISODE_COIN_PRICE]])
    expect(exported.coinUnlocks).toEqual([
      expect.objectContaining({ chapterId: lockedChapterId, via: 'coins' }),
      expect.objectContaining({ chapterId: String(fifth!.id), via: 'wait' }),
    ])
    expect(exported.waitForFreeUnlocks).toEqual([expect.objectContaining({ comicId })])
  })

  it('a guest is asked to sign in', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/me/export' })
    expect(response.statusCode).toBe(401)
  })
})
