import { eq } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, payments, subscriptions } from '../db/schema'
import { notFound } from '../http/http-error'
import { ORDER_ID, paidCheckoutPayment, paymentRefunded } from './checkout-payment'
import { grantHigherPaidOrders } from './grant-higher-paid-orders'
import { grantPaidOrder } from './grant-order'
import { refundDuePayments } from './refund-payment'
import type { PaymentProviders } from './provider/payment-providers'
import { providerOfOrder } from './checkout-payment'

/**
 * POST /subscriptions: the reader, back from the hosted checkout, asks for what they paid for. It asks
 * the provider (server to server) whether the order's checkout was paid and grants it if so, exactly
 * once whatever the webhook does at the same moment; otherwise it answers why not and writes nothing:
 * 409 `payment_pending` (not paid yet, or a delayed payment still settling), 402 `payment_declined`
 * (the last card tried was declined), 409 `checkout_cancelled`, 409 `payment_refunded` (refunded by an
 * admin, or given back because another checkout of the reader paid at the same moment won).
 */
export async function confirmCheckout(
  db: Database,
  clock: Clock,
  providers: PaymentProviders,
  userId: string,
  orderId: string,
): Promise<typeof subscriptions.$inferSelect> {
  // Stryker disable next-line ArrayDeclaration: any other value than an order row is answered as a missing one
  const [order] = ORDER_ID.test(orderId) ? await db.select().from(checkouts).where(eq(checkouts.id, orderId)) : []
  // Someone else's order is answered like a missing one: ids are not to be probed.
  if (!order || order.userId !== userId) throw notFound('Checkout')
  // Stryker disable next-line ConditionalExpression: an order not paid has no payment and no subscription to find
  if (order.status === 'paid') {
    const [payment] = await db.select({ status: payments.status }).from(payments).where(eq(payments.checkoutId, order.id))
    if (payment && payment.status !== 'paid') throw paymentRefunded()
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.checkoutId, order.id))
    if (subscription) return subscription
  }
  const provider = providerOfOrder(providers, order)
  const paid = await paidCheckoutPayment(provider, order, 'pay again on the checkout page or choose another plan')
  await grantHigherPaidOrders(db, clock, provider, order)
  const grant = await grantPaidOrder(db, clock, paid)
  // Stryker disable next-line ConditionalExpression: with nothing due, refundDuePayments does nothing
  if (grant.refundDue) await refundDuePayments(db, clock, provider, userId)
  if (!grant.subscription) throw paymentRefunded()
  return grant.subscription
}