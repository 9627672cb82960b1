import type { FastifyInstance } from 'fastify'
import { asc, count, desc, inArray } from 'drizzle-orm'
import { API_PREFIX, endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { payments } from '../db/schema'
import { HttpError } from '../http/http-error'
import { registerEndpoint } from '../http/register-endpoint'
import { applyProviderEvent } from '../payments/apply-provider-event'
import { paymentFromRow } from '../payments/payment-view'
import { InvalidProviderEvent, type PaymentProvider } from '../payments/provider/payment-provider'
import { PaymentProviders } from '../payments/provider/payment-providers'
import { refundPayment } from '../payments/refund-payment'
import type { ReaderCache } from '../reading/reader-cache'
import { subscriptionsChanged } from './subscription-routes'

/** Where the sandbox sends its signed events. */
export const WEBHOOK_PATH = `${API_PREFIX}/payments/webhook`
/** Where Stripe sends its events (the endpoint registered in Stripe's dashboard: docs/payments.md). */
export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/payments/stripe/webhook`
const webhookPathOf = (provider: string) => (provider === 'sandbox' ? WEBHOOK_PATH : `${API_PREFIX}/payments/${provider}/webhook`)

/** Payments: the caller's list, an admin's refund, and the provider's webhook. */
export function registerPaymentRoutes(app: FastifyInstance, context: AppContext, readers: ReaderCache): void {
  const { db, clock } = context
  const providers = context.providers ?? PaymentProviders.single(context.provider)

  // A reader sees only their own payments; an admin may ask for anyone's, and without a filter sees everyone's.
  registerEndpoint(app, context, endpoints.listPayments, async ({ body, caller }) => {
    const asked = body.filters.userId ?? (caller!.admin ? undefined : [caller!.uid])
    if (!caller!.admin && asked!.some((userId) => userId !== caller!.uid)) {
      throw new HttpError(403, 'forbidden', 'You may list only your own payments')
    }
    const where = asked ? inArray(payments.userId, asked) : undefined
    const direction = body.sort?.order === 'asc' ? asc : desc
    const [rows, [totalRow]] = await Promise.all([
      db.select().from(payments).where(where).orderBy(direction(payments.paidAt), direction(payments.id)).limit(body.limit).offset(body.offset),
      db.select({ total: count() }).from(payments).where(where),
    ])
    return { data: rows.map(paymentFromRow), total: totalRow?.total ?? 0 }
  })

  registerEndpoint(app, context, endpoints.refundPayment, async ({ params, caller }) => {
    const refunded = await refundPayment(db, clock, providers, caller, params.id)
    // What the payment bought ends: the reader's kept subscription list goes, here and on the others.
    subscriptionsChanged(readers, refunded.userId)
    return { data: [paymentFromRow(refunded)] }
  })

  // Each provider's events: the signature over the exact bytes received, then each event applied once.
  // Only the providers this server runs have a webhook.
  for (const provider of providers.all) registerWebhook(app, context, readers, provider)
}

function registerWebhook(app: FastifyInstance, context: AppContext, readers: ReaderCache, provider: PaymentProvider): void {
  const { db, clock } = context
  app.post(webhookPathOf(provider.name), async (request, reply) => {
    const rawBody = request.jsonText
    if (rawBody === undefined) throw new HttpError(415, 'unsupported_media_type', 'Events are application/json')
    let event
    try {
      event = await provider.verifyEvent(rawBody, request.headers, clock.now())
    } catch (error) {
      if (error instanceof InvalidProviderEvent) throw new HttpError(400, error.code, error.message)
      throw error
    }
    const { reader, ...applied } = await applyProviderEvent(db, clock, provider, event)
    // A plan granted, refunded or disputed: the reader's kept subscription list goes, here and on the others.
    if (reader !== undefined) subscriptionsChanged(readers, reader)
    return reply.send({ received: true, ...applied })
  })
}
