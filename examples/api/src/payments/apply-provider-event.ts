import { and, eq, inArray, lt } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, paymentEvents, payments, subscriptions } from '../db/schema'
import { isUniqueViolation } from '../db/unique-violation'
import { HttpError } from '../http/http-error'
import { creditCoinOrderInTransaction } from '../coins/buy-coin-pack'
import { coinTransaction } from '../coins/coin-changes'
import { restoreCoinPackInTransaction, reverseCoinPackInTransaction } from '../coins/reverse-coin-pack'
import { confirmedPaymentOf } from './checkout-payment'
import { grantHigherPaidOrders } from './grant-higher-paid-orders'
import { grantInTransaction } from './grant-order'
import { markRefunded, refundDuePayments } from './refund-payment'
import { UnknownProviderObject, type PaymentProvider, type ProviderEvent, type RenewalOutcome } from './provider/payment-provider'
import { settleRenewal } from './renew-subscriptions'

export interface AppliedEvent {
  outcome: string
  /** The event id was seen before: nothing was done again. */
  duplicate: boolean
  /**
   * The reader whose payments the event is about, when it was applied now: what the server keeps of them
   * (their subscription list) goes. Not part of the webhook's answer.
   */
  reader?: string
}

const refused = (message: string) => new HttpError(400, 'event_refused', message)

/**
 * Applies a verified provider event once. Its id is recorded with what it did in the same transaction
 * as its effect, so a duplicate (a retry, a replay) finds the record and changes nothing. Events are
 * order-free: a paid event is checked with the provider (a verification call) and grants only an order
 * not granted yet; a declined event after a payment, or a paid event after the reader confirmed, does
 * nothing. An event about another order's checkout, or not confirmed by the provider, is refused (400)
 * and nothing is written.
 */
