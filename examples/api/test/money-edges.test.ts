import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { EPISODE_COIN_PRICE, getCoinPack, getPlan } from '@comics/core/rules'
import { chapters, checkouts, comics, renewalIntents, coinLedger, paymentEvents, payments, subscriptions } from '../src/db/schema'
import { creditPaidCoinOrder } from '../src/coins/buy-coin-pack'
import { confirmedPaymentOf } from '../src/payments/checkout-payment'
import type { CheckoutStatus } from '../src/payments/provider/payment-provider'
import { signatureHeader, SIGNATURE_HEADER } from '../src/payments/sandbox/event-signature'
import { WEBHOOK_PATH } from '../src/routes/payment-routes'
import { DEV_WEBHOOK_SECRET } from '../src/config'
import { bearer, createAccount, grantLevel, type Account } from './support/accounts'
import { card, paymentJourney, sandboxCustomerOf, URL_SUCCESS } from './support/payment-journey'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'
import { writtenState } from './support/written-state'
import { catalogueFacts } from './support/catalogue-facts'
import { HOUR, WEEK } from './support/manual-clock'
import { renewDueSubscriptions, settleRenewal } from '../src/payments/renew-subscriptions'

// The money paths' unusual turns, as the caller and the operator see them: each refusal's exact answer,
// a provider that says something other than the order, an order the provider cannot be asked about, and
// what is never asked of the provider twice.
let server: TestServer
let journey: ReturnType<typeof paymentJourney>
const logLines: string[] = []

beforeAll(async () => {
  server = await startTestServer({ logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } })
  journey = paymentJourney(server)
})
afterAll(() => server?.close())
afterEach(() => {
  vi.restoreAllMocks()
})

const ADULT = 'adult.localhost:5173'
const post = (account: Account | undefined, url: string, payload?: unknown, host = ADULT) =>
  server.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { host, ...bearer(account) }, ...(payload === undefined ? {} : { payload: payload as object }) })
const errorOf = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, body: response.json() })
const refusal = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } })
const orderRow = async (id: string) => (await server.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!
const setOrder = (id: string, values: Partial<typeof checkouts.$inferInsert>) => server.db.update(checkouts).set(values).where(eq(checkouts.id, id))
const state = () => writtenState(server.db, server.filesDir)
const sandboxCustomer = (uid: string) => sandboxCustomerOf(server.db, uid)
/** The log lines written since `from` that carry `text`. */
const loggedSince = (from: number, text: string) => logLines.slice(from).filter((line) => line.includes(text))

/** Opens a pack's checkout: the order id and the sandbox checkout id. */
async function openPack(account: Account, packId = 'coins-50') {
  const response = await post(account, '/coins/checkout', { packId, urlSuccess: URL_SUCCESS })
  expect(response.statusCode, response.body).toBe(200)
  const sandboxId = new URL((response.json() as { url: string }).url).pathname.split('/').pop()!
  const [order] = await server.db.select().from(checkouts).where(eq(checkouts.providerCheckoutId, sandboxId))
  return { orderId: order!.id, sandboxId }
}
const confirmPack = (account: Account, orderId: string) => post(account, '/coins/purchases', { checkoutId: orderId })
const paid = async (sandboxId: string, behaviour: Parameters<typeof card>[0] = 'succeeds') =>
  expect((await journey.payOnPage(sandboxId, card(behaviour))).statusCode).toBe(303)
const creditsOf = (account: Account) => server.db.select().from(coinLedger).where(eq(coinLedger.userId, account.uid))
const subscriptionsOf = (account: Account) => server.db.select().from(subscriptions).where(eq(subscriptions.userId, account.uid))
const paymentsOf = (account: Account) => server.db.select().from(payments).where(eq(payments.userId, account.uid))

describe('a coin pack', () => {
  it('on a foreign urlSuccess is refused naming the field', async () => {
    const reader = await createAccount('reader')
    const response = await post(reader, '/coins/checkout', { packId: 'coins-50', urlSuccess: 'https://evil.example/coins' })
    expect(errorOf(response)).toEqual({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'urlSuccess must be on an allowed origin', fieldErrors: { urlSuccess: ['Not on an allowed origin'] } } },
    })
  })

  it('whose checkout the provider fails to open leaves a cancelled order that cannot be confirmed', async () => {
    const reader = await createAccount('reader')
    vi.spyOn(server.sandbox, 'openCheckout').mockRejectedValueOnce(new Error('the provider is down'))
    const response = await post(reader, '/coins/checkout', { packId: 'coins-50', urlSuccess: URL_SUCCESS })
    expect(response.statusCode).toBe(500)
    const [order] = await server.db.select().from(checkouts).where(eq(checkouts.userId, reader.uid))
    expect(order).toMatchObject({ kind: 'coins', status: 'cancelled', providerCheckoutId: null })
    expect(errorOf(await confirmPack(reader, order!.id))).toEqual(refusal(409, 'checkout_cancelled', 'This checkout was cancelled'))
    expect(await creditsOf(reader)).toEqual([])
  })

  it('paid at another amount or in another currency than its order is refused, nothing credited', async () => {
    const reader = await createAccount('reader')
    const pack = getCoinPack('coins-50')!
    // The provider reports what was charged; the order says one cent more (then another currency).
    const cheaper = await openPack(reader)
    await paid(cheaper.sandboxId)
    await setOrder(cheaper.orderId, { amountCents: pack.amount + 1 })
    expect(errorOf(await confirmPack(reader, cheaper.orderId))).toEqual(
      refusal(409, 'payment_mismatch', `The payment of ${pack.amount} USD is not this order's amount`),
    )
    const foreign = await openPack(reader)
    await paid(foreign.sandboxId)
    await setOrder(foreign.orderId, { currency: 'EUR' })
    expect(errorOf(await confirmPack(reader, foreign.orderId))).toEqual(
      refusal(409, 'payment_mismatch', `The payment of ${pack.amount} USD is not this order's amount`),
    )
    expect(await creditsOf(reader)).toEqual([])
    expect((await orderRow(cheaper.orderId)).status).toBe('open')
  })

  it('declined is answered with what the reader can do', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await openPack(reader)
    expect((await journey.payOnPage(sandboxId, card('declined'))).statusCode).toBe(402)
    expect(errorOf(await confirmPack(reader, orderId))).toEqual(
      refusal(402, 'payment_declined', 'The card was declined: pay again on the checkout page'),
    )
  })

  it('confirmed twice at once answers one credit to both; once credited, the provider is not asked again', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await openPack(reader)
    await paid(sandboxId)
    const both = await Promise.all([confirmPack(reader, orderId), confirmPack(reader, orderId)])
    for (const response of both) expect(response.statusCode, response.body).toBe(200)
    const [entry] = await creditsOf(reader)
    expect(both.map((r) => (r.json() as { data: { id: string }[] }).data[0]!.id)).toEqual([String(entry!.id), String(entry!.id)])
    const asked = vi.spyOn(server.sandbox, 'checkoutStatus')
    const again = await confirmPack(reader, orderId)
    expect(again.json()).toEqual(both[0]!.json())
    expect(asked).not.toHaveBeenCalled()
    expect(await creditsOf(reader)).toHaveLength(1)
  })

  it("is not a plan: a plan's order confirmed as a pack, paid or not, is not found", async () => {
    const reader = await createAccount('reader')
    const { orderId } = await journey.subscribe(reader, '1week')
    expect(errorOf(await confirmPack(reader, orderId))).toEqual(refusal(404, 'not_found', 'Checkout not found'))
    const open = await journey.opened(reader, '4weeks')
    await paid(open.sandboxId)
    expect(errorOf(await confirmPack(reader, open.orderId))).toEqual(refusal(404, 'not_found', 'Checkout not found'))
    expect(await creditsOf(reader)).toEqual([])
  })

  it("is credited from its own order only: a plan's order handed to the coin credit is not found", async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '1week')
    await paid(sandboxId)
    const status = (await server.sandbox.checkoutStatus(sandboxId)) as Extract<CheckoutStatus, { paymentId: string }>
    await expect(creditPaidCoinOrder(server.db, server.clock, confirmedPaymentOf(orderId, 'sandbox', status))).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Checkout not found',
    })
    expect(await creditsOf(reader)).toEqual([])
  })

  it('nor is a pack a plan: a paid pack confirmed as a subscription is not found and grants nothing', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await openPack(reader)
    await paid(sandboxId)
    expect(errorOf(await journey.confirm(reader, orderId))).toEqual(refusal(404, 'not_found', 'Checkout not found'))
    expect(await subscriptionsOf(reader)).toEqual([])
    expect(await creditsOf(reader)).toEqual([])
  })

  it('naming a pack that no longer exists, or paid without its credit, fails and tells the operator why', async () => {
    const reader = await createAccount('reader')
    const gone = await openPack(reader)
    await paid(gone.sandboxId)
    await setOrder(gone.orderId, { planId: 'coins-retired' })
    const from = logLines.length
    expect((await confirmPack(reader, gone.orderId)).statusCode).toBe(500)
    expect(loggedSince(from, `Order ${gone.orderId} names no coin pack`)).toHaveLength(1)
    expect(await creditsOf(reader)).toEqual([])

    const lost = await openPack(reader)
    await setOrder(lost.orderId, { status: 'paid' })
    expect((await confirmPack(reader, lost.orderId)).statusCode).toBe(500)
    expect(loggedSince(from, `Order ${lost.orderId} is paid but has no coin credit`)).toHaveLength(1)
  })
})

