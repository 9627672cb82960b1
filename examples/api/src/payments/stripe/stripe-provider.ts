import Stripe from 'stripe'
import type { StripeSettings } from '../../config'
import {
  InvalidProviderEvent,
  UnknownProviderObject,
  type CheckoutOrder,
  type CheckoutStatus,
  type OpenedCheckout,
  type PaymentProvider,
  type ProviderEvent,
  type RenewalCharge,
  type RenewalOutcome,
} from '../provider/payment-provider'

/** How old (or how far ahead) an event's signature may be before it is refused as a possible replay. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300

/**
 * The Stripe adapter, on the official SDK: Checkout Sessions in payment mode that save the card for later
 * off-session use, renewals as off-session PaymentIntents on that card asked by the API's durable renewal
 * job (docs/decisions.md), refunds, and webhooks verified on the raw body by `constructEventAsync`.
 * Every write carries an idempotency key. Events are read into the API's terms here; anything the API
 * does not use is `ignored`.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe'
  private readonly stripe: Stripe

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
    })
  }

  async createCustomer(idempotencyKey: string): Promise<string> {
    // No name nor e-mail: the customer is only where the saved card lives.
    const customer = await this.stripe.customers.create({}, { idempotencyKey })
    return customer.id
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      // Deleting a customer detaches its saved payment methods.
      await this.stripe.customers.del(customerId)
    } catch (error) {
      if (!isMissing(error)) throw error
    }
  }

  async openCheckout(order: CheckoutOrder): Promise<OpenedCheckout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer: order.customerId,
        client_reference_id: order.reference,
        metadata: { reference: order.reference },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amountCents, product_data: { name: order.description } },
          },
        ],
        payment_intent_data: { setup_future_usage: 'off_session', metadata: { reference: order.reference } },
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
      },
      { idempotencyKey: `checkout-${order.reference}` },
    )
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`)
    return { checkoutId: session.id, url: session.url }
  }

  async checkoutStatus(checkoutId: string): Promise<CheckoutStatus> {
    const session = await this.stripe.checkout.sessions
      .retrieve(checkoutId, { expand: ['payment_intent.latest_charge'] })
      .catch((error: unknown) => {
        throw isMissing(error) ? new UnknownProviderObject(`Stripe knows no checkout session ${checkoutId}`) : error
      })
    const base = {
      reference: session.client_reference_id ?? session.metadata?.reference ?? '',
      amountCents: session.amount_total ?? 0,
      currency: (session.currency ?? '').toUpperCase(),
    }
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null
    if (session.status === 'expired') return { ...base, status: 'expired' }
    if (session.status === 'complete' && session.payment_status === 'paid' && intent) {
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
      return {
        ...base,
        status: charge?.refunded ? 'refunded' : 'paid',
        paymentId: intent.id,
        paymentMethodId: idOf(intent.payment_method) ?? '',
      }
    }
    if (session.status === 'complete') return { ...base, status: 'processing' }
    return { ...base, status: intent?.last_payment_error ? 'declined' : 'open' }
  }

  async expireCheckout(checkoutId: string): Promise<void> {
    const session = await this.stripe.checkout.sessions.retrieve(checkoutId)
    if (session.status !== 'open') return
    await this.stripe.checkout.sessions.expire(checkoutId, {}, { idempotencyKey: `expire-${checkoutId}` })
  }

  async verifyEvent(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): Promise<ProviderEvent> {
    const header = headers['stripe-signature']
    const signature = Array.isArray(header) ? header[0] : header
    if (!signature) throw new InvalidProviderEvent('missing_signature', 'No stripe-signature header')
    const nowSeconds = Math.floor(now.getTime() / 1000)
    let event: Stripe.Event
    try {
      event = await this.stripe.webhooks.constructEventAsync(
        rawBody,
        signature,
        this.settings.webhookSecret,
        STRIPE_SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        nowSeconds,
      )
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new InvalidProviderEvent(/tolerance/i.test(error.message) ? 'stale_timestamp' : 'bad_signature', error.message)
      }
      throw new InvalidProviderEvent('malformed_event', 'The event body is not JSON')
    }
    // Checked against the API's clock both ways: a signature made for later is a replay kept back.
    const timestamp = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1])
    if (Math.abs(timestamp - nowSeconds) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) {
      throw new InvalidProviderEvent('stale_timestamp', `The event's timestamp is more than ${STRIPE_SIGNATURE_TOLERANCE_SECONDS} s away`)
    }
    if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object') {
      throw new InvalidProviderEvent('malformed_event', 'The event body is not a Stripe event')
    }
    return this.read(event)
  }

  async refund(paymentId: string, amountCents?: number): Promise<{ status: 'refunded' }> {
    try {
      await this.stripe.refunds.create(
        { payment_intent: paymentId, ...(amountCents === undefined ? {} : { amount: amountCents }) },
        { idempotencyKey: `refund-${paymentId}-${amountCents ?? 'full'}` },
      )
    } catch (error) {
      // Refunded already (by the dashboard, or an earlier call): what was asked is done.
      if (!(error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded')) throw error
    }
    return { status: 'refunded' }
  }

  async chargeRenewal(charge: RenewalCharge): Promise<RenewalOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: charge.amountCents,
          currency: charge.currency.toLowerCase(),
          customer: charge.customerId,
          payment_method: charge.paymentMethodId,
          off_session: true,
          confirm: true,
          description: charge.description,
          metadata: { renewal: charge.idempotencyKey },
        },
        { idempotencyKey: charge.idempotencyKey },
      )
      if (intent.status === 'succeeded') return { status: 'paid', paymentId: intent.id }
      return { status: 'failed', reason: intent.status }
    } catch (error) {
      // A declined card, or one that needs the reader present (authentication), fails the renewal.
      if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
        return { status: 'failed', reason: error.code ?? error.type }
      }
      throw error
    }
  }

  /** A verified Stripe event in the API's terms (asking Stripe for what the event does not carry). */
  private async read(event: Stripe.Event): Promise<ProviderEvent> {
    const ignored: ProviderEvent = { id: event.id, type: 'ignored', providerType: event.type }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object
        // Completed but not paid: a delayed method still settling (async_payment_succeeded follows).
        if (session.mode !== 'payment' || session.payment_status !== 'paid') return ignored
        const intentId = idOf(session.payment_intent)
        if (!intentId) throw new InvalidProviderEvent('malformed_event', 'A paid checkout session without its payment')
        const intent = await this.stripe.paymentIntents.retrieve(intentId).catch((error: unknown) => {
          // An event naming a payment Stripe does not have is not Stripe's (a network failure is retried: 5xx).
          throw isMissing(error) ? new InvalidProviderEvent('malformed_event', `Stripe knows no payment ${intentId}`) : error
        })
        return {
          id: event.id,
          type: 'checkout.paid',
          checkoutId: session.id,
          reference: session.client_reference_id ?? session.metadata?.reference ?? '',
          paymentId: intent.id,
          paymentMethodId: idOf(intent.payment_method) ?? '',
          amountCents: session.amount_total ?? 0,
          currency: (session.currency ?? '').toUpperCase(),
        }
      }
      case 'checkout.session.async_payment_failed': {
        const session = event.data.object
        return {
          id: event.id,
          type: 'checkout.declined',
          checkoutId: session.id,
          reference: session.client_reference_id ?? session.metadata?.reference ?? '',
          reason: 'async_payment_failed',
        }
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object
        const reason = intent.last_payment_error?.code ?? 'declined'
        if (intent.metadata?.renewal) {
          return { id: event.id, type: 'renewal.failed', paymentMethodId: idOf(intent.payment_method) ?? '', reason, idempotencyKey: intent.metadata.renewal }
        }
        const [session] = (await this.stripe.checkout.sessions.list({ payment_intent: intent.id, limit: 1 })).data
        if (!session) return ignored
        return { id: event.id, type: 'checkout.declined', checkoutId: session.id, reference: session.client_reference_id ?? '', reason }
      }
      case 'payment_intent.succeeded': {
        const intent = event.data.object
        if (!intent.metadata?.renewal) return ignored // a checkout's: its session's event grants it
        return {
          id: event.id,
          type: 'renewal.paid',
          paymentId: intent.id,
          paymentMethodId: idOf(intent.payment_method) ?? '',
          idempotencyKey: intent.metadata.renewal,
        }
      }
      case 'charge.refunded': {
        const charge = event.data.object
        const paymentId = idOf(charge.payment_intent)
        if (!paymentId) return ignored
        return { id: event.id, type: 'payment.refunded', paymentId, refundedCents: charge.amount_refunded, fully: charge.refunded }
      }
      case 'charge.dispute.created': {
        const paymentId = idOf(event.data.object.payment_intent)
        return paymentId ? { id: event.id, type: 'dispute.opened', paymentId } : ignored
      }
      case 'charge.dispute.closed': {
        const dispute = event.data.object
        const paymentId = idOf(dispute.payment_intent)
        // warning_closed (an inquiry that never became a dispute) is won for the merchant.
        return paymentId ? { id: event.id, type: 'dispute.closed', paymentId, won: dispute.status !== 'lost' } : ignored
      }
      default:
        return ignored
    }
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined)

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeError && error.code === 'resource_missing'
