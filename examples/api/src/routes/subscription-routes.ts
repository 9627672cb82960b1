import type { FastifyInstance } from 'fastify'
import { and, asc, count, desc, inArray } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { subscriptions } from '../db/schema'
import { HttpError } from '../http/http-error'
import { registerEndpoint } from '../http/register-endpoint'
import { cancelSubscription } from '../payments/cancel-subscription'
import { createCheckout } from '../payments/create-checkout'
import { confirmCheckout } from '../payments/confirm-checkout'
import { subscriptionFromRow } from '../payments/subscription-view'
import { PaymentProviders } from '../payments/provider/payment-providers'
import { siteModeResolver } from '../host/site-mode-of-request'

/** Checkout, its confirmation, the caller's subscriptions and cancellation. */
export function registerSubscriptionRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, clock, config } = context
  const providers = context.providers ?? PaymentProviders.single(context.provider)
  const siteModeOf = siteModeResolver(config.hosts)
  const rateLimit = { max: config.paymentRateLimitPerMinute, timeWindow: '1 minute' }

  registerEndpoint(
    app,
    context,
    endpoints.checkout,
    async ({ body, caller, request }) =>
      createCheckout(db, clock, providers.forMode(siteModeOf(request.headers.host)), { allowedOrigins: config.allowedOrigins }, caller!.uid, body),
    { rateLimit },
  )

  registerEndpoint(
    app,
    context,
    endpoints.createPayment,
    async ({ body, caller }) => {
      const subscription = await confirmCheckout(db, clock, providers, caller!.uid, body.checkoutId)
      return { data: [subscriptionFromRow(subscription)] }
    },
    { rateLimit },
  )

  // A reader sees only their own subscriptions; an admin may ask for anyone's.
  registerEndpoint(app, context, endpoints.listSubscriptions, async ({ body, caller }) => {
    const asked = body.filters.userId ?? [caller!.uid]
    if (!caller!.admin && asked.some((userId) => userId !== caller!.uid)) {
      throw new HttpError(403, 'forbidden', "You may list only your own subscriptions")
    }
    const where = inArray(subscriptions.userId, asked)
    const direction = body.sort?.order === 'asc' ? asc : desc
    const [rows, [totalRow]] = await Promise.all([
      db.select().from(subscriptions).where(where).orderBy(direction(subscriptions.createdAt), direction(subscriptions.id)).limit(body.limit).offset(body.offset),
      db.select({ total: count() }).from(subscriptions).where(and(where)),
    ])
    return { data: rows.map(subscriptionFromRow), total: totalRow?.total ?? 0 }
  })

  registerEndpoint(app, context, endpoints.cancelSubscription, async ({ params, caller }) => {
    const row = await cancelSubscription(db, clock, caller!.uid, params.id)
    return { data: [subscriptionFromRow(row)] }
  })
}

