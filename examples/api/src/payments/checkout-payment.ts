import { HttpError } from '../http/http-error'
import type { ConfirmedPayment } from './grant-order'
import type { CheckoutStatus, PaymentProvider } from './provider/payment-provider'
import type { PaymentProviders } from './provider/payment-providers'

/** What an order id looks like (they travel in urlSuccess): anything else is not looked up. */
export const ORDER_ID = /^[A-Za-z0-9_-]{16,64}$/

export const paymentRefunded = () => new HttpError(409, 'payment_refunded', 'The payment of this checkout was refunded')
const checkoutCancelled = () => new HttpError(409, 'checkout_cancelled', 'This checkout was cancelled')

/** A paid checkout's payment as the subscription grant and the coin credit take it. */
export function confirmedPaymentOf(
  orderId: string,
  provider: string,
  status: Extract<CheckoutStatus, { paymentId: string }>,
): ConfirmedPayment {
  return {
    orderId,
    provider,
    providerPaymentId: status.paymentId,
    paymentMethodId: status.paymentMethodId,
    amountCents: status.amountCents,
    currency: status.currency,
  }
}

/** The provider an order was opened with (the host's when it was opened); 409 when this server no longer runs it. */
export function providerOfOrder(providers: PaymentProviders, order: { provider: string | null }): PaymentProvider {
  const provider = providers.named(order.provider) ?? (order.provider === null ? providers.all[0] : undefined)
  if (!provider) throw new HttpError(409, 'provider_unavailable', `This order was paid through ${order.provider}, which this server does not run`)
  return provider
}

/**
 * Asks the provider (server to server) whether an order's checkout was paid: its payment when it was,
 * otherwise the reason the reader is told, nothing written — 409 `payment_pending` (not paid yet, or a
 * delayed payment still settling), 402 `payment_declined` (with `declined`, what the reader can do),
 * 409 `checkout_cancelled`, 409 `payment_refunded`.
 */
export async function paidCheckoutPayment(
  provider: PaymentProvider,
  order: { id: string; providerCheckoutId: string | null },
  declined: string,
): Promise<ConfirmedPayment> {
  if (!order.providerCheckoutId) throw checkoutCancelled()
  const status = await provider.checkoutStatus(order.providerCheckoutId)
  if (status.reference !== order.id) throw new Error(`Provider checkout ${order.providerCheckoutId} is not order ${order.id}'s`)
  switch (status.status) {
    case 'paid':
      return confirmedPaymentOf(order.id, provider.name, status)
    case 'open':
    case 'processing':
      throw new HttpError(409, 'payment_pending', 'The payment of this checkout is not confirmed yet')
    case 'declined':
      throw new HttpError(402, 'payment_declined', `The card was declined: ${declined}`)
    case 'expired':
      throw checkoutCancelled()
    case 'refunded':
      throw paymentRefunded()
  }
}