describe('an order id', () => {
  it('is looked up only whole: one with a character the database cannot hold, before or after, is not found', async () => {
    const reader = await createAccount('reader')
    for (const checkoutId of [`\u0000${'a'.repeat(20)}`, `${'a'.repeat(20)}\u0000`]) {
      expect(errorOf(await confirmPack(reader, checkoutId))).toEqual(refusal(404, 'not_found', 'Checkout not found'))
      expect(errorOf(await journey.confirm(reader, checkoutId))).toEqual(refusal(404, 'not_found', 'Checkout not found'))
    }
  })
})

describe('the provider of an order', () => {
  it('no longer run by this server is named in a 409, and nothing is granted', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '1week')
    await paid(sandboxId)
    await setOrder(orderId, { provider: 'betatransfer' })
    expect(errorOf(await journey.confirm(reader, orderId))).toEqual(
      refusal(409, 'provider_unavailable', 'This order was paid through betatransfer, which this server does not run'),
    )
    expect(await subscriptionsOf(reader)).toEqual([])
  })

  it('not recorded (an order from before providers were named) is the first one this server runs', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '1week')
    await paid(sandboxId)
    await setOrder(orderId, { provider: null })
    const confirmed = await journey.confirm(reader, orderId)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(await subscriptionsOf(reader)).toMatchObject([{ status: 'active', level: getPlan('1week')!.level }])
  })

  it("answering for another order's checkout fails, tells the operator, and grants nothing", async () => {
    const reader = await createAccount('reader')
    const first = await journey.opened(reader, '1week')
    await paid(first.sandboxId)
    // The first order's checkout, recorded against a second order of the same price.
    const second = await journey.opened(reader, '1week')
    await setOrder(first.orderId, { providerCheckoutId: null })
    await setOrder(second.orderId, { providerCheckoutId: first.sandboxId })
    const from = logLines.length
    expect((await journey.confirm(reader, second.orderId)).statusCode).toBe(500)
    expect(loggedSince(from, `Provider checkout ${first.sandboxId} is not order ${second.orderId}'s`)).toHaveLength(1)
    expect(await subscriptionsOf(reader)).toEqual([])
    expect(await paymentsOf(reader)).toEqual([])
  })

  it('saying the payment was refunded before the reader came back: 409 payment_refunded, nothing granted', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '1week')
    await paid(sandboxId)
    const status = await server.sandbox.checkoutStatus(sandboxId)
    expect(status.status).toBe('paid')
    await server.sandbox.refund((status as { paymentId: string }).paymentId)
    expect(errorOf(await journey.confirm(reader, orderId))).toEqual(refusal(409, 'payment_refunded', 'The payment of this checkout was refunded'))
    expect(await subscriptionsOf(reader)).toEqual([])
  })
})

