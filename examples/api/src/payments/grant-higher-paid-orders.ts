import { and, desc, eq, gt } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts } from '../db/schema'
import { grantPaidOrder } from './grant-order'
import type { PaymentProvider } from './provider/payment-provider'
import { refundDuePayments } from './refund-payment'

/**
 * Before an order is granted: grants the reader's other orders of a higher plan that the provider says
 * are paid but that no event or confirmation has granted yet, highest first. Two checkouts paid at the
 * same moment then end the same way whichever is reported first: the higher plan in force, the other
 * given back (docs/decisions.md).
 */
export async function grantHigherPaidOrders(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  order: { id: string; userId: string; level: number },
): Promise<void> {
  const higher = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, order.userId), eq(checkouts.status, 'open'), gt(checkouts.level, order.level)))
    .orderBy(desc(checkouts.level))
  for (const other of higher) {
    if (!other.providerCheckoutId || other.provider !== provider.name) continue
    const status = await provider.checkoutStatus(other.providerCheckoutId)
    if (status.status !== 'paid' || status.reference !== other.id) continue
    const grant = await grantPaidOrder(db, clock, {
      orderId: other.id,
      provider: provider.name,
      providerPaymentId: status.paymentId,
      paymentMethodId: status.paymentMethodId,
      amountCents: status.amountCents,
      currency: status.currency,
    })
    // Stryker disable next-line ConditionalExpression: the caller refunds what is due after its own grant too (the
    // order granted here is higher, so the caller's loses and is due); with nothing due this does nothing
    if (grant.refundDue) await refundDuePayments(db, clock, provider, order.userId)
  }
}
