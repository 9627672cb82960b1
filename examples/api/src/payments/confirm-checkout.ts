import { eq } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, payments, subscriptions } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'
import { grantHigherPaidOrders } from './grant-higher-paid-orders'
import { grantPaidOrder } from './grant-order'
import { refundDuePayments } from './refund-payment'
import type { PaymentProvider } from './provider/payment-provider'

const ORDER_ID = /^[A-Za-z0-9_-]{16,64}$/

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
  provider: PaymentProvider,
  userId: string,
  orderId: string,
): Promise<typeof subscriptions.$inferSelect> {
  const [order] = ORDER_ID.test(orderId) ? await db.select().from(checkouts).where(eq(checkouts.id, orderId)) : []
  // Someone else's order is answered like a missing one: ids are not to be probed.
  if (!order || order.userId !== userId) throw notFound('Checkout')
  if (order.status === 'paid') {
    const [payment] = await db.select({ status: payments.status }).from(payments).where(eq(payments.checkoutId, order.id))
    if (payment && payment.status !== 'paid') throw refundedError()
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.checkoutId, order.id))
    if (subscription) return subscription
  }
  if (!order.providerCheckoutId) throw new HttpError(409, 'checkout_cancelled', 'This checkout was cancelled')
  const status = await provider.checkoutStatus(order.providerCheckoutId)
  if (status.reference !== order.id) throw new Error(`Provider checkout ${order.providerCheckoutId} is not order ${order.id}'s`)
  switch (status.status) {
    case 'paid': {
      await grantHigherPaidOrders(db, clock, provider, order)
      const grant = await grantPaidOrder(db, clock, {
        orderId: order.id,
        provider: provider.name,
        providerPaymentId: status.paymentId,
        paymentMethodId: status.paymentMethodId,
        amountCents: status.amountCents,
        currency: status.currency,
      })
      if (grant.refundDue) await refundDuePayments(db, clock, provider, userId)
      if (!grant.subscription) throw refundedError()
      return grant.subscription
    }
    case 'open':
    case 'processing':
      throw new HttpError(409, 'payment_pending', 'The payment of this checkout is not confirmed yet')
    case 'declined':
      throw new HttpError(402, 'payment_declined', 'The card was declined: pay again on the checkout page or choose another plan')
    case 'expired':
      throw new HttpError(409, 'checkout_cancelled', 'This checkout was cancelled')
    case 'refunded':
      throw refundedError()
  }
}

const refundedError = () => new HttpError(409, 'payment_refunded', 'The payment of this checkout was refunded')