describe('a plan', () => {
  it('paid at another amount or in another currency than its order is refused, nothing granted', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '1week')
    await paid(sandboxId)
    const order = await orderRow(orderId)
    await setOrder(orderId, { amountCents: order.amountCents - 1 })
    const mismatch = refusal(409, 'payment_mismatch', `The payment of ${order.amountCents} USD is not this order's amount`)
    expect(errorOf(await journey.confirm(reader, orderId))).toEqual(mismatch)
    await setOrder(orderId, { amountCents: order.amountCents, currency: 'EUR' })
    expect(errorOf(await journey.confirm(reader, orderId))).toEqual(mismatch)
    expect(await subscriptionsOf(reader)).toEqual([])
    expect(await paymentsOf(reader)).toEqual([])
  })

  it('not paid yet, declined, cancelled or unknown is answered with its reason', async () => {
    const reader = await createAccount('reader')
    const open = await journey.opened(reader, '1week')
    expect(errorOf(await journey.confirm(reader, open.orderId))).toEqual(
      refusal(409, 'payment_pending', 'The payment of this checkout is not confirmed yet'),
    )
    expect((await journey.payOnPage(open.sandboxId, card('declined'))).statusCode).toBe(402)
    expect(errorOf(await journey.confirm(reader, open.orderId))).toEqual(
      refusal(402, 'payment_declined', 'The card was declined: pay again on the checkout page or choose another plan'),
    )
    const ended = await journey.opened(reader, '4weeks')
    await journey.opened(reader, '4weeks')
    expect(errorOf(await journey.confirm(reader, ended.orderId))).toEqual(refusal(409, 'checkout_cancelled', 'This checkout was cancelled'))
    const unknown = await journey.confirm(reader, 'a'.repeat(32))
    expect(errorOf(unknown)).toEqual(refusal(404, 'not_found', 'Checkout not found'))
  })

  it('granted is answered from what was granted, without asking the provider again', async () => {
    const reader = await createAccount('reader')
    const { orderId, subscription } = await journey.subscribe(reader, '1week')
    const asked = vi.spyOn(server.sandbox, 'checkoutStatus')
    const again = await journey.confirm(reader, orderId)
    expect(again.statusCode).toBe(200)
    expect((again.json() as { data: { id: string }[] }).data[0]!.id).toBe(subscription.id)
    expect(asked).not.toHaveBeenCalled()
  })

  it('paid while a higher one of the reader is paid too: the higher is granted first and this one given back', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    // Tab 1 pays the lower plan with a card that takes a while; tab 2 opens the higher one and pays it.
    const lower = await journey.opened(reader, '1week')
    await paid(lower.sandboxId, 'succeeds-after-delay')
    const higher = await journey.opened(reader, '12weeks')
    await paid(higher.sandboxId)
    server.clock.advance(server.context.config.sandboxDelayMs)
    await server.sandbox.settleDue()
    // No event has landed: tab 1 comes back first.
    expect(errorOf(await journey.confirm(reader, lower.orderId))).toEqual(refusal(409, 'payment_refunded', 'The payment of this checkout was refunded'))
    expect(await subscriptionsOf(reader)).toMatchObject([{ status: 'active', level: getPlan('12weeks')!.level, checkoutId: higher.orderId }])
    server.clock.set(TEST_NOW)
  })

  it('is granted beside higher orders of the reader that are open, unpaid, opened elsewhere, or still being opened', async () => {
    const reader = await createAccount('reader')
    const higherOpen = await journey.opened(reader, '12weeks')
    const elsewhere = await journey.opened(reader, '4weeks')
    const opening = await journey.opened(reader, '24weeks')
    const lower = await journey.opened(reader, '1week')
    await server.db.update(checkouts).set({ status: 'open' }).where(eq(checkouts.userId, reader.uid))
    await setOrder(elsewhere.orderId, { provider: 'stripe', providerCheckoutId: 'cs_test_elsewhere' })
    await setOrder(opening.orderId, { providerCheckoutId: null })
    await paid(lower.sandboxId)
    const asked = vi.spyOn(server.sandbox, 'checkoutStatus')
    const confirmed = await journey.confirm(reader, lower.orderId)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(await subscriptionsOf(reader)).toMatchObject([{ status: 'active', level: getPlan('1week')!.level }])
    // The open higher one is asked about, the others are not.
    expect(asked.mock.calls.map(([id]) => id).sort()).toEqual([higherOpen.sandboxId, lower.sandboxId].sort())
  })
})

describe('a higher plan', () => {
  it('replaces the one in force, which no longer renews', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '1week')
    await journey.subscribe(reader, '12weeks')
    const rows = await subscriptionsOf(reader)
    expect(rows.find((row) => String(row.id) === subscription.id)).toMatchObject({ status: 'replaced', autoRenew: false, renewsOnce: false })
    expect(rows.filter((row) => row.status === 'active')).toMatchObject([{ level: getPlan('12weeks')!.level, autoRenew: true }])
  })
})

