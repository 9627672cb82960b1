import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COIN_PACKS, EPISODE_COIN_PRICE, getCoinPack, ledgerBalance } from '@comics/core/rules'
import { checkouts, coinBalances, coinLedger, coinUnlocks, paymentEvents } from '../src/db/schema'
import { bearer, createAccount, grantLevel, type Account } from './support/accounts'
import { publishedEpisodes } from './support/catalogue-facts'
import { card, URL_SUCCESS } from './support/payment-journey'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'
import { writtenState } from './support/written-state'

let server: TestServer
let admin: Account
/** Published episodes past the free ones, several per comic: [comicId, chapterId]. */
let lockedEpisodes: { comicId: number; chapterId: number }[]
let freeEpisode: number
/** Episodes of the comics the mirror host shows: unlocked there. */
const mirrorEpisodes = new Set<number>()
const logLines: string[] = []

beforeAll(async () => {
  server = await startTestServer({
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  })
  admin = await createAccount('admin', { admin: true })
  // Episodes of comics a host shows, each unlocked on that host (AO on the adult host, the others on the mirror).
  const episodes = await publishedEpisodes(server.db, TEST_NOW, ['adult', 'mirror'])
  freeEpisode = episodes.find((episode) => episode.position === 0)!.chapterId
  lockedEpisodes = episodes.filter((episode) => episode.position >= 3).map(({ comicId, chapterId }) => ({ comicId, chapterId }))
  for (const episode of episodes) if (episode.rating !== 'AO') mirrorEpisodes.add(episode.chapterId)
  expect(lockedEpisodes.length).toBeGreaterThanOrEqual(21)
})
afterAll(() => server?.close())

// The unlocked episodes are of an AO comic: asked on the adult host, which shows it (core `isComicShownOn`).
const ADULT = 'adult.localhost:5173'
const inject = (account: Account | undefined, method: 'GET' | 'POST', url: string, payload?: unknown, host = ADULT) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: { host, ...bearer(account) }, ...(payload === undefined ? {} : { payload: payload as object }) })
const balanceOf = async (account: Account) => {
  const response = await inject(account, 'GET', '/coins/balance')
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { data: { balance: number }[] }).data[0]!.balance
}
const ledgerOf = (userId: string) => server.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.id))
const credit = (account: Account, coins: number, reason = 'test credit') =>
  inject(admin, 'POST', '/admin/coins/credits', { userId: account.uid, coins, reason })
const hostOf = (chapterId: number) => (mirrorEpisodes.has(chapterId) ? 'localhost:5173' : ADULT)
const unlock = (account: Account | undefined, chapterId: number) => inject(account, 'POST', '/coins/unlocks', { chapterId: String(chapterId) }, hostOf(chapterId))
const pagesOf = (account: Account | undefined, chapterId: number, variant: string) =>
  inject(account, 'POST', '/comics-assets/list', { limit: 200, offset: 0, filters: { chapterId: [String(chapterId)], variant: [variant] } }, hostOf(chapterId))

/** Opens a pack's checkout: the order id and the sandbox checkout id. */
async function openPack(account: Account, packId: string) {
  const response = await inject(account, 'POST', '/coins/checkout', { packId, urlSuccess: URL_SUCCESS })
  expect(response.statusCode, response.body).toBe(200)
  const sandboxId = new URL((response.json() as { url: string }).url).pathname.split('/').pop()!
  const [order] = await server.db.select().from(checkouts).where(eq(checkouts.providerCheckoutId, sandboxId))
  return { orderId: order!.id, sandboxId, url: (response.json() as { url: string }).url }
}
const pay = (sandboxId: string, number = card('succeeds')) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${sandboxId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry: '12/34', cvc: '123' }).toString(),
  })
const confirm = (account: Account, orderId: string) => inject(account, 'POST', '/coins/purchases', { checkoutId: orderId })

/** The balance row equals the ledger's sum for every reader, and no balance is negative. */
async function expectLedgersBalance() {
  const balances = await server.db.select().from(coinBalances)
  for (const row of balances) {
    expect(row.balance).toBeGreaterThanOrEqual(0)
    expect(ledgerBalance(await ledgerOf(row.userId))).toBe(row.balance)
  }
}

