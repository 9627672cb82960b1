import type { FastifyInstance } from 'fastify'
import { asc, count, desc, inArray, sql } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { subscriptions } from '../db/schema'
import { HttpError } from '../http/http-error'
import { Prepared, registerEndpoint } from '../http/register-endpoint'
import { prepareChecked } from '../catalogue/prepare-checked'
import type { ReaderCache } from '../reading/reader-cache'
import { cancelSubscription } from '../payments/cancel-subscription'
import { createCheckout } from '../payments/create-checkout'
import { confirmCheckout } from '../payments/confirm-checkout'
import { subscriptionFromRow } from '../payments/subscription-view'
import { PaymentProviders } from '../payments/provider/payment-providers'
import { siteModeResolver } from '../host/site-mode-of-request'

/** The reader-cache keys of a reader's own subscription lists start so (then the page asked). */
const SUBSCRIPTIONS_KEY = 'subscriptions'
/**
 * How long a reader's own subscription list is kept at most: the bound for the changes the reader does
 * not make here (a renewal, an expiry, a provider's event, an admin's refund). The reader's own (a
 * confirmed payment, a cancellation) drop it at once here and on the other instances (docs/decisions.md).
 */
export const SUBSCRIPTIONS_MAX_AGE_MS = 5_000

/**
 * After a change of a reader's subscriptions made through this instance (theirs, the provider's event
 * about them, an admin's refund): their kept lists go, here and on the other instances.
 */
export function subscriptionsChanged(readers: ReaderCache, uid: string): void {
  readers.changed(uid, (key) => key.startsWith(SUBSCRIPTIONS_KEY))
}

/** Checkout, its confirmation, the caller's subscriptions and cancellation. */
export function registerSubscriptionRoutes(app: FastifyInstance, context: AppContext, readers: ReaderCache): void {
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
      try {
        const subscription = await confirmCheckout(db, clock, providers, caller!.uid, body.checkoutId)
        return { data: [subscriptionFromRow(subscription)] }
      } finally {
        subscriptionsChanged(readers, caller!.uid)
      }
    },
    { rateLimit },
  )

  // A reader sees only their own subscriptions; an admin may ask for anyone's.
  registerEndpoint(app, context, endpoints.listSubscriptions, async ({ body, caller }) => {
    const asked = body.filters.userId ?? [caller!.uid]
    if (!caller!.admin && asked.some((userId) => userId !== caller!.uid)) {
      throw new HttpError(403, 'forbidden', "You may list only your own subscriptions")
    }
    const list = async () => {
      const where = inArray(subscriptions.userId, asked)
      const direction = body.sort?.order === 'asc' ? asc : desc
      // One statement: the page with the count of every row (a window over the rows the filter keeps). A
      // page past the end has no row to carry the count, and only then is it counted apart.
      const rows = await db
        .select({ subscription: subscriptions, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(subscriptions)
        .where(where)
        .orderBy(direction(subscriptions.createdAt), direction(subscriptions.id))
        .limit(body.limit)
        .offset(body.offset)
      const counted = async () => (await db.select({ total: count() }).from(subscriptions).where(where))[0]?.total ?? 0
      const total = rows[0]?.total ?? (body.offset > 0 ? await counted() : 0)
      return { data: rows.map((row) => subscriptionFromRow(row.subscription)), total }
    }
    // A reader's own list, which the kit's top bar asks on every page, is kept per reader and page.
    if (asked.length !== 1 || asked[0] !== caller!.uid) return list()
    const key = `${SUBSCRIPTIONS_KEY} ${body.limit} ${body.offset} ${body.sort?.order ?? 'desc'}`
    return readers.get(
      caller!.uid,
      key,
      async () => new Prepared(prepareChecked(endpoints.listSubscriptions.response, await list()), 'no-store'),
      { maxAgeMs: SUBSCRIPTIONS_MAX_AGE_MS },
    )
  })

  registerEndpoint(app, context, endpoints.cancelSubscription, async ({ params, caller }) => {
    try {
      const row = await cancelSubscription(db, clock, caller!.uid, params.id)
      return { data: [subscriptionFromRow(row)] }
    } finally {
      subscriptionsChanged(readers, caller!.uid)
    }
  })
}