describe('the events of a plan', () => {
  it('record what they did: granted, or nothing when the reader confirmed first, or given back when another order won', async () => {
    const outcomes = async (sandboxId: string) =>
      (await server.db.select().from(paymentEvents).where(eq(paymentEvents.objectId, sandboxId))).map((e) => `${e.type} ${e.outcome}`)
    const first = await createAccount('reader')
    const byEvent = await journey.opened(first, '1week')
    await paid(byEvent.sandboxId)
    await server.sandbox.runDue()
    expect(await outcomes(byEvent.sandboxId)).toEqual(['checkout.paid granted'])
    expect(await paymentsOf(first)).toMatchObject([{ kind: 'first-purchase', paymentSystem: 'card', provider: 'sandbox', status: 'paid' }])

    const second = await createAccount('reader')
    const byReader = await journey.opened(second, '1week')
    await paid(byReader.sandboxId)
    expect((await journey.confirm(second, byReader.orderId)).statusCode).toBe(200)
    await server.sandbox.runDue()
    expect(await outcomes(byReader.sandboxId)).toEqual(['checkout.paid no-op'])

    // Two tabs of the same plan, the first paid with a card that takes a while: the second is granted first,
    // and the first's event gives its payment back.
    server.clock.set(TEST_NOW)
    const third = await createAccount('reader')
    const tab = await journey.opened(third, '1week')
    await paid(tab.sandboxId, 'succeeds-after-delay')
    const otherTab = await journey.opened(third, '1week')
    await paid(otherTab.sandboxId)
    expect((await journey.confirm(third, otherTab.orderId)).statusCode).toBe(200)
    server.clock.advance(server.context.config.sandboxDelayMs)
    await server.sandbox.runDue()
    expect(await outcomes(tab.sandboxId)).toEqual(['checkout.paid refunded'])
    expect(await outcomes(otherTab.sandboxId)).toEqual(['checkout.paid no-op'])
    server.clock.set(TEST_NOW)
  })
})

describe('a support credit', () => {
  it('is audited with its coins, its reason and its ledger entry', async () => {
    const admin = await createAccount('admin', { admin: true })
    const reader = await createAccount('reader')
    const credited = await post(admin, '/admin/coins/credits', { userId: reader.uid, coins: 25, reason: 'a page did not load' })
    expect(credited.statusCode, credited.body).toBe(200)
    const entry = (credited.json() as { data: { id: string }[] }).data[0]!
    const audit = await post(admin, '/admin/audit/list', { limit: 200, offset: 0 })
    const listed = (audit.json() as { data: { action: string; targetId?: string; detail: unknown }[] }).data.filter(
      (row) => row.action === 'credit' && row.targetId === reader.uid,
    )
    expect(listed.map((row) => row.detail)).toEqual([{ coins: 25, reason: 'a page did not load', ledgerId: entry.id }])
  })
})

describe('cancelling a subscription', () => {
  const cancel = (account: Account, id: string) => post(account, `/subscriptions/${id}/cancel`)

  it('that is not there, or not a subscription id, is not found', async () => {
    const reader = await createAccount('reader')
    expect(errorOf(await cancel(reader, '999999999'))).toEqual(refusal(404, 'not_found', 'Subscription 999999999 not found'))
    expect(errorOf(await cancel(reader, 'x'))).toEqual(refusal(404, 'not_found', 'Subscription x not found'))
  })

  it('no longer in force names its state', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '1week')
    server.clock.set(new Date(subscription.currentPeriodEnd))
    expect(errorOf(await cancel(reader, subscription.id))).toEqual(
      refusal(409, 'subscription_not_active', `Subscription ${subscription.id} is past its period end`),
    )
    await server.db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.id, Number(subscription.id)))
    expect(errorOf(await cancel(reader, subscription.id))).toEqual(refusal(409, 'subscription_not_active', `Subscription ${subscription.id} is expired`))
    server.clock.set(TEST_NOW)
  })
})

describe('unlocking an episode with coins', () => {
  /** The episodes of the AO comics (the adult host shows them) in reading order, per comic. */
  async function episodesByComic() {
    const rows = await server.db
      .select({ id: chapters.id, comicId: chapters.comicId, publishAt: chapters.publishAt })
      .from(chapters)
      .innerJoin(comics, eq(comics.id, chapters.comicId))
      .where(eq(comics.contentRating, 'AO'))
      .orderBy(asc(chapters.comicId), asc(chapters.chapterNumber))
    const byComic = new Map<number, typeof rows>()
    for (const row of rows) byComic.set(row.comicId, [...(byComic.get(row.comicId) ?? []), row])
    return [...byComic.values()]
  }
  const unlock = (account: Account, chapterId: number | string) => post(account, '/coins/unlocks', { chapterId: String(chapterId) })
  const credit = async (account: Account, coins: number) => {
    const admin = await createAccount('admin', { admin: true })
    expect((await post(admin, '/admin/coins/credits', { userId: account.uid, coins, reason: 'test credit' })).statusCode).toBe(200)
  }

  it('names the field of an id that is not one, and does not unlock an episode not yet published', async () => {
    const reader = await createAccount('reader')
    await credit(reader, 3 * EPISODE_COIN_PRICE)
    const bad = await unlock(reader, 'abc')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys((bad.json() as { error: { fieldErrors: object } }).error.fieldErrors)).toEqual(['chapterId'])
    const before = await state()
    // The latest episode, a second before it is published.
    const times = (await episodesByComic()).flat().map((e) => ({ id: e.id, publishAt: e.publishAt?.getTime() ?? 0 }))
    const latest = times.sort((a, b) => b.publishAt - a.publishAt)[0]!
    server.clock.set(new Date(latest.publishAt - 1000))
    expect(errorOf(await unlock(reader, latest.id))).toEqual(refusal(404, 'not_found', 'Episode not found'))
    expect(await state()).toEqual(before)
    server.clock.set(TEST_NOW)
  })

  it('answers an unlock the reader has even after they subscribed, and refuses a free episode with its reason', async () => {
    const reader = await createAccount('reader')
    await credit(reader, EPISODE_COIN_PRICE)
    const episodes = (await episodesByComic()).find((list) => list.filter((e) => e.publishAt !== null && e.publishAt <= TEST_NOW).length >= 4)!
    const first = await unlock(reader, episodes[3]!.id)
    expect(first.statusCode, first.body).toBe(200)
    await grantLevel(server.db, reader.uid, 2, server.clock.now())
    expect((await unlock(reader, episodes[3]!.id)).json()).toEqual(first.json())
    expect(errorOf(await unlock(reader, episodes[0]!.id))).toEqual(refusal(409, 'episode_free', 'This episode is free: there is nothing to unlock'))
  })
})

