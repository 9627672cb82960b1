import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EPISODE_COIN_PRICE, getCoinPack } from '@comics/core/rules'
import { onCoinsChanged } from '../src/coins/coin-changes'
import { checkouts, coinBalances, coinLedger, coinUnlocks } from '../src/db/schema'
import { bearer, createAccount, type Account } from './support/accounts'
import { publishedEpisodes } from './support/catalogue-facts'
import { card, URL_SUCCESS } from './support/payment-journey'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

// A reader's balance is answered from the reader cache (the route reads the database once, then keeps the
// answer for up to 5 s): each way coins are written must drop it, so the next read shows the write at once.
// Each test reads the balance first (now kept), writes, and reads it again; a write that forgot to drop it
// would be answered with the balance before it.

let server: TestServer
let admin: Account
/** Readers told to the coin-change listeners, in order. */
const told: string[] = []
/** Published episodes past the free ones, of AO comics (unlocked on the adult host). */
let lockedEpisodes: number[]

beforeAll(async () => {
  server = await startTestServer()
  admin = await createAccount('admin', { admin: true })
  onCoinsChanged(server.db, (uid) => told.push(uid))
  lockedEpisodes = (await publishedEpisodes(server.db, TEST_NOW, ['adult'])).filter((episode) => episode.position >= 3).map((episode) => episode.chapterId)
  expect(lockedEpisodes.length).toBeGreaterThanOrEqual(3)
})
afterAll(() => server?.close())

const ADULT = 'adult.localhost:5173'
const call = (account: Account | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: { host: ADULT, ...bearer(account) }, ...(payload === undefined ? {} : { payload: payload as object }) })
const balanceOf = async (account: Account) => {
  const response = await call(account, 'GET', '/coins/balance')
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { data: { balance: number }[] }).data[0]!.balance
}
/** Reads the reader's balance twice (the second from what is kept) and answers it. */
const keptBalance = async (account: Account) => {
  const balance = await balanceOf(account)
  expect(await balanceOf(account)).toBe(balance)
  return balance
}
const credit = async (account: Account, coins: number) => {
  const response = await call(admin, 'POST', '/admin/coins/credits', { userId: account.uid, coins, reason: 'test credit' })
  expect(response.statusCode, response.body).toBe(200)
}
const unlock = (account: Account, chapterId: number) => call(account, 'POST', '/coins/unlocks', { chapterId: String(chapterId) })

/** Opens a pack's checkout and pays it on the sandbox page: the order id. */
async function payPack(account: Account, packId: string) {
  const opened = await call(account, 'POST', '/coins/checkout', { packId, urlSuccess: URL_SUCCESS })
  expect(opened.statusCode, opened.body).toBe(200)
  const sandboxId = new URL((opened.json() as { url: string }).url).pathname.split('/').pop()!
  const paid = await server.app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${sandboxId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number: card('succeeds'), expiry: '12/34', cvc: '123' }).toString(),
  })
  expect(paid.statusCode).toBe(303)
  const [order] = await server.db.select().from(checkouts).where(eq(checkouts.providerCheckoutId, sandboxId))
  return order!.id
}
/** A pack bought by the reader (confirmed by them): its ledger entry. */
async function boughtPack(account: Account, packId: string) {
  const orderId = await payPack(account, packId)
  const confirmed = await call(account, 'POST', '/coins/purchases', { checkoutId: orderId })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  await server.sandbox.runDue()
  const [purchase] = await server.db.select().from(coinLedger).where(eq(coinLedger.checkoutId, orderId))
  return purchase!
}
/** The readers told since `from` (an index into `told`). */
const toldSince = (from: number) => told.slice(from)