describe('coin packs', () => {
  it('are listed to anyone, as core COIN_PACKS', async () => {
    const response = await inject(undefined, 'GET', '/coins/packs')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: COIN_PACKS.map((p) => ({ ...p })) })
  })

  it('are bought on the sandbox page and credited once, whether the reader or the event comes first', async () => {
    const reader = await createAccount('reader')
    const pack = getCoinPack('coins-100')!
    const { orderId, sandboxId, url } = await openPack(reader, pack.id)
    const page = await server.app.inject({ method: 'GET', url: new URL(url).pathname })
    expect(page.body).toContain('110 coins')
    expect(page.body).toMatch(/Pay \$9\.99/)
    // Not paid yet: pending, nothing credited.
    const pending = await confirm(reader, orderId)
    expect(pending.statusCode).toBe(409)
    expect(pending.json()).toMatchObject({ error: { code: 'payment_pending' } })
    expect(await balanceOf(reader)).toBe(0)

    const paid = await pay(sandboxId)
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(`${URL_SUCCESS}?checkout=${orderId}`)
    const confirmed = await confirm(reader, orderId)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toMatchObject({ data: [{ kind: 'purchase', coins: 110, balanceAfter: 110, packId: 'coins-100' }] })
    await server.sandbox.runDue()
    const again = await confirm(reader, orderId)
    expect(again.json()).toEqual(confirmed.json())
    expect(await balanceOf(reader)).toBe(110)
    expect((await ledgerOf(reader.uid)).map((e) => [e.kind, e.coins])).toEqual([['purchase', 110]])
    const [event] = await server.db.select().from(paymentEvents).where(eq(paymentEvents.objectId, sandboxId))
    expect(event?.outcome).toBe('no-op')
    // No subscription came of it, and the order cannot be confirmed as one.
    const asSubscription = await inject(reader, 'POST', '/subscriptions', { checkoutId: orderId })
    expect(asSubscription.statusCode).toBe(404)
    const subscriptionsList = await inject(reader, 'POST', '/subscriptions/list', { limit: 10, offset: 0 })
    expect((subscriptionsList.json() as { data: unknown[] }).data).toEqual([])
  })

  it('credits once when the event lands first', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await openPack(reader, 'coins-50')
    await pay(sandboxId)
    await server.sandbox.runDue()
    const [event] = await server.db.select().from(paymentEvents).where(eq(paymentEvents.objectId, sandboxId))
    expect(event?.outcome).toBe('granted')
    expect(await balanceOf(reader)).toBe(50)
    expect((await confirm(reader, orderId)).statusCode).toBe(200)
    expect(await balanceOf(reader)).toBe(50)
  })

  it("refuses another reader's order as missing, and a declined card with 402, writing nothing", async () => {
    const reader = await createAccount('reader')
    const other = await createAccount('reader')
    const { orderId, sandboxId } = await openPack(reader, 'coins-50')
    await pay(sandboxId, card('declined'))
    const before = await writtenState(server.db, server.filesDir)
    expect((await confirm(other, orderId)).statusCode).toBe(404)
    const declined = await confirm(reader, orderId)
    expect(declined.statusCode).toBe(402)
    expect(declined.json()).toMatchObject({ error: { code: 'payment_declined' } })
    expect(await writtenState(server.db, server.filesDir)).toEqual(before)
  })

  it('refuses a foreign urlSuccess and an unknown pack with 400', async () => {
    const reader = await createAccount('reader')
    const before = await writtenState(server.db, server.filesDir)
    const foreign = await inject(reader, 'POST', '/coins/checkout', { packId: 'coins-50', urlSuccess: 'https://evil.example/coins' })
    expect(foreign.statusCode).toBe(400)
    const unknown = await inject(reader, 'POST', '/coins/checkout', { packId: 'coins-7', urlSuccess: URL_SUCCESS })
    expect(unknown.statusCode).toBe(400)
    expect(await writtenState(server.db, server.filesDir)).toEqual(before)
  })
})