describe('provider events, sent as the provider words them', () => {
  /** Posts a sandbox event on the wire, signed: its status and body. */
  const send = async (type: string, data: Record<string, unknown>, id = `evt_${randomUUID()}`) => {
    const now = Math.floor(server.clock.now().getTime() / 1000)
    const body = JSON.stringify({ id, type, created: now, data })
    const response = await server.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(DEV_WEBHOOK_SECRET, now, body) },
      payload: body,
    })
    return { status: response.statusCode, body: response.json() as unknown }
  }
  const did = (outcome: string) => ({ status: 200, body: { received: true, outcome, duplicate: false } })
  const refused = (message: string) => refusal(400, 'event_refused', message)
  /** The wire data of a paid event for a sandbox checkout, as the provider reports it. */
  async function paidData(orderId: string, sandboxId: string) {
    const status = (await server.sandbox.checkoutStatus(sandboxId)) as Extract<CheckoutStatus, { paymentId: string }>
    return {
      checkoutId: sandboxId,
      reference: orderId,
      paymentId: status.paymentId,
      paymentMethodId: status.paymentMethodId,
      amountCents: status.amountCents,
      currency: status.currency,
    }
  }
  /** A plan paid on the sandbox page whose events are not delivered: the order, the checkout and the paid event's data. */
  async function paidPlan(reader: Account, planId = '1week') {
    const { orderId, sandboxId } = await journey.opened(reader, planId)
    await paid(sandboxId)
    return { orderId, sandboxId, data: await paidData(orderId, sandboxId) }
  }
  const recorded = async (id: string) => (await server.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, id))).map((e) => e.outcome)

  it('of a type the API does not use are acknowledged and not recorded', async () => {
    const id = `evt_${randomUUID()}`
    expect(await send('customer.updated', {}, id)).toEqual(did('ignored'))
    expect(await recorded(id)).toEqual([])
  })

  it('paid, for a checkout whose order is gone, are checked with the provider and the money given back once', async () => {
    const reader = await createAccount('reader')
    const { orderId, data } = await paidPlan(reader)
    await server.db.delete(checkouts).where(eq(checkouts.id, orderId))
    expect(await send('checkout.paid', { ...data, checkoutId: 'cs_unknown_to_the_provider' })).toEqual(refused("The event's checkout is not the provider's"))
    expect(await send('checkout.paid', { ...data, paymentId: 'pay_other' })).toEqual(refused('The provider does not confirm this payment'))
    expect(await send('checkout.paid', { ...data, reference: 'another-order-of-the-same-length' })).toEqual(refused('The provider does not confirm this payment'))
    const refunds = vi.spyOn(server.sandbox, 'refund')
    expect(await send('checkout.paid', data)).toEqual(did('refunded-no-order'))
    expect(refunds).toHaveBeenCalledTimes(1)
    expect((await server.sandbox.checkoutStatus(data.checkoutId)).status).toBe('refunded')
    // Sent again under another id (the provider's retry of a lost answer): already given back, not refunded twice.
    expect(await send('checkout.paid', data)).toEqual(did('refunded-no-order'))
    expect(refunds).toHaveBeenCalledTimes(1)
  })

  it('paid, for a checkout the provider does not say is paid, is refused', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '1week')
    await server.db.delete(checkouts).where(eq(checkouts.id, orderId))
    const data = { checkoutId: sandboxId, reference: orderId, paymentId: 'pay_none', paymentMethodId: 'pm_none', amountCents: 799, currency: 'USD' }
    expect(await send('checkout.paid', data)).toEqual(refused('The provider does not confirm this payment'))
  })

  it("paid, at another amount or currency than the order's, or with another payment than the provider's, is refused", async () => {
    const reader = await createAccount('reader')
    const { data } = await paidPlan(reader)
    expect(await send('checkout.paid', { ...data, amountCents: data.amountCents + 1 })).toEqual(refused("The event's amount is not the order's"))
    expect(await send('checkout.paid', { ...data, currency: 'EUR' })).toEqual(refused("The event's amount is not the order's"))
    expect(await send('checkout.paid', { ...data, paymentId: 'pay_other' })).toEqual(refused('The provider does not confirm this payment'))
    expect(await subscriptionsOf(reader)).toEqual([])
    expect(await send('checkout.paid', data)).toEqual(did('granted'))
  })

  it('paid, for a payment the provider has refunded since, does nothing', async () => {
    const reader = await createAccount('reader')
    const { data } = await paidPlan(reader)
    await server.sandbox.refund(data.paymentId)
    expect(await send('checkout.paid', data)).toEqual(did('no-op'))
    expect(await subscriptionsOf(reader)).toEqual([])
  })

  it("paid, for a pack, credits it once and asks the provider about that checkout alone (a plan's would ask about higher orders)", async () => {
    const reader = await createAccount('reader')
    // An open order of a higher plan: a plan's paid event would ask the provider about it first.
    await journey.opened(reader, '24weeks')
    const pack = await openPack(reader)
    await paid(pack.sandboxId)
    const data = await paidData(pack.orderId, pack.sandboxId)
    const asked = vi.spyOn(server.sandbox, 'checkoutStatus')
    expect(await send('checkout.paid', data)).toEqual(did('granted'))
    expect(asked.mock.calls.map(([id]) => id)).toEqual([pack.sandboxId])
    expect(await send('checkout.paid', data)).toEqual(did('no-op'))
    expect(await creditsOf(reader)).toHaveLength(1)
  })

  it('declined are recorded as declined, and as nothing once the order was paid', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId, data } = await paidPlan(reader)
    const declined = { checkoutId: sandboxId, reference: orderId, reason: 'card_declined' }
    expect(await send('checkout.declined', declined)).toEqual(did('declined'))
    expect(await send('checkout.paid', data)).toEqual(did('granted'))
    expect(await send('checkout.declined', declined)).toEqual(did('no-op'))
  })

  it('refunds: partial recorded, full ends the plan once; of a payment the API does not know, nothing', async () => {
    const reader = await createAccount('reader')
    const { orderId, data } = await paidPlan(reader)
    expect(await send('checkout.paid', data)).toEqual(did('granted'))
    expect(await send('payment.refunded', { paymentId: data.paymentId, refundedCents: 100, fully: false })).toEqual(did('partly-refunded'))
    const [payment] = await server.db.select().from(payments).where(eq(payments.checkoutId, orderId))
    expect(payment).toMatchObject({ status: 'paid', refundedCents: 100 })
    expect(await send('payment.refunded', { paymentId: data.paymentId, refundedCents: data.amountCents, fully: true })).toEqual(did('refunded'))
    expect(await send('payment.refunded', { paymentId: data.paymentId, refundedCents: data.amountCents, fully: true })).toEqual(did('no-op'))
    expect(await subscriptionsOf(reader)).toMatchObject([{ status: 'refunded' }])
    expect(await send('payment.refunded', { paymentId: 'pay_unknown', refundedCents: 5, fully: false })).toEqual(did('partly-refunded'))
    expect(await send('payment.refunded', { paymentId: 'pay_unknown', refundedCents: 5, fully: true })).toEqual(did('no-op'))
  })

  it("disputes: a plan suspended, restored when won and ended when lost; a pack's coins held and restored; an unknown payment's nothing", async () => {
    const reader = await createAccount('reader')
    const { data } = await paidPlan(reader)
    expect(await send('checkout.paid', data)).toEqual(did('granted'))
    const paymentId = data.paymentId
    expect(await send('dispute.opened', { paymentId })).toEqual(did('suspended'))
    expect(await subscriptionsOf(reader)).toMatchObject([{ status: 'disputed' }])
    expect(await send('dispute.closed', { paymentId, won: true })).toEqual(did('restored'))
    expect(await subscriptionsOf(reader)).toMatchObject([{ status: 'active' }])
    expect(await send('dispute.closed', { paymentId, won: false })).toEqual(did('ended'))
    expect(await subscriptionsOf(reader)).toMatchObject([{ status: 'refunded', autoRenew: false, renewsOnce: false }])

    const pack = await openPack(reader)
    await paid(pack.sandboxId)
    expect((await confirmPack(reader, pack.orderId)).statusCode).toBe(200)
    const [purchase] = await creditsOf(reader)
    expect(await send('dispute.opened', { paymentId: purchase!.providerPaymentId })).toEqual(did('coins-held'))
    expect(await send('dispute.closed', { paymentId: purchase!.providerPaymentId, won: true })).toEqual(did('coins-restored'))
    expect(await send('dispute.opened', { paymentId: 'pay_unknown' })).toEqual(did('no-op'))
    expect(await send('dispute.closed', { paymentId: 'pay_unknown', won: true })).toEqual(did('no-op'))
    expect(await send('dispute.closed', { paymentId: 'pay_unknown', won: false })).toEqual(did('dispute-lost'))
  })

  it('renewal receipts without an intent of the API are recorded and change nothing else', async () => {
    const withoutEvents = async () => {
      const { tables } = await state()
      const { payment_events: _, ...rest } = tables
      return rest
    }
    const before = await withoutEvents()
    const paidId = `evt_${randomUUID()}`
    expect(await send('renewal.paid', { paymentId: 'pay_renewal', paymentMethodId: 'pm_x', idempotencyKey: 'renewal-unknown' }, paidId)).toEqual(
      did('renewal-paid'),
    )
    expect(await send('renewal.failed', { paymentMethodId: 'pm_x', reason: 'expired_card', idempotencyKey: 'renewal-unknown' })).toEqual(
      did('renewal-failed'),
    )
    expect(await send('renewal.paid', { paymentId: 'pay_renewal_2', paymentMethodId: 'pm_x' })).toEqual(did('renewal-paid'))
    expect(await recorded(paidId)).toEqual(['renewal-paid'])
    expect(await withoutEvents()).toEqual(before)
  })

  it('sent twice at once are applied once: the second answer says it is a duplicate', async () => {
    const reader = await createAccount('reader')
    const { data } = await paidPlan(reader)
    const id = `evt_${randomUUID()}`
    const both = await Promise.all([send('checkout.paid', data, id), send('checkout.paid', data, id)])
    expect(both.map((answer) => (answer.body as { duplicate: boolean }).duplicate).sort()).toEqual([false, true])
    for (const answer of both) expect(answer).toMatchObject({ status: 200, body: { outcome: 'granted' } })
    expect(await recorded(id)).toEqual(['granted'])
  })
})

