import { eq, like, sql } from 'drizzle-orm'
import { signIn } from '@comics/auth-emulator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountDeletionSchema, ApiErrorBodySchema } from '@comics/core/contract'
import { RECENT_SIGN_IN_MAX_AGE_MS } from '@comics/core/rules'
import { inject } from 'vitest'
import { auditCoinLedgers } from '../src/coins/audit-coin-ledgers'
import { creditCoins } from '../src/coins/credit-coins'
import { auditLog, chapters, checkouts, coinBalances, coinLedger, coinUnlocks, comicFollows, payments, readingProgress, sandboxCheckouts, subscriptions } from '../src/db/schema'
import { bearer, createAccount, insertSubscription, type Account } from './support/accounts'
import { paymentJourney } from './support/payment-journey'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const journey = () => paymentJourney(server)
const deleteMe = (account: Account) => server.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: bearer(account) })

/** Every row of every table with a user_id column that names `uid`. */
async function rowsOf(uid: string): Promise<Record<string, number>> {
  const result = await server.db.execute(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by table_name`,
  )
  const tables = ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { table_name: string }[]).map((row) => row.table_name)
  expect(tables.length).toBeGreaterThan(0)
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const found = await server.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${uid}`)
    const [row] = (Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as { n: number }[]
    counts[table] = row!.n
  }
  return counts
}

