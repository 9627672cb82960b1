/**
 * The one boundary money crosses: what the API needs from any payment provider (the sandbox, Stripe,
 * betatransfer, ...). Access is granted only on what a provider says here, server to server, never on a
 * client's word. Each provider is an adapter that maps its own API and event format onto these types
 * (see docs/payments.md); `test/payment-provider-contract.ts` is the suite every adapter must pass.
 */
export interface PaymentProvider {
  /** Short name stored with orders, payments and events ('sandbox', 'stripe'). */
  readonly name: string
  /** Opens a hosted checkout that charges `amountCents` once and saves the card for renewals. */
  openCheckout(order: CheckoutOrder): Promise<OpenedCheckout>
  /** Where a checkout stands, asked of the provider itself (a verification call). */
  checkoutStatus(checkoutId: string): Promise<CheckoutStatus>
  /** Ends an open checkout so that it can no longer be paid (the reader opened another one). */
  expireCheckout(checkoutId: string): Promise<void>
  /**
   * Checks an event's signature and timestamp against the shared secret and reads it; throws
   * {@link InvalidProviderEvent} for anything forged, stale or malformed.
   */
  verifyEvent(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): ProviderEvent
  /** Refunds a payment in full. Refunding a refunded payment changes nothing. */
  refund(paymentId: string): Promise<{ status: 'refunded' }>
  /**
   * Charges a saved payment method for a renewal, once per `idempotencyKey` (a retried call answers the
   * first charge's outcome).
   */
  chargeRenewal(charge: RenewalCharge): Promise<RenewalOutcome>
}

export interface CheckoutOrder {
  /** The API's order id: the provider reports it back as `reference`. */
  reference: string
  customerId: string
  amountCents: number
  currency: string
  description: string
  successUrl: string
  cancelUrl: string
}

export interface OpenedCheckout {
  checkoutId: string
  /** The hosted page the reader's browser is sent to. */
  url: string
}

export type CheckoutStatus =
  | { status: 'open' | 'processing' | 'declined' | 'expired'; reference: string; amountCents: number; currency: string }
  | {
      status: 'paid' | 'refunded'
      reference: string
      amountCents: number
      currency: string
      paymentId: string
      paymentMethodId: string
    }

export interface RenewalCharge {
  customerId: string
  paymentMethodId: string
  amountCents: number
  currency: string
  description: string
  idempotencyKey: string
}

export type RenewalOutcome = { status: 'paid'; paymentId: string } | { status: 'failed'; reason: string }

/** An event a provider sent, read into the API's terms. */
export type ProviderEvent =
  | {
      id: string
      type: 'checkout.paid'
      checkoutId: string
      reference: string
      paymentId: string
      paymentMethodId: string
      amountCents: number
      currency: string
    }
  | { id: string; type: 'checkout.declined'; checkoutId: string; reference: string; reason: string }
  | { id: string; type: 'payment.refunded'; paymentId: string }
  | { id: string; type: 'renewal.paid'; paymentId: string; paymentMethodId: string }
  | { id: string; type: 'renewal.failed'; paymentMethodId: string; reason: string }

/** An event that is not one the provider sent: bad signature, stale timestamp, unreadable body. */
export class InvalidProviderEvent extends Error {
  constructor(
    readonly code: 'missing_signature' | 'bad_signature' | 'stale_timestamp' | 'malformed_event',
    message: string,
  ) {
    super(message)
    this.name = 'InvalidProviderEvent'
  }
}
