import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPlan } from '@comics/core/rules'
import { checkouts, payments, sandboxCheckouts, sandboxOutbox, sandboxPayments } from '../src/db/schema'
import { renewDueSubscriptions } from '../src/payments/renew-subscriptions'
import { bearer, createAccount, type Account } from './support/accounts'
import { card, paymentJourney, sandboxCustomerOf } from './support/payment-journey'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

/**
 * Two checkouts of one reader both paid (two tabs; a delayed card still settling when the other tab pays):
 * the higher plan stays in force and the other payment is refunded through the provider, so one
 * first-purchase price is kept (docs/decisions.md, "Two checkouts paid at the same moment"). On PostgreSQL
 * (vitest.postgres.config.ts) the confirmations and events below run on separate connections at once.
 */
let server: TestServer
let journey: ReturnType<typeof paymentJourney>

beforeAll(async () => {
  server = await startTestServer()
  journey = paymentJourney(server)
})
afterAll(() => server?.close())

const first = (planId: string) => getPlan(planId)!.amount

const subscriptionsOf = (account: Account) =>
  server.app
    .inject({ method: 'POST', url: '/api/v1/subscriptions/list', headers: bearer(account), payload: { limit: 200, offset: 0 } })
    .then((r) => (r.json() as { data: { id: string; status: string; level: number; planId: string }[] }).data)

const paymentsOf = async (account: Account) =>
  (await server.db.select().from(payments).where(eq(payments.userId, account.uid)).orderBy(payments.id)).map((p) => ({
    planId: p.planId,
    kind: p.kind,
    amountCents: p.amountCents,
    status: p.status,
    providerPaymentId: p.providerPaymentId,
  }))

/** What the sandbox holds for the reader: the money it took and whether it gave it back. */
const atProvider = async (account: Account) =>
  (await server.db.select().from(sandboxPayments).where(eq(sandboxPayments.customerId, await sandboxCustomerOf(server.db, account.uid)))).map((p) => ({
    id: p.id,
    amountCents: p.amountCents,
    status: p.status,
  }))

/** Whether every event the sandbox queued for these checkouts was answered 2xx at its first delivery. */
async function eventsOf(sandboxIds: string[]) {
  const rows = await server.db.select().from(sandboxOutbox)
  return rows.filter((row) => sandboxIds.some((id) => row.body.includes(id)))
}

/** Opens `planId`, pays it with the delayed card: the provider's payment is under way. */
async function settling(reader: Account, planId: string) {
  const opened = await journey.opened(reader, planId)
  expect((await journey.payOnPage(opened.sandboxId, card('succeeds-after-delay'))).statusCode).toBe(303)
  return opened
}

function expectTheHigherPlanKept(
  paid: { planId: string; kind: string; amountCents: number; status: string; providerPaymentId: string | null }[],
  higher: string,
  lower: string,
) {
  expect(paid.map(({ providerPaymentId: _, ...p }) => p).sort((a, b) => a.planId.localeCompare(b.planId))).toEqual(
    [
      { planId: higher, kind: 'first-purchase', amountCents: first(higher), status: 'paid' },
      { planId: lower, kind: 'first-purchase', amountCents: first(lower), status: 'refunded' },
    ].sort((a, b) => a.planId.localeCompare(b.planId)),
  )
}