describe('DELETE /me', () => {
  it("cancels the subscription, expires the open checkout, erases the reader's rows in every table, keeps the payment detached, and deletes the sign-in", async () => {
    const [reader, other] = await Promise.all([createAccount('reader'), createAccount('reader')])
    const { subscription } = await journey().subscribe(reader, '4weeks')
    const { sandboxId: openSandboxId } = await journey().opened(reader, '24weeks')
    await journey().subscribe(other, '1week')
    const [paid] = await server.db.select().from(payments).where(eq(payments.userId, reader.uid))
    // Coins too (a support credit, and an unlock made before subscribing), and reader settings, so that
    // every table holds a row.
    const credit = await creditCoins(server.db, server.clock, { uid: 'support', email: undefined, admin: true, authTime: 0 }, { userId: reader.uid, coins: 10, reason: 'Before subscribing' })
    const [chapter] = await server.db.select({ id: chapters.id, comicId: chapters.comicId }).from(chapters).limit(1)
    await server.db.insert(coinUnlocks).values({ userId: reader.uid, chapterId: chapter!.id, comicId: chapter!.comicId, ledgerId: credit.id, coins: 10, unlockedAt: server.clock.now() })
    // A synced reading position and a followed comic.
    await server.db.insert(readingProgress).values({ userId: reader.uid, comicId: chapter!.comicId, chapterId: chapter!.id, chapterTitle: 'Episode 1', page: 3, offset: 0, updatedAtMs: 1 })
    await server.db.insert(comicFollows).values({ userId: reader.uid, comicId: chapter!.comicId, followedAt: server.clock.now() })
    const settings = { pageWidth: 'fit', pageGap: 'small', background: 'light', updatedAt: '2026-01-01T08:00:00.000Z' }
    for (const account of [reader, other]) {
      const saved = await server.app.inject({ method: 'PUT', url: '/api/v1/me/reader-settings', headers: bearer(account), payload: settings })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    const otherBefore = await rowsOf(other.uid)
    expect(Object.values(await rowsOf(reader.uid)).every((n) => n > 0)).toBe(true)

    const response = await deleteMe(reader)
    expect(response.statusCode, response.body).toBe(200)
    expect(AccountDeletionSchema.parse(response.json())).toEqual({ deleted: true, cancelledSubscriptions: 1, keptPayments: 1 })

    // Nothing of the reader is left under their id, in any table that holds a user's rows.
    expect(Object.values(await rowsOf(reader.uid))).toEqual(Object.values(otherBefore).map(() => 0))
    expect(await server.db.select().from(subscriptions).where(eq(subscriptions.id, Number(subscription.id)))).toEqual([])
    // The payment record stays, under an anonymous reference and without links to the erased rows.
    const [kept] = await server.db.select().from(payments).where(eq(payments.id, paid!.id))
    expect(kept).toMatchObject({ amountCents: paid!.amountCents, planId: '4weeks', providerPaymentId: paid!.providerPaymentId, subscriptionId: null, checkoutId: null })
    expect(kept!.userId).toMatch(/^erased:[0-9a-f-]{36}$/)
    expect(await server.db.select().from(payments).where(like(payments.userId, `%${reader.uid}%`))).toEqual([])
    // The open checkout can no longer be paid at the provider.
    const [openAtProvider] = await server.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, openSandboxId))
    expect(openAtProvider!.status).toBe('expired')
    // The support credit's audit entry stays, naming the reader by the same anonymous reference.
    const credited = (await server.db.select().from(auditLog).where(eq(auditLog.action, 'credit'))).filter((row) => row.detail.ledgerId === String(credit.id))
    expect(credited.map((row) => row.targetId)).toEqual([kept!.userId])
    expect(await server.db.select().from(auditLog).where(eq(auditLog.targetId, reader.uid))).toEqual([])
    // The other reader is untouched.
    expect(await rowsOf(other.uid)).toEqual(otherBefore)

    // Signed out everywhere: the old token is refused, and the address no longer signs in.
    const afterwards = await server.app.inject({ method: 'GET', url: '/api/v1/me/export', headers: bearer(reader) })
    expect(afterwards.statusCode).toBe(401)
    expect((await deleteMe(reader)).statusCode).toBe(401)
    await expect(signIn(inject('authEmulatorHost'), reader.email, 'secret-123')).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS|USER_NOT_FOUND/)
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/me/export', headers: bearer(other) })).statusCode).toBe(200)
  })

  it("keeps an erased admin's audit entries under an anonymous reference, without their email", async () => {
    const admin = await createAccount('admin', { admin: true })
    const created = await server.app.inject({ method: 'POST', url: '/api/v1/genres', headers: bearer(admin), payload: { name: `Erased admin ${admin.uid}`, mature: false } })
    expect(created.statusCode, created.body).toBe(200)
    const [before] = await server.db.select().from(auditLog).where(eq(auditLog.actorUid, admin.uid))
    expect(before).toMatchObject({ action: 'create', targetType: 'genre', actorEmail: admin.email })

    expect((await deleteMe(admin)).statusCode).toBe(200)
    expect(await server.db.select().from(auditLog).where(eq(auditLog.actorUid, admin.uid))).toEqual([])
    const [after] = await server.db.select().from(auditLog).where(eq(auditLog.id, before!.id))
    expect(after).toMatchObject({ action: 'create', targetType: 'genre', targetId: before!.targetId, actorEmail: null })
    expect(after!.actorUid).toMatch(/^erased:[0-9a-f-]{36}$/)
  })

  it('refuses a token whose sign-in is older than 5 minutes and erases nothing', async () => {
    const reader = await createAccount('reader')
    await journey().subscribe(reader, '1week')
    server.context.wallClock = () => new Date(Date.now() + RECENT_SIGN_IN_MAX_AGE_MS + 60_000)
    try {
      const response = await deleteMe(reader)
      expect(response.statusCode).toBe(403)
      expect(ApiErrorBodySchema.parse(response.json()).error.code).toBe('recent_sign_in_required')
    } finally {
      delete server.context.wallClock
    }
    expect(await rowsOf(reader.uid)).toMatchObject({ subscriptions: 1, payments: 1, checkouts: 1 })
    const [row] = await server.db.select().from(subscriptions).where(eq(subscriptions.userId, reader.uid))
    expect(row).toMatchObject({ status: 'active', autoRenew: true })
    // Re-authenticated (a fresh sign-in), the same reader may.
    const fresh = await signIn(inject('authEmulatorHost'), reader.email, 'secret-123')
    expect((await deleteMe({ ...reader, idToken: fresh.idToken })).statusCode).toBe(200)
    expect(await server.db.select().from(checkouts).where(eq(checkouts.userId, reader.uid))).toEqual([])
  })

  it('a subscription past its period end, still marked active before the renewal job ran, is erased without a cancel', async () => {
    const reader = await createAccount('reader')
    await insertSubscription(server.db, reader.uid, { level: 3, periodEnd: server.clock.now() })
    const response = await deleteMe(reader)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ deleted: true, cancelledSubscriptions: 0, keptPayments: 0 })
    expect(await server.db.select().from(subscriptions).where(eq(subscriptions.userId, reader.uid))).toEqual([])
  })

  it('a reader who never paid is deleted with nothing to cancel or keep', async () => {
    const reader = await createAccount('reader')
    const response = await deleteMe(reader)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ deleted: true, cancelledSubscriptions: 0, keptPayments: 0 })
  })

  it("a reader with coins is erased: the ledger and its balance kept under the anonymous reference, the unlocks gone", async () => {
    const reader = await createAccount('reader')
    const opened = await server.app.inject({
      method: 'POST',
      url: '/api/v1/coins/checkout',
      headers: bearer(reader),
      payload: { packId: 'coins-50', urlSuccess: 'http://adult.localhost:5173/coins' },
    })
    const sandboxId = new URL((opened.json() as { url: string }).url).pathname.split('/').pop()!
    expect((await journey().payOnPage(sandboxId, '4242 4242 4242 4242')).statusCode).toBe(303)
    await server.sandbox.runDue()
    // An episode of a comic some host shows, unlocked on that host (the adult host shows AO comics alone).
    const [episode] = await server.db
      .execute(sql`select chapters.id, comics.content_rating as rating from chapters join comics on comics.id = chapters.comic_id
        where comics.content_rating = 'AO' or comics.display_on_mirror order by chapters.comic_id, chapters.chapter_number offset 3 limit 1`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { id: number; rating: string }[] }).rows) as { id: number; rating: string }[])
    const host = episode!.rating === 'AO' ? 'adult.localhost:5173' : 'localhost:5173'
    const unlocked = await server.app.inject({ method: 'POST', url: '/api/v1/coins/unlocks', headers: { host, ...bearer(reader) }, payload: { chapterId: String(episode!.id) } })
    expect(unlocked.statusCode, unlocked.body).toBe(200)

    const response = await deleteMe(reader)
    expect(response.statusCode, response.body).toBe(200)
    expect(Object.values(await rowsOf(reader.uid)).every((n) => n === 0)).toBe(true)
    const erased = await server.db.select().from(coinLedger).where(like(coinLedger.userId, 'erased:%'))
    const purchase = erased.find((entry) => entry.kind === 'purchase' && entry.providerPaymentId !== null)!
    const kept = erased.filter((entry) => entry.userId === purchase.userId)
    expect(kept.map((entry) => [entry.kind, entry.coins, entry.checkoutId])).toEqual([['purchase', 50, null], ['unlock', -10, null]])
    const [balance] = await server.db.select().from(coinBalances).where(eq(coinBalances.userId, purchase.userId))
    expect(balance?.balance).toBe(40)
    expect(await auditCoinLedgers(server.db)).toEqual([])
  })

  it('a guest is asked to sign in', async () => {
    expect((await server.app.inject({ method: 'DELETE', url: '/api/v1/me' })).statusCode).toBe(401)
  })
})