describe("a reader's kept balance is dropped by every coin write", () => {
  it("an admin's credit", async () => {
    const reader = await createAccount('reader')
    expect(await keptBalance(reader)).toBe(0)
    const from = told.length
    await credit(reader, 30)
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await balanceOf(reader)).toBe(30)
  })

  it('an unlock spending coins', async () => {
    const reader = await createAccount('reader')
    await credit(reader, 2 * EPISODE_COIN_PRICE)
    expect(await keptBalance(reader)).toBe(2 * EPISODE_COIN_PRICE)
    const from = told.length
    const unlocked = await unlock(reader, lockedEpisodes[0]!)
    expect(unlocked.statusCode, unlocked.body).toBe(200)
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await balanceOf(reader)).toBe(EPISODE_COIN_PRICE)
  })

  it('a pack bought, confirmed by the reader', async () => {
    const reader = await createAccount('reader')
    const orderId = await payPack(reader, 'coins-50')
    expect(await keptBalance(reader)).toBe(0)
    const from = told.length
    const confirmed = await call(reader, 'POST', '/coins/purchases', { checkoutId: orderId })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await balanceOf(reader)).toBe(getCoinPack('coins-50')!.totalCoins)
  })

  it("a pack credited by the payment provider's event, before the reader comes back", async () => {
    const reader = await createAccount('reader')
    await payPack(reader, 'coins-50')
    expect(await keptBalance(reader)).toBe(0)
    const from = told.length
    await server.sandbox.runDue()
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await balanceOf(reader)).toBe(getCoinPack('coins-50')!.totalCoins)
  })

  it("an admin's refund of a pack", async () => {
    const reader = await createAccount('reader')
    const purchase = await boughtPack(reader, 'coins-50')
    expect(await keptBalance(reader)).toBe(purchase.coins)
    const from = told.length
    const refunded = await call(admin, 'POST', `/admin/coins/purchases/${purchase.id}/refund`)
    expect(refunded.statusCode, refunded.body).toBe(200)
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await balanceOf(reader)).toBe(0)
  })

  it("the provider's refund event", async () => {
    const reader = await createAccount('reader')
    const purchase = await boughtPack(reader, 'coins-50')
    await credit(reader, 7)
    expect(await keptBalance(reader)).toBe(purchase.coins + 7)
    const from = told.length
    await server.sandbox.refund(purchase.providerPaymentId!)
    await server.sandbox.runDue()
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await balanceOf(reader)).toBe(7)
  })

  it("the provider's dispute events: opened (the coins held), then won (given back)", async () => {
    const reader = await createAccount('reader')
    const purchase = await boughtPack(reader, 'coins-50')
    await credit(reader, 7)
    expect(await keptBalance(reader)).toBe(purchase.coins + 7)

    let from = told.length
    await server.sandbox.dispute(purchase.providerPaymentId!, 'opened')
    await server.sandbox.runDue()
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await keptBalance(reader)).toBe(7)

    from = told.length
    await server.sandbox.dispute(purchase.providerPaymentId!, 'won')
    await server.sandbox.runDue()
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await balanceOf(reader)).toBe(purchase.coins + 7)
  })

  it("the account's erasure (its coins kept under an anonymous reference)", async () => {
    const reader = await createAccount('reader')
    await credit(reader, 12)
    expect(await keptBalance(reader)).toBe(12)
    const from = told.length
    const deleted = await call(reader, 'DELETE', '/me')
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await server.db.select().from(coinBalances).where(eq(coinBalances.userId, reader.uid))).toEqual([])
  })

  it('a write whose transaction failed drops it all the same (it costs one read)', async () => {
    const reader = await createAccount('reader')
    await credit(reader, EPISODE_COIN_PRICE - 1)
    expect(await keptBalance(reader)).toBe(EPISODE_COIN_PRICE - 1)
    const from = told.length
    const refused = await unlock(reader, lockedEpisodes[1]!)
    expect(refused.statusCode).toBe(409)
    expect(toldSince(from)).toEqual([reader.uid])
    expect(await balanceOf(reader)).toBe(EPISODE_COIN_PRICE - 1)
  })
})

describe('a stale kept balance', () => {
  it('never lets a reader spend coins they do not have: the unlock checks the balance in its transaction', async () => {
    const reader = await createAccount('reader')
    await credit(reader, EPISODE_COIN_PRICE)
    expect(await keptBalance(reader)).toBe(EPISODE_COIN_PRICE)
    // Coins taken behind the cache's back (as a write on another instance whose notification was lost):
    // the ledger and the balance row stay equal, and nothing tells the kept balance.
    const [last] = await server.db.select().from(coinLedger).where(eq(coinLedger.userId, reader.uid))
    await server.db.transaction(async (tx) => {
      await tx.insert(coinLedger).values({ userId: reader.uid, kind: 'reversal', coins: -EPISODE_COIN_PRICE, balanceAfter: 0, reason: 'written behind the cache', createdAt: TEST_NOW })
      await tx.update(coinBalances).set({ balance: 0 }).where(eq(coinBalances.userId, reader.uid))
    })
    expect(last!.balanceAfter).toBe(EPISODE_COIN_PRICE)
    // The kept answer is behind the database (this is what the cache does until its bound)...
    expect(await balanceOf(reader)).toBe(EPISODE_COIN_PRICE)
    // ...and the unlock is refused all the same, with nothing written.
    const refused = await unlock(reader, lockedEpisodes[2]!)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { code: 'insufficient_coins' } })
    expect(await server.db.select().from(coinUnlocks).where(eq(coinUnlocks.userId, reader.uid))).toEqual([])
    expect((await server.db.select().from(coinBalances).where(eq(coinBalances.userId, reader.uid)))[0]!.balance).toBe(0)
    // The refused attempt locked the account in a coin transaction: the kept balance went with it.
    expect(await balanceOf(reader)).toBe(0)
  })
})