describe('unlocking an episode', () => {
  it('debits the price once, opens the censored and legal pages to the owner only, never the uncensored', async () => {
    const reader = await createAccount('reader')
    const other = await createAccount('reader')
    expect((await credit(reader, 15)).statusCode).toBe(200)
    const { chapterId, comicId } = lockedEpisodes[0]!
    const before = await pagesOf(reader, chapterId, 'censored')
    expect(before.statusCode, before.body).toBe(403)

    const first = await unlock(reader, chapterId)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ data: [{ chapterId: String(chapterId), comicsId: String(comicId), coins: EPISODE_COIN_PRICE }] })
    expect(await balanceOf(reader)).toBe(15 - EPISODE_COIN_PRICE)
    const again = await unlock(reader, chapterId)
    expect(again.json()).toEqual(first.json())
    expect(await balanceOf(reader)).toBe(15 - EPISODE_COIN_PRICE)

    const pages = await pagesOf(reader, chapterId, 'censored')
    expect(pages.statusCode).toBe(200)
    expect((pages.json() as { data: unknown[] }).data.length).toBeGreaterThan(0)
    expect((await pagesOf(reader, chapterId, 'legal')).statusCode).toBe(200)
    const uncensored = await pagesOf(reader, chapterId, 'uncensored')
    expect(uncensored.statusCode).toBe(403)
    expect(uncensored.json()).toMatchObject({ error: { code: 'level_required' } })
    // Nobody else gets it: another reader, a guest.
    expect((await pagesOf(other, chapterId, 'censored')).statusCode).toBe(403)
    expect((await pagesOf(undefined, chapterId, 'censored')).statusCode).toBe(401)
    // Nor does the owner get the next one.
    expect((await pagesOf(reader, lockedEpisodes[1]!.chapterId, 'censored')).statusCode).toBe(403)

    const unlocks = await inject(reader, 'POST', '/coins/unlocks/list', { limit: 10, offset: 0, filters: { comicsId: [String(comicId)] } })
    expect((unlocks.json() as { data: { chapterId: string }[] }).data.map((u) => u.chapterId)).toEqual([String(chapterId)])
    const history = await inject(reader, 'POST', '/coins/history/list', { limit: 10, offset: 0 })
    expect((history.json() as { data: { kind: string; coins: number; balanceAfter: number }[] }).data.map((e) => [e.kind, e.coins, e.balanceAfter])).toEqual([
      ['unlock', -EPISODE_COIN_PRICE, 5],
      ['credit', 15, 15],
    ])
  })

  it('is refused with a clear code, writing nothing: short balance, free episode, subscriber, guest, unknown episode', async () => {
    const reader = await createAccount('reader')
    const subscriber = await createAccount('level1')
    await grantLevel(server.db, subscriber.uid, 1, TEST_NOW)
    expect((await credit(reader, EPISODE_COIN_PRICE - 1)).statusCode).toBe(200)
    const before = await writtenState(server.db, server.filesDir)
    const short = await unlock(reader, lockedEpisodes[2]!.chapterId)
    expect(short.statusCode).toBe(409)
    expect(short.json()).toMatchObject({ error: { code: 'insufficient_coins' } })
    const free = await unlock(reader, freeEpisode)
    expect(free.statusCode).toBe(409)
    expect(free.json()).toMatchObject({ error: { code: 'episode_free' } })
    const subscribed = await unlock(subscriber, lockedEpisodes[2]!.chapterId)
    expect(subscribed.statusCode).toBe(409)
    expect(subscribed.json()).toMatchObject({ error: { code: 'subscription_active' } })
    expect((await unlock(undefined, lockedEpisodes[2]!.chapterId)).statusCode).toBe(401)
    expect((await unlock(reader, 999_999)).statusCode).toBe(404)
    expect((await inject(reader, 'POST', '/coins/unlocks', { chapterId: "1' OR '1'='1" })).statusCode).toBe(400)
    expect(await writtenState(server.db, server.filesDir)).toEqual(before)
    expect(await balanceOf(reader)).toBe(EPISODE_COIN_PRICE - 1)
  })
})

describe('races', () => {
  it('20 unlocks of different episodes at once with coins for one: exactly one succeeds, balance 0', async () => {
    const reader = await createAccount('reader')
    await credit(reader, EPISODE_COIN_PRICE)
    const answers = await Promise.all(lockedEpisodes.slice(0, 20).map(({ chapterId }) => unlock(reader, chapterId)))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    const refused = answers.filter((a) => a.statusCode !== 200)
    expect(refused).toHaveLength(19)
    for (const answer of refused) expect(answer.json()).toMatchObject({ error: { code: 'insufficient_coins' } })
    expect(await balanceOf(reader)).toBe(0)
    expect(await server.db.select().from(coinUnlocks).where(eq(coinUnlocks.userId, reader.uid))).toHaveLength(1)
    expect((await ledgerOf(reader.uid)).map((e) => e.coins)).toEqual([EPISODE_COIN_PRICE, -EPISODE_COIN_PRICE])
    await expectLedgersBalance()
  })

  it('the same unlock sent 10 times at once debits once', async () => {
    const reader = await createAccount('reader')
    await credit(reader, 3 * EPISODE_COIN_PRICE)
    const { chapterId } = lockedEpisodes[5]!
    const answers = await Promise.all(Array.from({ length: 10 }, () => unlock(reader, chapterId)))
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200)
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(await balanceOf(reader)).toBe(2 * EPISODE_COIN_PRICE)
    expect((await ledgerOf(reader.uid)).filter((e) => e.kind === 'unlock')).toHaveLength(1)
    await expectLedgersBalance()
  })

  it("one pack's checkout paid 6 times at once (and confirmed as often) is credited once", async () => {
    const reader = await createAccount('reader')
    const pack = getCoinPack('coins-300')!
    const { orderId, sandboxId } = await openPack(reader, pack.id)
    const presses = await Promise.all([
      ...Array.from({ length: 6 }, () => pay(sandboxId)),
      ...Array.from({ length: 6 }, () => confirm(reader, orderId)),
      server.sandbox.runDue(),
    ])
    for (const press of presses.slice(0, 6)) expect((press as { statusCode: number }).statusCode).toBeLessThan(500)
    await server.sandbox.runDue()
    const confirmed = await Promise.all(Array.from({ length: 6 }, () => confirm(reader, orderId)))
    for (const answer of confirmed) expect(answer.statusCode, answer.body).toBe(200)
    expect(await balanceOf(reader)).toBe(pack.totalCoins)
    expect((await ledgerOf(reader.uid)).map((e) => [e.kind, e.coins])).toEqual([['purchase', pack.totalCoins]])
    await expectLedgersBalance()
  })
})