describe('two checkouts of one reader paid at the same moment', () => {
  it.each([
    ['the lower plan settling as the higher is paid', '4weeks', '12weeks'],
    ['the higher plan settling as the lower is paid', '24weeks', '1week'],
  ])('%s: one first-purchase price kept, the higher plan in force, the other refunded through the provider', async (_, settlingPlan, paidPlan) => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const [higher, lower] = getPlan(settlingPlan)!.level > getPlan(paidPlan)!.level ? [settlingPlan, paidPlan] : [paidPlan, settlingPlan]

    // Tab 1 pays with a card that takes a while; tab 2 opens another plan meanwhile. Opening it cannot stop
    // the payment under way at the provider, so both orders stay payable, both at the first-purchase price.
    const a = await settling(reader, settlingPlan)
    const b = await journey.opened(reader, paidPlan)
    const orders = await server.db.select().from(checkouts).where(inArray(checkouts.id, [a.orderId, b.orderId]))
    expect(orders.map((o) => [o.planId, o.status, o.firstPurchase, o.amountCents]).sort()).toEqual(
      [
        [settlingPlan, 'open', true, first(settlingPlan)],
        [paidPlan, 'open', true, first(paidPlan)],
      ].sort(),
    )
    expect((await server.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, a.sandboxId)))[0]!.status).toBe('processing')

    // The card of tab 1 settles at the moment tab 2 pays: the provider takes both payments.
    server.clock.advance(server.context.config.sandboxDelayMs)
    const [paidB] = await Promise.all([journey.payOnPage(b.sandboxId, card('succeeds')), server.sandbox.settleDue()])
    expect(paidB.statusCode).toBe(303)
    expect((await atProvider(reader)).map((p) => [p.amountCents, p.status]).sort()).toEqual(
      [
        [first(settlingPlan), 'paid'],
        [first(paidPlan), 'paid'],
      ].sort(),
    )

    // Both tabs come back and both events land, all at once.
    const [confirmA, confirmB] = await Promise.all([journey.confirm(reader, a.orderId), journey.confirm(reader, b.orderId), server.sandbox.deliverDue()])
    const answers = { [settlingPlan]: confirmA!, [paidPlan]: confirmB! }
    expect(answers[higher]!.statusCode, answers[higher]!.body).toBe(200)
    expect((answers[higher]!.json() as { data: { level: number; status: string }[] }).data[0]).toMatchObject({ level: getPlan(higher)!.level, status: 'active' })
    expect(answers[lower]!.statusCode, answers[lower]!.body).toBe(409)
    expect(answers[lower]!.json()).toMatchObject({ error: { code: 'payment_refunded' } })
    // The provider's refund event, too.
    await server.sandbox.deliverDue()
    const events = await eventsOf([a.sandboxId, b.sandboxId])
    expect(events.length).toBeGreaterThanOrEqual(2)
    for (const event of events) expect(event).toMatchObject({ attempts: 1, failedAt: null })

    // One first-purchase price kept: the lower plan's money went back through the provider's refund.
    const recorded = await paymentsOf(reader)
    expectTheHigherPlanKept(recorded, higher, lower)
    const refundedId = recorded.find((p) => p.planId === lower)!.providerPaymentId
    expect((await atProvider(reader)).filter((p) => p.status === 'paid').map((p) => p.amountCents)).toEqual([first(higher)])
    expect((await atProvider(reader)).find((p) => p.id === refundedId)!.status).toBe('refunded')

    // The level in force is the higher plan's, and only it is active.
    const list = await subscriptionsOf(reader)
    expect(list.filter((s) => s.status === 'active').map((s) => s.level)).toEqual([getPlan(higher)!.level])
    expect(list).toHaveLength(1)
    // Asked again, each tab gets the same answer.
    expect((await journey.confirm(reader, b.orderId)).statusCode).toBe(answers[paidPlan]!.statusCode)
    expect((await journey.confirm(reader, a.orderId)).statusCode).toBe(answers[settlingPlan]!.statusCode)
    server.clock.set(TEST_NOW)
  })

  it('the lower plan granted first, the higher settling after: the higher replaces it and the lower is refunded', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const high = await settling(reader, '12weeks')
    const low = await journey.opened(reader, '4weeks')
    expect((await journey.payOnPage(low.sandboxId, card('succeeds'))).statusCode).toBe(303)
    // Tab 2 is back before the delayed card settles: the 4-week plan is granted at once.
    const granted = await journey.confirm(reader, low.orderId)
    expect(granted.statusCode).toBe(200)
    expect((granted.json() as { data: { level: number }[] }).data[0]!.level).toBe(2)

    server.clock.advance(server.context.config.sandboxDelayMs)
    await server.sandbox.runDue()
    await server.sandbox.runDue()
    const [highAnswer, lowAnswer] = await Promise.all([journey.confirm(reader, high.orderId), journey.confirm(reader, low.orderId)])
    expect(highAnswer.statusCode).toBe(200)
    expect((highAnswer.json() as { data: { level: number }[] }).data[0]!.level).toBe(3)
    expect(lowAnswer.statusCode).toBe(409)
    expect(lowAnswer.json()).toMatchObject({ error: { code: 'payment_refunded' } })
    expectTheHigherPlanKept(await paymentsOf(reader), '12weeks', '4weeks')
    expect((await atProvider(reader)).map((p) => [p.amountCents, p.status]).sort()).toEqual(
      [
        [first('12weeks'), 'paid'],
        [first('4weeks'), 'refunded'],
      ].sort(),
    )
    const list = await subscriptionsOf(reader)
    expect(list.filter((s) => s.status === 'active').map((s) => s.level)).toEqual([3])
    server.clock.set(TEST_NOW)
  })

  it('the same plan in two tabs: the first granted stays, the second payment is refunded (several rounds)', async () => {
    for (let round = 0; round < 4; round++) {
      server.clock.set(TEST_NOW)
      const reader = await createAccount('reader')
      const one = await settling(reader, '4weeks')
      const two = await journey.opened(reader, '4weeks')
      server.clock.advance(server.context.config.sandboxDelayMs)
      const [paid] = await Promise.all([journey.payOnPage(two.sandboxId, card('succeeds')), server.sandbox.settleDue()])
      expect(paid.statusCode).toBe(303)
      const answers = await Promise.all([
        journey.confirm(reader, one.orderId),
        journey.confirm(reader, two.orderId),
        server.sandbox.deliverDue(),
        journey.confirm(reader, two.orderId),
        journey.confirm(reader, one.orderId),
      ])
      const byOrder = [
        [answers[0]!.statusCode, answers[4]!.statusCode],
        [answers[1]!.statusCode, answers[3]!.statusCode],
      ]
      // Each tab's two answers agree, one tab was granted and the other given back.
      for (const [a, b] of byOrder) expect(a).toBe(b)
      expect(byOrder.map(([a]) => a).sort()).toEqual([200, 409])
      const recorded = await paymentsOf(reader)
      expect(recorded.map((p) => [p.amountCents, p.kind, p.status]).sort()).toEqual([
        [first('4weeks'), 'first-purchase', 'paid'],
        [first('4weeks'), 'first-purchase', 'refunded'],
      ])
      expect((await subscriptionsOf(reader)).map((s) => [s.level, s.status])).toEqual([[2, 'active']])
    }
    server.clock.set(TEST_NOW)
  })

  it('a refund the provider does not take at once stays due, the reader is answered all the same, and the next renewal run refunds it', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const high = await settling(reader, '12weeks')
    const low = await journey.opened(reader, '4weeks')
    expect((await journey.payOnPage(low.sandboxId, card('succeeds'))).statusCode).toBe(303)
    expect((await journey.confirm(reader, low.orderId)).statusCode).toBe(200)
    server.clock.advance(server.context.config.sandboxDelayMs)
    await server.sandbox.settleDue()
    // The provider cannot be reached for refunds for a while.
    const refund = server.sandbox.refund
    server.sandbox.refund = async () => {
      throw new Error('provider unreachable')
    }
    try {
      const granted = await journey.confirm(reader, high.orderId)
      expect(granted.statusCode, granted.body).toBe(200)
      expect((granted.json() as { data: { level: number }[] }).data[0]!.level).toBe(3)
      expect((await paymentsOf(reader)).map((p) => [p.planId, p.status]).sort()).toEqual([
        ['12weeks', 'paid'],
        ['4weeks', 'refunding'],
      ])
      expect((await atProvider(reader)).map((p) => p.status)).toEqual(['paid', 'paid'])
      // Given back already as far as the reader is concerned.
      expect((await journey.confirm(reader, low.orderId)).json()).toMatchObject({ error: { code: 'payment_refunded' } })
      expect(await renewDueSubscriptions(server.db, server.clock, server.sandbox)).toMatchObject({ refundsLeft: 1 })
    } finally {
      server.sandbox.refund = refund
    }
    expect(await renewDueSubscriptions(server.db, server.clock, server.sandbox)).toMatchObject({ refunded: 1, refundsLeft: 0 })
    expectTheHigherPlanKept(await paymentsOf(reader), '12weeks', '4weeks')
    expect((await atProvider(reader)).map((p) => [p.amountCents, p.status]).sort()).toEqual(
      [
        [first('12weeks'), 'paid'],
        [first('4weeks'), 'refunded'],
      ].sort(),
    )
    server.clock.set(TEST_NOW)
  })
})
