import type { FastifyInstance } from 'fastify'
import { asc, count, desc, inArray } from 'drizzle-orm'
import { API_PREFIX, endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { payments } from '../db/schema'
import { HttpError } from '../http/http-error'
import { registerEndpoint } from '../http/register-endpoint'
import { applyProviderEvent } from '../payments/apply-provider-event'
import { paymentFromRow } from '../payments/payment-view'
import { InvalidProviderEvent } from '../payments/provider/payment-provider'
import { refundPayment } from '../payments/refund-payment'

/** Where the payment provider sends its signed events. */
export const WEBHOOK_PATH = `${API_PREFIX}/payments/webhook`

/** Payments: the caller's list, an admin's refund, and the provider's webhook. */
export function registerPaymentRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, clock, provider } = context

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
    const refunded = await refundPayment(db, clock, provider, caller, params.id)
    return { data: [paymentFromRow(refunded)] }
  })

  // The provider's events: the signature over the exact bytes received, then each event applied once.
  app.post(WEBHOOK_PATH, async (request, reply) => {
    const rawBody = request.jsonText
    if (rawBody === undefined) throw new HttpError(415, 'unsupported_media_type', 'Events are application/json')
    let event
    try {
      event = provider.verifyEvent(rawBody, request.headers, clock.now())
    } catch (error) {
      if (error instanceof InvalidProviderEvent) throw new HttpError(400, error.code, error.message)
      throw error
    }
    const applied = await applyProviderEvent(db, clock, provider, event)
    return reply.send({ received: true, ...applied })
  })
}