describe('the ledger', () => {
  it('is append-only and the balance can never go negative, whatever writes to the database', async () => {
    const reader = await createAccount('reader')
    await credit(reader, 5)
    const [entry] = await ledgerOf(reader.uid)
    await expect(server.db.update(coinLedger).set({ coins: 500 }).where(eq(coinLedger.id, entry!.id))).rejects.toThrow()
    await expect(server.db.delete(coinLedger).where(eq(coinLedger.id, entry!.id))).rejects.toThrow()
    await expect(server.db.update(coinBalances).set({ balance: -1 }).where(eq(coinBalances.userId, reader.uid))).rejects.toThrow()
    await expect(
      server.db.execute(sql`insert into coin_ledger (user_id, kind, coins, balance_after, created_at) values (${reader.uid}, 'unlock', -10, -5, now())`),
    ).rejects.toThrow()
    expect(await balanceOf(reader)).toBe(5)
  })
})

describe('support', () => {
  it("lets an admin read a reader's balance and history and credit coins with a reason, logged", async () => {
    const reader = await createAccount('reader')
    const credited = await credit(reader, 30, 'Episode 12 failed to load for a day')
    expect(credited.statusCode, credited.body).toBe(200)
    expect(credited.json()).toMatchObject({ data: [{ kind: 'credit', coins: 30, reason: 'Episode 12 failed to load for a day', balanceAfter: 30 }] })
    const [row] = await ledgerOf(reader.uid)
    expect(row!.createdBy).toBe(admin.uid)
    const line = logLines.find((l) => l.includes('coins credited by support') && l.includes(reader.uid))
    expect(line).toBeDefined()
    expect(JSON.parse(line!)).toMatchObject({ admin: admin.uid, userId: reader.uid, coins: 30, reason: 'Episode 12 failed to load for a day' })

    const balance = await inject(admin, 'GET', `/admin/coins/${reader.uid}/balance`)
    expect(balance.json()).toEqual({ data: [{ userId: reader.uid, balance: 30, episodePrice: EPISODE_COIN_PRICE }] })
    const history = await inject(admin, 'POST', '/coins/history/list', { limit: 10, offset: 0, filters: { userId: [reader.uid] } })
    expect((history.json() as { data: { coins: number }[] }).data.map((e) => e.coins)).toEqual([30])
  })

  it('refuses a reader: support calls, another reader\'s history, a credit without a reason', async () => {
    const reader = await createAccount('reader')
    const other = await createAccount('reader')
    const before = await writtenState(server.db, server.filesDir)
    expect((await inject(reader, 'POST', '/admin/coins/credits', { userId: reader.uid, coins: 10, reason: 'please' })).statusCode).toBe(403)
    expect((await inject(reader, 'GET', `/admin/coins/${other.uid}/balance`)).statusCode).toBe(403)
    expect((await inject(reader, 'POST', '/coins/history/list', { limit: 10, offset: 0, filters: { userId: [other.uid] } })).statusCode).toBe(403)
    expect((await inject(admin, 'POST', '/admin/coins/credits', { userId: reader.uid, coins: 10, reason: ' ' })).statusCode).toBe(400)
    expect((await inject(admin, 'POST', '/admin/coins/credits', { userId: reader.uid, coins: -10, reason: 'take back' })).statusCode).toBe(400)
    expect(await writtenState(server.db, server.filesDir)).toEqual(before)
  })
})
