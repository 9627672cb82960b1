import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, coinBalances, coinLedger, paymentEvents, payments, renewalIntents, sandboxCheckouts, sandboxPayments, subscriptions } from '../src/db/schema'
import { activeLevelOfUser } from '../src/payments/active-level-of-user'
import { markRefunded } from '../src/payments/refund-payment'
import { renewDueSubscriptions } from '../src/payments/renew-subscriptions'
import type { Database } from '../src/db/database'
import type { PaymentProvider } from '../src/payments/provider/payment-provider'
import { bearer, createAccount, type Account } from './support/accounts'
import { card, paymentJourney, URL_SUCCESS } from './support/payment-journey'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

// Money the provider took is always either recorded against what it paid for or given back; what a
// refund or a dispute takes back ends what it paid for.
let server: TestServer
let journey: ReturnType<typeof paymentJourney>
beforeAll(async () => {
  server = await startTestServer()
  journey = paymentJourney(server)
})
afterAll(() => server?.close())

const statusOf = async (subscriptionId: string) =>
  (await server.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, Number(subscriptionId))))[0]?.status
/** The level the API grants the reader now (what locked episodes are checked against). */
const levelOf = (account: Account) => activeLevelOfUser(server.db, account.uid, server.clock.now())
const paymentOf = async (orderId: string) => (await server.db.select().from(payments).where(eq(payments.checkoutId, orderId)))[0]!
/** A new reader's 4-week subscription, paid at TEST_NOW, with its provider payment id. */
async function paidSubscription() {
  server.clock.set(TEST_NOW)
  const reader = await createAccount('reader')
  const { orderId, subscription } = await journey.subscribe(reader, '4weeks')
  return { reader, orderId, subscription, paymentId: (await paymentOf(orderId)).providerPaymentId! }
}

