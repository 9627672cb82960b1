import { and, eq } from 'drizzle-orm'
import { getPlan } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, payments, subscriptions } from '../db/schema'
import { isUniqueViolation } from '../db/unique-violation'
import { HttpError, notFound } from '../http/http-error'
import { periodEnd } from './period'

/** A payment the provider confirmed for an order. */
export interface ConfirmedPayment {
  orderId: string
  provider: string
  providerPaymentId: string
  paymentMethodId: string
  amountCents: number
  currency: string
}

export interface Grant {
  subscription: typeof subscriptions.$inferSelect
  /** False when the order had been granted already (a duplicate event, the reader and the event at once). */
  granted: boolean
}

/**
 * Grants what a confirmed payment bought, exactly once: the order's plan until now plus its weeks,
 * replacing the active subscription, with the payment recorded. Inside the caller's transaction: the
 * order row is locked, and `subscriptions.checkout_id`, `payments.checkout_id` and
 * `payments.provider_payment_id` are unique, so a second grant finds the first.
 */
export async function grantInTransaction(tx: Database, clock: Clock, paid: ConfirmedPayment): Promise<Grant> {
  const [order] = await tx.select().from(checkouts).where(eq(checkouts.id, paid.orderId)).for('update')
  if (!order) throw notFound('Checkout')
  if (order.status === 'paid') return { subscription: await subscriptionOf(tx, order.id), granted: false }
  if (order.amountCents !== paid.amountCents || order.currency !== paid.currency) {
    throw new HttpError(409, 'payment_mismatch', `The payment of ${paid.amountCents} ${paid.currency} is not this order's amount`)
  }
  const plan = getPlan(order.planId)!
  const now = clock.now()
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
      currentPeriodEnd: periodEnd(now, plan.weeks),
      autoRenew: true,
      paymentMethodId: paid.paymentMethodId,
      checkoutId: order.id,
      createdAt: now,
    })
    .returning()
  await tx.insert(payments).values({
    userId: order.userId,
    subscriptionId: subscription!.id,
    checkoutId: order.id,
    planId: plan.id,
    kind: order.firstPurchase ? 'first-purchase' : 'purchase',
    amountCents: paid.amountCents,
    currency: paid.currency,
    paymentSystem: 'card',
    provider: paid.provider,
    providerPaymentId: paid.providerPaymentId,
    paidAt: now,
  })
  await tx.update(checkouts).set({ status: 'paid' }).where(eq(checkouts.id, order.id))
  return { subscription: subscription!, granted: true }
}

/**
 * {@link grantInTransaction} in its own transaction. The losing side of a race the row lock did not
 * serialise finds the winner's subscription (the unique constraints decide).
 */
export async function grantPaidOrder(db: Database, clock: Clock, paid: ConfirmedPayment): Promise<Grant> {
  try {
    return await db.transaction((tx) => grantInTransaction(tx as unknown as Database, clock, paid))
  } catch (error) {
    if (isUniqueViolation(error)) return { subscription: await subscriptionOf(db, paid.orderId), granted: false }
    throw error
  }
}

async function subscriptionOf(db: Database, orderId: string) {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.checkoutId, orderId))
  if (!subscription) throw new Error(`Order ${orderId} is paid but has no subscription`)
  return subscription
}
