import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountExportSchema, type AccountExport } from '@comics/core/contract'
import { bearer, createAccount, type Account } from './support/accounts'
import { paymentJourney } from './support/payment-journey'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const journey = () => paymentJourney(server)

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
    })
  })

  it("holds the reader's settings once saved, and nobody else's", async () => {
    const [reader, other] = await Promise.all([createAccount('reader'), createAccount('reader')])
    const settings = { pageWidth: 'fit', pageGap: 'large', background: 'light', updatedAt: '2026-01-01T08:00:00.000Z' }
    for (const [account, body] of [[reader, settings], [other, { ...settings, pageGap: 'none' }]] as const) {
      const saved = await server.app.inject({ method: 'PUT', url: '/api/v1/me/reader-settings', headers: bearer(account), payload: body })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    const exported = AccountExportSchema.parse((await exportOf(reader)).json())
    expect(exported.readerSettings).toEqual(settings)
  })

  it('covers every table that holds rows of a user (a new one must be added to the export)', async () => {
    const result = await server.db.execute(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    )
    const rows = (Array.isArray(result) ? result : (result as { rows: { table_name: string }[] }).rows) as { table_name: string }[]
    expect(rows.map((row) => row.table_name)).toEqual(['checkouts', 'coin_balances', 'coin_ledger', 'coin_unlocks', 'comic_follows', 'comment_likes', 'comment_reports', 'comment_suspensions', 'episode_likes', 'payments', 'reader_settings', 'reading_progress', 'subscriptions'])
  })

  it('a guest is asked to sign in', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/me/export' })
    expect(response.statusCode).toBe(401)
  })
})