export async function applyProviderEvent(db: Database, clock: Clock, provider: PaymentProvider, event: ProviderEvent): Promise<AppliedEvent> {
  // A type the API does not use: acknowledged, so the provider stops sending it, and nothing written.
  if (event.type === 'ignored') return { outcome: 'ignored', duplicate: false }
  const [seen] = await db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)))
  if (seen) return { outcome: seen.outcome, duplicate: true }

  // Reads and the verification call happen before the transaction, which then only writes.
  let effect: (tx: Database) => Promise<string>
  let objectId: string
  /** The reader whose payments the effect made due for a refund (asked of the provider after the commit). */
  let refundsOf: string | undefined
  /** A renewal intent the event settles (after the commit). */
  let renewal: { key: string; outcome: RenewalOutcome } | undefined
  /** The reader the event is about (see `AppliedEvent`). */
  let reader: string | undefined
  switch (event.type) {
    case 'checkout.paid': {
      objectId = event.checkoutId
      const [known] = await db.select().from(checkouts).where(eq(checkouts.providerCheckoutId, event.checkoutId))
      if (!known) {
        // Money for an order that is gone (its account was erased while a delayed payment settled): once
        // the provider confirms it, it is given back at once, and the event records that it was.
        const status = await provider.checkoutStatus(event.checkoutId).catch((error: unknown) => {
          throw error instanceof UnknownProviderObject ? refused("The event's checkout is not the provider's") : error
        })
        if ((status.status !== 'paid' && status.status !== 'refunded') || status.paymentId !== event.paymentId || status.reference !== event.reference) {
          throw refused('The provider does not confirm this payment')
        }
        if (status.status === 'paid') await provider.refund(event.paymentId)
        effect = async () => 'refunded-no-order'
        break
      }
      const order = await orderOfCheckout(db, event.checkoutId, event.reference)
      reader = order.userId
      if (order.amountCents !== event.amountCents || order.currency !== event.currency) throw refused("The event's amount is not the order's")
      const status = await provider.checkoutStatus(event.checkoutId)
      if (status.status === 'refunded') {
        effect = async () => 'no-op'
        break
      }
      if (status.status !== 'paid' || status.paymentId !== event.paymentId || status.reference !== order.id) {
        throw refused('The provider does not confirm this payment')
      }
      // Two plans paid at once are a subscription matter; a coin pack stands alone.
      if (order.kind === 'subscription') await grantHigherPaidOrders(db, clock, provider, order)
      effect = async (tx) => {
        const paid = confirmedPaymentOf(order.id, provider.name, status)
        // A coin pack's order credits coins; a plan's grants the subscription.
        if (order.kind === 'coins') return (await creditCoinOrderInTransaction(tx, clock, paid)).granted ? 'granted' : 'no-op'
        const grant = await grantInTransaction(tx, clock, paid)
        if (grant.refundDue) refundsOf = order.userId
        // Lost to another order paid at the same moment: this payment is given back.
        return grant.granted ? 'granted' : !grant.subscription && grant.refundDue ? 'refunded' : 'no-op'
      }
      break
    }
    case 'checkout.declined': {
      objectId = event.checkoutId
      const order = await orderOfCheckout(db, event.checkoutId, event.reference)
      effect = async () => (order.status === 'paid' ? 'no-op' : 'declined')
      break
    }
    case 'payment.refunded': {
      // Whoever asked for it (an admin here, or the provider's dashboard): a full refund ends what the
      // payment bought; a partial one is recorded and leaves it standing (docs/decisions.md).
      objectId = event.paymentId
      const [payment] = await db.select().from(payments).where(eq(payments.providerPaymentId, event.paymentId))
      reader = payment?.userId
      const { paymentId, refundedCents, fully } = event
      effect = async (tx) => {
        if (payment) {
          await tx.update(payments).set({ refundedCents }).where(and(eq(payments.id, payment.id), lt(payments.refundedCents, refundedCents)))
          if (!fully) return 'partly-refunded'
          return (await markRefunded(tx, clock, payment.id)) ? 'refunded' : 'no-op'
        }
        if (!fully) return 'partly-refunded'
        const taken = await reverseCoinPackInTransaction(tx, clock, paymentId)
        return taken === undefined ? 'no-op' : 'coins-reversed'
      }
      break
    }
    case 'dispute.opened': {
      // Suspended while the bank decides: the subscription stops granting access, a pack's coins left are held back.
      objectId = event.paymentId
      const { paymentId } = event
      reader = await payerOf(db, paymentId)
      effect = async (tx) => {
        const subscription = await subscriptionPaidBy(tx, paymentId)
        if (subscription) {
          await tx.update(subscriptions).set({ status: 'disputed' }).where(and(eq(subscriptions.id, subscription), eq(subscriptions.status, 'active')))
          return 'suspended'
        }
        return (await reverseCoinPackInTransaction(tx, clock, paymentId)) === undefined ? 'no-op' : 'coins-held'
      }
      break
    }
    case 'dispute.closed': {
      // Won: access comes back (the period it had left); lost: the money is gone and what it bought ends,
      // whether or not its opening was applied first (a provider's events can arrive in any order, and the
      // sandbox sends a few at once): a late opening then finds it ended and leaves it so.
      objectId = event.paymentId
      const { paymentId, won } = event
      reader = await payerOf(db, paymentId)
      effect = async (tx) => {
        const subscription = await subscriptionPaidBy(tx, paymentId)
        if (subscription) {
          await tx
            .update(subscriptions)
            .set(won ? { status: 'active' } : { status: 'refunded', autoRenew: false, renewsOnce: false })
            .where(and(eq(subscriptions.id, subscription), inArray(subscriptions.status, won ? ['disputed'] : ['disputed', 'active'])))
          if (!won) await tx.update(payments).set({ status: 'refunded', refundedAt: clock.now() }).where(eq(payments.providerPaymentId, paymentId))
          return won ? 'restored' : 'ended'
        }
        if (won) return (await restoreCoinPackInTransaction(tx, clock, paymentId)) === undefined ? 'no-op' : 'coins-restored'
        return 'dispute-lost'
      }
      break
    }
    case 'renewal.paid':
      // The renewal job settles the charge it asked for from its intent; a charge whose answer it never
      // got (asynchronous, or the job stopped) is settled from this receipt.
      objectId = event.paymentId
      if (event.idempotencyKey) renewal = { key: event.idempotencyKey, outcome: { status: 'paid', paymentId: event.paymentId } }
      effect = async () => 'renewal-paid'
      break
    case 'renewal.failed':
      objectId = event.paymentMethodId
      if (event.idempotencyKey) renewal = { key: event.idempotencyKey, outcome: { status: 'failed', reason: event.reason } }
      effect = async () => 'renewal-failed'
      break
  }

  try {
    // A pack's credit, reversal or restoring changes the reader's coins: the kept balance is told.
    const applied = await coinTransaction(db, async (tx) => {
      const outcome = await effect(tx)
      await tx.insert(paymentEvents).values({
        provider: provider.name,
        eventId: event.id,
        type: event.type,
        objectId,
        outcome,
        receivedAt: clock.now(),
      })
      return { outcome, duplicate: false }
    })
    if (refundsOf !== undefined) await refundDuePayments(db, clock, provider, refundsOf)
    if (renewal) await settleRenewal(db, clock, provider, renewal.key, renewal.outcome)
    return { ...applied, ...(reader !== undefined ? { reader } : {}) }
  } catch (error) {
    // The same event delivered twice at once: the second insert loses and its effect is rolled back.
    if (isUniqueViolation(error)) {
      const [first] = await db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)))
      if (first) return { outcome: first.outcome, duplicate: true }
    }
    throw error
  }
}

/** The subscription a payment (a purchase or a renewal) paid for. */
async function subscriptionPaidBy(tx: Database, providerPaymentId: string): Promise<number | undefined> {
  const [payment] = await tx.select({ subscriptionId: payments.subscriptionId }).from(payments).where(eq(payments.providerPaymentId, providerPaymentId))
  return payment?.subscriptionId ?? undefined
}

/** The order whose provider checkout this is; refused unless the event's reference names that order. */
async function orderOfCheckout(db: Database, checkoutId: string, reference: string) {
  const [order] = await db.select().from(checkouts).where(eq(checkouts.providerCheckoutId, checkoutId))
  if (!order || order.id !== reference) throw refused("The event's checkout is not this order's")
  return order
}

/** The reader who made a payment (by the provider's id of it), if the server has it. */
async function payerOf(db: Database, providerPaymentId: string): Promise<string | undefined> {
  const [payment] = await db.select({ userId: payments.userId }).from(payments).where(eq(payments.providerPaymentId, providerPaymentId))
  return payment?.userId
}