describe('nothing lost in flight', () => {
  it('a delayed payment that settles after its account was deleted is refunded at once, and the event records it', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { sandboxId } = await journey.opened(reader, '1week')
    expect((await journey.payOnPage(sandboxId, card('succeeds-after-delay'))).statusCode).toBe(303)
    const deleted = await server.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: bearer(reader) })
    expect(deleted.statusCode, deleted.body).toBe(200)
    server.clock.advance(server.context.config.sandboxDelayMs)
    await server.sandbox.runDue()
    const [checkout] = await server.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sandboxId))
    const [taken] = await server.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, checkout!.paymentId!))
    expect(taken!.status).toBe('refunded')
    const [event] = await server.db.select().from(paymentEvents).where(and(eq(paymentEvents.objectId, sandboxId), eq(paymentEvents.type, 'checkout.paid')))
    expect(event!.outcome).toBe('refunded-no-order')
  })

  it('a renewal charged, then its subscription refunded before the charge is recorded: the charge is refunded, from its intent', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { orderId, subscription } = await journey.subscribe(reader, '4weeks')
    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) - 3_600_000))
    // The admin's refund lands between the provider's charge and the job's record of it.
    const provider: PaymentProvider = Object.assign(Object.create(server.sandbox) as PaymentProvider, {
      chargeRenewal: async (charge: Parameters<PaymentProvider['chargeRenewal']>[0]) => {
        const [intent] = await server.db.select().from(renewalIntents).where(eq(renewalIntents.idempotencyKey, charge.idempotencyKey))
        expect(intent?.status).toBe('charging') // written before the charge
        const outcome = await server.sandbox.chargeRenewal(charge)
        const paid = await paymentOf(orderId)
        await server.db.transaction((tx) => markRefunded(tx as unknown as Database, server.clock, paid.id))
        return outcome
      },
    })
    await renewDueSubscriptions(server.db, server.clock, provider)
    const [intent] = await server.db.select().from(renewalIntents).where(eq(renewalIntents.subscriptionId, Number(subscription.id)))
    expect(intent).toMatchObject({ status: 'refunded', providerPaymentId: expect.any(String) })
    const [charge] = await server.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, intent!.providerPaymentId!))
    expect(charge).toMatchObject({ amountCents: 1599, status: 'refunded' })
    expect(await statusOf(subscription.id)).toBe('refunded')
    expect((await server.db.select().from(payments).where(eq(payments.subscriptionId, Number(subscription.id)))).map((p) => p.kind)).toEqual(['first-purchase'])
  })

  it('a renewal run that stopped after charging is settled by the next run, with the same charge', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '4weeks')
    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) - 3_600_000))
    const crashing: PaymentProvider = Object.assign(Object.create(server.sandbox) as PaymentProvider, {
      chargeRenewal: async (charge: Parameters<PaymentProvider['chargeRenewal']>[0]) => {
        await server.sandbox.chargeRenewal(charge)
        throw new Error('the process stopped before the answer was recorded')
      },
    })
    await expect(renewDueSubscriptions(server.db, server.clock, crashing)).rejects.toThrow(/process stopped/)
    await renewDueSubscriptions(server.db, server.clock, server.sandbox)
    const renewals = await server.db.select().from(payments).where(and(eq(payments.subscriptionId, Number(subscription.id)), eq(payments.kind, 'renewal')))
    expect(renewals).toHaveLength(1)
    const [intent] = await server.db.select().from(renewalIntents).where(eq(renewalIntents.subscriptionId, Number(subscription.id)))
    expect(intent).toMatchObject({ status: 'recorded', providerPaymentId: renewals[0]!.providerPaymentId })
  })

  it("a refund made at the provider (its dashboard) ends the subscription it paid for", async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { orderId, subscription } = await journey.subscribe(reader, '4weeks')
    expect(await levelOf(reader)).toBe(subscription.level)
    await server.sandbox.refund((await paymentOf(orderId)).providerPaymentId!)
    await server.sandbox.runDue()
    expect(await statusOf(subscription.id)).toBe('refunded')
    expect(await levelOf(reader)).toBe(0)
    expect((await paymentOf(orderId)).status).toBe('refunded')
  })

  it('a partial refund at the provider is recorded and leaves access standing', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { orderId, subscription } = await journey.subscribe(reader, '4weeks')
    await server.sandbox.refund((await paymentOf(orderId)).providerPaymentId!, 500)
    await server.sandbox.runDue()
    expect(await statusOf(subscription.id)).toBe('active')
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid', refundedCents: 500 })
  })

  it('a dispute suspends access while it is open; won, access comes back; lost, the subscription ends', async () => {
    const { reader, subscription, paymentId } = await paidSubscription()
    await server.sandbox.dispute(paymentId, 'opened')
    await server.sandbox.runDue()
    expect(await statusOf(subscription.id)).toBe('disputed')
    expect(await levelOf(reader)).toBe(0)
    await server.sandbox.dispute(paymentId, 'won')
    await server.sandbox.runDue()
    expect(await statusOf(subscription.id)).toBe('active')
    expect(await levelOf(reader)).toBe(subscription.level)
    await server.sandbox.dispute(paymentId, 'opened')
    await server.sandbox.dispute(paymentId, 'lost')
    await server.sandbox.runDue()
    expect(await statusOf(subscription.id)).toBe('refunded')
    expect(await levelOf(reader)).toBe(0)
  })

  it('a lost dispute ends the subscription even when it arrives before its opening, which then changes nothing', async () => {
    const { reader, orderId, subscription, paymentId } = await paidSubscription()
    // The provider sent both; the closing one is delivered first.
    await server.sandbox.dispute(paymentId, 'lost')
    await server.sandbox.runDue()
    expect(await statusOf(subscription.id)).toBe('refunded')
    expect((await paymentOf(orderId)).status).toBe('refunded')
    await server.sandbox.dispute(paymentId, 'opened')
    await server.sandbox.runDue()
    expect(await statusOf(subscription.id)).toBe('refunded')
    expect(await levelOf(reader)).toBe(0)
  })

  it("a coin pack refunded at the provider takes back the coins left, never more than the balance (spent coins stay spent)", async () => {
    const reader = await createAccount('reader')
    const opened = await server.app.inject({ method: 'POST', url: '/api/v1/coins/checkout', headers: bearer(reader), payload: { packId: 'coins-100', urlSuccess: URL_SUCCESS } })
    expect(opened.statusCode, opened.body).toBe(200)
    const sandboxId = new URL((opened.json() as { url: string }).url).pathname.split('/').pop()!
    expect((await journey.payOnPage(sandboxId, card('succeeds'))).statusCode).toBe(303)
    await server.sandbox.runDue()
    const [purchase] = await server.db.select().from(coinLedger).where(and(eq(coinLedger.userId, reader.uid), eq(coinLedger.kind, 'purchase')))
    expect(purchase!.coins).toBe(110)
    // 30 coins were spent since (an unlock's debit, written as the unlock writes it).
    await server.db.transaction(async (tx) => {
      await tx.insert(coinLedger).values({ userId: reader.uid, kind: 'unlock', coins: -30, balanceAfter: 80, createdAt: server.clock.now() })
      await tx.update(coinBalances).set({ balance: 80 }).where(eq(coinBalances.userId, reader.uid))
    })
    await server.sandbox.refund(purchase!.providerPaymentId!)
    await server.sandbox.runDue()
    const ledger = await server.db.select().from(coinLedger).where(eq(coinLedger.userId, reader.uid))
    expect(ledger.map((entry) => [entry.kind, entry.coins])).toEqual([['purchase', 110], ['unlock', -30], ['reversal', -80]])
    const [balance] = await server.db.select().from(coinBalances).where(eq(coinBalances.userId, reader.uid))
    expect(balance!.balance).toBe(0)
  })

  it('an admin refunds a coin pack: the money goes back, the coins left are taken back once and audited, spent coins stay spent', async () => {
    const admin = await createAccount('admin', { admin: true })
    const reader = await createAccount('reader')
    const buyPack = async () => {
      const opened = await server.app.inject({ method: 'POST', url: '/api/v1/coins/checkout', headers: bearer(reader), payload: { packId: 'coins-100', urlSuccess: URL_SUCCESS } })
      expect(opened.statusCode, opened.body).toBe(200)
      const sandboxId = new URL((opened.json() as { url: string }).url).pathname.split('/').pop()!
      expect((await journey.payOnPage(sandboxId, card('succeeds'))).statusCode).toBe(303)
      await server.sandbox.runDue()
      const purchases = await server.db.select().from(coinLedger).where(and(eq(coinLedger.userId, reader.uid), eq(coinLedger.kind, 'purchase')))
      return purchases.at(-1)!
    }
    const spend = (coins: number, balanceAfter: number) =>
      server.db.transaction(async (tx) => {
        await tx.insert(coinLedger).values({ userId: reader.uid, kind: 'unlock', coins: -coins, balanceAfter, createdAt: server.clock.now() })
        await tx.update(coinBalances).set({ balance: balanceAfter }).where(eq(coinBalances.userId, reader.uid))
      })
    const refund = (purchaseId: number) =>
      server.app.inject({ method: 'POST', url: `/api/v1/admin/coins/purchases/${purchaseId}/refund`, headers: bearer(admin) })

    const first = await buyPack()
    await spend(30, 80)
    const refunded = await refund(first.id)
    expect(refunded.statusCode, refunded.body).toBe(200)
    expect(refunded.json()).toEqual({ data: [{ purchaseId: String(first.id), userId: reader.uid, coinsTakenBack: 80, balance: 0 }] })
    const [money] = await server.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, first.providerPaymentId!))
    expect(money!.refundedCents).toBe(money!.amountCents)
    // The provider's own refund event, and a second refund, take nothing more.
    await server.sandbox.runDue()
    expect((await refund(first.id)).json()).toMatchObject({ data: [{ coinsTakenBack: 0, balance: 0 }] })
    const audited = await server.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund'), eq(auditLog.targetId, String(first.id))))
    expect(audited.map((row) => [row.actorUid, row.targetType, row.detail])).toEqual([
      [admin.uid, 'coins', { userId: reader.uid, packId: 'coins-100', coinsTakenBack: 80 }],
      [admin.uid, 'coins', { userId: reader.uid, packId: 'coins-100', coinsTakenBack: 0 }],
    ])

    // A pack spent to the last coin: nothing is taken back, and the provider's refund event that follows
    // does not take coins the reader got since.
    const second = await buyPack()
    await spend(110, 0)
    expect((await refund(second.id)).json()).toMatchObject({ data: [{ coinsTakenBack: 0, balance: 0 }] })
    const credited = await server.app.inject({ method: 'POST', url: '/api/v1/admin/coins/credits', headers: bearer(admin), payload: { userId: reader.uid, coins: 50, reason: 'goodwill' } })
    expect(credited.statusCode, credited.body).toBe(200)
    await server.sandbox.runDue()
    const [balance] = await server.db.select().from(coinBalances).where(eq(coinBalances.userId, reader.uid))
    expect(balance!.balance).toBe(50)
    expect((await server.db.select().from(coinLedger).where(eq(coinLedger.userId, reader.uid))).map((entry) => [entry.kind, entry.coins])).toEqual([
      ['purchase', 110], ['unlock', -30], ['reversal', -80], ['purchase', 110], ['unlock', -110], ['credit', 50],
    ])
  })
})