describe('renewals', () => {
  const renew = () => renewDueSubscriptions(server.db, server.clock, server.sandbox)
  const subscriptionRow = async (id: string | number) => (await server.db.select().from(subscriptions).where(eq(subscriptions.id, Number(id))))[0]!
  /** A reader subscribed at `start` (each test its own time, far from the others'): the subscription and its period end. */
  async function subscribedAt(start: Date, planId = '4weeks') {
    server.clock.set(start)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, planId)
    return { reader, id: Number(subscription.id), end: Date.parse(subscription.currentPeriodEnd) }
  }
  afterEach(() => server.clock.set(TEST_NOW))

  it("charge the provider the plan's renewal price, named and keyed by subscription and period", async () => {
    const { id, end } = await subscribedAt(new Date(TEST_NOW.getTime() + 100 * WEEK))
    const row = await subscriptionRow(id)
    const charges = vi.spyOn(server.sandbox, 'chargeRenewal')
    server.clock.set(new Date(end - HOUR))
    await renew()
    const key = `renewal-${id}-${new Date(end).toISOString()}`
    expect(charges.mock.calls.map(([charge]) => charge).filter((charge) => charge.idempotencyKey === key)).toEqual([
      {
        customerId: await sandboxCustomer(row.userId),
        paymentMethodId: row.paymentMethodId,
        amountCents: getPlan('4weeks')!.renewalAmount,
        currency: 'USD',
        description: 'premium membership: 4 weeks, renewal',
        idempotencyKey: key,
      },
    ])
    const [intent] = await server.db.select().from(renewalIntents).where(eq(renewalIntents.idempotencyKey, key))
    expect(intent).toMatchObject({ status: 'recorded', subscriptionId: id, provider: 'sandbox', currency: 'USD' })
    expect(intent!.providerPaymentId).toMatch(/^py_/)
    // Settled already: the provider's receipt or a second settlement changes nothing.
    expect(await settleRenewal(server.db, server.clock, server.sandbox, key, { status: 'paid', paymentId: intent!.providerPaymentId! })).toBe('settled-already')
    expect(await settleRenewal(server.db, server.clock, server.sandbox, 'renewal-of-nothing', { status: 'failed', reason: 'x' })).toBe('settled-already')
  })

  it('skip a retired plan, note a subscription without a saved card as failed, and go on with the others', async () => {
    const start = new Date(TEST_NOW.getTime() + 200 * WEEK)
    const retired = await subscribedAt(start)
    const cardless = await subscribedAt(start)
    const paying = await subscribedAt(start)
    await server.db.update(subscriptions).set({ planId: 'retired-plan' }).where(eq(subscriptions.id, retired.id))
    await server.db.update(subscriptions).set({ paymentMethodId: null }).where(eq(subscriptions.id, cardless.id))
    const charges = vi.spyOn(server.sandbox, 'chargeRenewal')
    server.clock.set(new Date(paying.end - HOUR))
    const run = await renew()
    expect(run).toMatchObject({ renewed: 1, failed: 1 })
    expect(charges.mock.calls.map(([charge]) => charge.idempotencyKey)).toEqual([`renewal-${paying.id}-${new Date(paying.end).toISOString()}`])
    expect(await subscriptionRow(cardless.id)).toMatchObject({ status: 'active', autoRenew: false, renewalFailedAt: new Date(paying.end - HOUR) })
    expect(await subscriptionRow(retired.id)).toMatchObject({ status: 'active', autoRenew: true, renewalFailedAt: null, currentPeriodEnd: new Date(retired.end) })
    expect((await subscriptionRow(paying.id)).currentPeriodEnd).toEqual(new Date(paying.end + 4 * WEEK))
    // Once noted, the card-less one is not noted again.
    expect(await renew()).toMatchObject({ renewed: 0, failed: 0 })
  })

  it("charge a subscription granted without an order, and leave one another provider took to that provider", async () => {
    const start = new Date(TEST_NOW.getTime() + 300 * WEEK)
    const granted = await subscribedAt(start)
    const elsewhere = await subscribedAt(start)
    const grantedRow = await subscriptionRow(granted.id)
    await server.db.update(subscriptions).set({ checkoutId: null }).where(eq(subscriptions.id, granted.id))
    await server.db.update(checkouts).set({ provider: 'stripe' }).where(eq(checkouts.id, (await subscriptionRow(elsewhere.id)).checkoutId!))
    const charges = vi.spyOn(server.sandbox, 'chargeRenewal')
    server.clock.set(new Date(granted.end - HOUR))
    expect(await renew()).toMatchObject({ renewed: 1, failed: 0 })
    expect(charges.mock.calls.map(([charge]) => charge.paymentMethodId)).toEqual([grantedRow.paymentMethodId])
    expect((await subscriptionRow(elsewhere.id)).currentPeriodEnd).toEqual(new Date(elsewhere.end))
  })

  it('a failed charge turns renewal off; a paid one for a subscription ended since is refunded, once', async () => {
    const start = new Date(TEST_NOW.getTime() + 400 * WEEK)
    const { id, end } = await subscribedAt(start)
    const key = `renewal-${id}-${new Date(end).toISOString()}`
    // An intent left charging (the run stopped before the provider's answer), settled by the answer.
    server.clock.set(new Date(end - HOUR))
    await server.db.insert(renewalIntents).values({
      idempotencyKey: key,
      subscriptionId: id,
      periodEnd: new Date(end),
      provider: 'sandbox',
      customerId: 'cus_x',
      paymentMethodId: 'pm_x',
      description: 'premium membership: 4 weeks, renewal',
      amountCents: 1599,
      currency: 'USD',
      createdAt: server.clock.now(),
    })
    expect(await settleRenewal(server.db, server.clock, server.sandbox, key, { status: 'failed', reason: 'card_declined' })).toBe('failed')
    expect(await subscriptionRow(id)).toMatchObject({ autoRenew: false, renewsOnce: false, renewalFailedAt: new Date(end - HOUR) })
    const [failedIntent] = await server.db.select().from(renewalIntents).where(eq(renewalIntents.idempotencyKey, key))
    expect(failedIntent).toMatchObject({ status: 'failed', settledAt: new Date(end - HOUR) })

    // Another intent of the same subscription, paid after the subscription was refunded.
    const later = `${key}-again`
    await server.db.insert(renewalIntents).values({ ...failedIntent!, idempotencyKey: later, status: 'charging', settledAt: null })
    await server.db.update(subscriptions).set({ status: 'refunded' }).where(eq(subscriptions.id, id))
    const charge = await server.sandbox.chargeRenewal({
      customerId: await sandboxCustomer((await subscriptionRow(id)).userId),
      paymentMethodId: (await subscriptionRow(id)).paymentMethodId!,
      amountCents: 1599,
      currency: 'USD',
      description: 'premium membership: 4 weeks, renewal',
      idempotencyKey: later,
    })
    expect(charge.status).toBe('paid')
    const refunds = vi.spyOn(server.sandbox, 'refund')
    expect(await settleRenewal(server.db, server.clock, server.sandbox, later, charge)).toBe('refunded')
    expect(refunds.mock.calls).toEqual([[(charge as { paymentId: string }).paymentId]])
    expect((await server.db.select().from(renewalIntents).where(eq(renewalIntents.idempotencyKey, later)))[0]).toMatchObject({
      status: 'refunded',
      providerPaymentId: (charge as { paymentId: string }).paymentId,
    })
    expect(await settleRenewal(server.db, server.clock, server.sandbox, later, charge)).toBe('settled-already')
    expect(refunds).toHaveBeenCalledTimes(1)
  })
})

