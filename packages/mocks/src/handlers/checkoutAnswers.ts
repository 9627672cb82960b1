import { errorResponse } from './errorResponse'
import type { MockCheckout } from './mockState'

/**
 * Why a checkout cannot be confirmed yet, as the reference API answers it (409 payment_pending, 402
 * payment_declined, 409 checkout_cancelled), or undefined once it was paid.
 */
export function unpaidCheckoutAnswer(order: MockCheckout) {
  if (order.status === 'open' || order.status === 'processing') {
    return errorResponse(409, { code: 'payment_pending', message: 'The payment of this checkout is not confirmed yet' })
  }
  if (order.status === 'declined') return errorResponse(402, { code: 'payment_declined', message: 'The card was declined' })
  if (order.status === 'cancelled') return errorResponse(409, { code: 'checkout_cancelled', message: 'This checkout was cancelled' })
  return undefined
}
