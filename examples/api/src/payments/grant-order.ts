import { and, eq, ne } from 'drizzle-orm'
import { getPlan, subscriptionPeriodEnd } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, payments, subscriptions } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'
import { activeLevelOfUser } from './active-level-of-user'

/** A payment the provider confirmed for an order. */
export interface ConfirmedPayment {
  orderId: string
  provider: string
  providerPaymentId: string
  paymentMethodId: string
  amountCents: number
  currency: string
}

export type Grant =
  | {
      subscription: typeof subscriptions.$inferSelect
      /** False when the order had been granted already (a duplicate event, the reader and the event at once). */
      granted: boolean
      /** Another payment of the reader became due for a refund (see {@link grantInTransaction}). */
      refundDue: boolean
    }
  | {
      /** The order lost to another one paid while it was open: its payment is due for a refund, nothing granted. */
      subscription: undefined
      granted: false
      refundDue: boolean
    }

/**
 * Grants what a confirmed payment bought, exactly once: the order's plan until now plus its weeks,
 * replacing the active subscription, with the payment recorded. Inside the caller's transaction: every
 * order of the reader is locked, so two grants of one reader (two checkouts paid at the same moment) run
 * one after the other, so a second grant of one order finds the first (and `subscriptions.checkout_id`,
 * `payments.checkout_id` and `payments.provider_payment_id` are unique).
 *
 * Two orders of one reader both paid (two tabs, a delayed card still settling when the other was paid):
 * the higher plan wins (docs/decisions.md). An order whose level is not above the level in force loses:
 * its payment is recorded `refunding` and nothing is granted. An order priced as a first purchase that
 * wins while the reader has other paid orders makes those payments `refunding`: one first-purchase price
 * is kept. The caller refunds them through the provider once its transaction has committed
 * ({@link refundDuePayments}).
 */
export async function grantInTransaction(tx: Database, clock: Clock, paid: ConfirmedPayment): Promise<Grant> {
  const [found] = await tx.select({ userId: checkouts.userId, kind: checkouts.kind }).from(checkouts).where(eq(checkouts.id, paid.orderId))
  // A coin pack's order is credited by coins/buy-coin-pack.ts, never made a subscription.
  if (!found || found.kind !== 'subscription') throw notFound('Checkout')
  // One reader's orders in one order: two grants of that reader wait for each other, never deadlock.
  // Stryker disable next-line ObjectLiteral: the rows are read for their lock, not their columns
  await tx.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.userId, found.userId)).orderBy(checkouts.id).for('update')
  const [order] = await tx.select().from(checkouts).where(eq(checkouts.id, paid.orderId))
  // Stryker disable next-line ConditionalExpression,StringLiteral: found above, and locked since: an order is never deleted under its lock
  if (!order) throw notFound('Checkout')
  if (order.status === 'paid') {
    const subscription = await subscriptionOf(tx, order.id)
    return subscription ? { subscription, granted: false, refundDue: false } : { subscription: undefined, granted: false, refundDue: false }
  }
  if (order.amountCents !== paid.amountCents || order.currency !== paid.currency) {
    throw new HttpError(409, 'payment_mismatch', `The payment of ${paid.amountCents} ${paid.currency} is not this order's amount`)
  }
  const plan = getPlan(order.planId)!
  const now = clock.now()
  const payment = {
    userId: order.userId,
    checkoutId: order.id,
    planId: plan.id,
    kind: order.firstPurchase ? ('first-purchase' as const) : ('purchase' as const),
    amountCents: paid.amountCents,
    currency: paid.currency,
    paymentSystem: 'card',
    provider: paid.provider,
    providerPaymentId: paid.providerPaymentId,
    paidAt: now,
  }
  // Offered only above the level in force when it was opened: a level as high or higher now came from a
  // payment made while this order was open. That one stays; this one is given back.
  if ((await activeLevelOfUser(tx, order.userId, now)) >= plan.level) {
    await tx.insert(payments).values({ ...payment, status: 'refunding' })
    await tx.update(checkouts).set({ status: 'paid' }).where(eq(checkouts.id, order.id))
    return { subscription: undefined, granted: false, refundDue: true }
  }
  // Priced as the first purchase, yet other orders were paid since it opened: they are given back.
  // Stryker disable next-line ArrayDeclaration: refundDue then only has refundDuePayments look for nothing due
  const displaced = order.firstPurchase
    ? await tx
        .update(payments)
        .set({ status: 'refunding' })
        .where(and(eq(payments.userId, order.userId), eq(payments.status, 'paid'), ne(payments.checkoutId, order.id)))
        .returning({ id: payments.id })
    : []
  await tx
    .update(subscriptions)
    .set({ status: 'replaced', autoRenew: false, renewsOnce: false })
    .where(and(eq(subscriptions.userId, order.userId), eq(subscriptions.status, 'active')))
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      userId: order.userId,
      planId: plan.id,
      level: plan.level,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: subscriptionPeriodEnd(now, plan.weeks),
      autoRenew: true,
      paymentMethodId: paid.paymentMethodId,
      checkoutId: order.id,
      createdAt: now,
    })
    .returning()
  await tx.insert(payments).values({ ...payment, subscriptionId: subscription!.id })
  await tx.update(checkouts).set({ status: 'paid' }).where(eq(checkouts.id, order.id))
  // Stryker disable next-line ConditionalExpression,EqualityOperator: refundDue then only has refundDuePayments look for nothing due
  return { subscription: subscription!, granted: true, refundDue: displaced.length > 0 }
}

/**
 * {@link grantInTransaction} in its own transaction. The lock on the reader's orders makes the losing side
 * of a race wait and find the winner's grant; the unique constraints stay the database's guarantee.
 */
export async function grantPaidOrder(db: Database, clock: Clock, paid: ConfirmedPayment): Promise<Grant> {
  return db.transaction((tx) => grantInTransaction(tx as unknown as Database, clock, paid))
}

/** The subscription a paid order granted; none when it lost to another order and was given back. */
async function subscriptionOf(db: Database, orderId: string) {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.checkoutId, orderId))
  return subscription
}