describe("an episode's pages", () => {
  const pages = (account: Account | undefined, filters: Record<string, unknown>, paging = { limit: 200, offset: 0 }) =>
    post(account, '/comics-assets/list', { ...paging, filters })
  type Page = { id: string; chapterId: string; comicsId: string; variant: string; position: number; url: string; expiresAt?: string }
  const listed = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { data: Page[]; total: number }
  }

  it('are asked for by episode: without one, the field is named', async () => {
    const response = await pages(undefined, {})
    expect(errorOf(response)).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: 'Invalid body: filters.chapterId: name the episode whose pages to list',
          fieldErrors: { 'filters.chapterId': ['Required: the episode whose pages to list'] },
        },
      },
    })
    expect(errorOf(await pages(undefined, { chapterId: [] }))).toEqual(errorOf(response))
  })

  it('of a locked episode are refused with the reason: sign in to a guest, a subscription or a coin unlock to a reader', async () => {
    const facts = await catalogueFacts(server.db)
    const locked = { chapterId: [facts.uncensoredComic.lockedChapterId] }
    expect(errorOf(await pages(undefined, locked))).toEqual(
      refusal(401, 'sign_in_required', 'Sign in: this episode needs an active subscription or a coin unlock'),
    )
    const reader = await createAccount('reader')
    expect(errorOf(await pages(reader, locked))).toEqual(refusal(403, 'subscription_required', 'This episode needs an active subscription or a coin unlock'))
  })

  it('in the uncensored edition need a level above 2, asked for by name; unasked, the editions the caller may see are listed', async () => {
    const facts = await catalogueFacts(server.db)
    const free = facts.uncensoredComic.freeChapterId
    expect(errorOf(await pages(undefined, { chapterId: [free], variant: ['uncensored'] }))).toEqual(
      refusal(401, 'sign_in_required', 'Sign in: the uncensored edition needs an active subscription above level 2'),
    )
    const reader = await createAccount('reader')
    await grantLevel(server.db, reader.uid, 2, server.clock.now())
    expect(errorOf(await pages(reader, { chapterId: [free], variant: ['censored', 'uncensored'] }))).toEqual(
      refusal(403, 'level_required', 'The uncensored edition needs an active subscription above level 2'),
    )
    const variants = (list: { data: Page[] }) => [...new Set(list.data.map((page) => page.variant))].sort()
    expect(variants(listed(await pages(reader, { chapterId: [free] })))).not.toContain('uncensored')
    const subscriber = await createAccount('reader')
    await grantLevel(server.db, subscriber.uid, 3, server.clock.now())
    const all = listed(await pages(subscriber, { chapterId: [free] }))
    expect(variants(all)).toContain('uncensored')
    // The mirror host never serves it, whatever the level: there it is a page that does not exist.
    const mirror = facts.mirrorComic.freeChapterId
    const onMirror = listed(await post(subscriber, '/comics-assets/list', { limit: 200, offset: 0, filters: { chapterId: [mirror] } }, 'localhost:5173'))
    expect(onMirror.data.length).toBeGreaterThan(0)
    expect(variants(onMirror)).not.toContain('uncensored')
  })

  it('are narrowed to the comics asked for, paged in reading order with the total, public when free and signed when not', async () => {
    const facts = await catalogueFacts(server.db)
    const { comicId, freeChapterId, lockedChapterId } = facts.uncensoredComic
    const subscriber = await createAccount('reader')
    await grantLevel(server.db, subscriber.uid, 4, server.clock.now())
    const whole = listed(await pages(subscriber, { chapterId: [freeChapterId, lockedChapterId], variant: ['censored'] }))
    expect(whole.total).toBe(whole.data.length)
    const order = whole.data.map((page) => [Number(page.chapterId), page.position])
    expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!))
    const second = listed(await pages(subscriber, { chapterId: [freeChapterId, lockedChapterId], variant: ['censored'] }, { limit: 1, offset: 1 }))
    expect(second).toEqual({ data: [whole.data[1]], total: whole.total })
    for (const page of whole.data) {
      expect(page.comicsId).toBe(comicId)
      if (page.chapterId === freeChapterId) expect(page.expiresAt).toBeUndefined()
      else expect(page.expiresAt).toBeDefined()
    }
    expect(listed(await pages(subscriber, { chapterId: [freeChapterId], comicsId: [facts.mirrorComic.comicId] }))).toEqual({ data: [], total: 0 })
    expect(listed(await pages(subscriber, { chapterId: [freeChapterId], comicsId: [comicId] })).total).toBeGreaterThan(0)
  })
})
