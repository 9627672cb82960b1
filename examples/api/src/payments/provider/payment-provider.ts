/**
 * The one boundary money crosses: what the API needs from any payment provider (the sandbox, Stripe,
 * betatransfer, ...). Access is granted only on what a provider says here, server to server, never on a
 * client's word. Each provider is an adapter that maps its own API and event format onto these types
 * (see docs/payments.md); `test/payment-provider-contract.ts` is the suite every adapter must pass.
 */
export interface PaymentProvider {
  /** Short name stored with orders, payments and events ('sandbox', 'stripe'). */
  readonly name: string
  /**
   * Creates the provider's customer for a reader (the API keeps its id per reader, never handing the
   * reader's uid to the provider); `idempotencyKey` makes a retried call answer the same customer.
   */
  createCustomer(idempotencyKey: string): Promise<string>
  /** Deletes a customer and its saved payment methods (account erasure). Deleting a deleted one changes nothing. */
  deleteCustomer(customerId: string): Promise<void>
  /** Opens a hosted checkout that charges `amountCents` once and saves the card for renewals. */
  openCheckout(order: CheckoutOrder): Promise<OpenedCheckout>
  /** Where a checkout stands, asked of the provider itself (a verification call). */
  checkoutStatus(checkoutId: string): Promise<CheckoutStatus>
  /** Ends an open checkout so that it can no longer be paid (the reader opened another one). */
  expireCheckout(checkoutId: string): Promise<void>
  /**
   * Checks an event's signature and timestamp against the shared secret and reads it (asking the provider
   * for what the event does not carry); throws {@link InvalidProviderEvent} for anything forged, stale or
   * malformed. An event of a type the API does not use is read as `ignored` (answered 2xx, nothing done).
   */
  verifyEvent(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): Promise<ProviderEvent>
  /**
   * Refunds a payment, in full or `amountCents` of it. Asking again for a refund already made (by its
   * payment and amount) changes nothing.
   */
  refund(paymentId: string, amountCents?: number): Promise<{ status: 'refunded' }>
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
  /** A refund, whoever asked for it (the API, or the provider's dashboard): `refundedCents` in all so far. */
  | { id: string; type: 'payment.refunded'; paymentId: string; refundedCents: number; fully: boolean }
  | { id: string; type: 'renewal.paid'; paymentId: string; paymentMethodId: string; idempotencyKey?: string }
  | { id: string; type: 'renewal.failed'; paymentMethodId: string; reason: string; idempotencyKey?: string }
  /** The payer's bank disputes a payment: what it paid for is suspended until the dispute closes. */
  | { id: string; type: 'dispute.opened'; paymentId: string }
  /** Won: access comes back; lost: the money is gone, and what it paid for ends. */
  | { id: string; type: 'dispute.closed'; paymentId: string; won: boolean }
  /** An event of a type the API does not use: answered 2xx and ignored, as providers expect. */
  | { id: string; type: 'ignored'; providerType: string }

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

/** The provider does not know this checkout or payment (an event naming one it never made). */
export class UnknownProviderObject extends Error {
  readonly code = 'unknown_provider_object'
  constructor(message: string) {
    super(message)
    this.name = 'UnknownProviderObject'
  }
}
