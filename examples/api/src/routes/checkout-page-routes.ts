import type { FastifyInstance, FastifyReply } from 'fastify'
import { eq } from 'drizzle-orm'
import { chargeFor, getPlan } from '@comics/core/rules'
import type { AppContext } from '../app-context'
import { checkouts } from '../db/schema'
import { DOCUMENT_SECURITY_HEADERS } from '../http/security-headers'
import { renderCheckoutPage } from '../payments/checkout-page'
import { isFirstPurchaseOfUser } from '../payments/first-purchase-of-user'
import { abandonCheckout, payCheckout } from '../payments/pay-checkout'

const CHECKOUT_ID = /^[A-Za-z0-9_-]{16,64}$/

/**
 * The sandbox payment page and its two buttons. The checkout id in the URL is the only credential, as
 * with a provider's hosted page: the browser arrives here by redirect, without the API's bearer token.
 */
export async function registerCheckoutPageRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db, clock, config } = context
  const rateLimit = { max: config.paymentRateLimitPerMinute, timeWindow: '1 minute' }
  // The page may post to itself and be redirected to the site's allowed origins, nothing else.
  const pagePolicy = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${config.allowedOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')

  await app.register(async (scope) => {
    // The buttons post plain HTML forms; their bodies carry nothing the server reads.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    )

    // An HTML document: helmet's document headers, and the page's own script policy.
    const asPage = (reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').headers(DOCUMENT_SECURITY_HEADERS).header('content-security-policy', pagePolicy)
    const notFoundPage = (reply: FastifyReply) =>
      asPage(reply.status(404)).send('<!doctype html><title>Checkout not found</title><h1>Checkout not found</h1>')

    scope.get<{ Params: { id: string } }>('/api/v1/checkout/:id', async (request, reply) => {
      const id = request.params.id
      const [checkout] = CHECKOUT_ID.test(id) ? await db.select().from(checkouts).where(eq(checkouts.id, id)) : []
      const plan = checkout && getPlan(checkout.planId)
      if (!checkout || !plan) return notFoundPage(reply)
      const firstPurchase = await isFirstPurchaseOfUser(db, checkout.userId)
      const html = renderCheckoutPage({
        checkoutId: checkout.id,
        plan,
        price: chargeFor(plan, { firstPurchase }).price,
        firstPurchase,
        status: checkout.status,
        urlSuccess: checkout.urlSuccess,
      })
      return asPage(reply).header('cache-control', 'no-store').send(html)
    })

    scope.post<{ Params: { id: string } }>('/api/v1/checkout/:id/pay', { config: { rateLimit } }, async (request, reply) => {
      if (!CHECKOUT_ID.test(request.params.id)) return notFoundPage(reply)
      const paid = await payCheckout(db, clock, { checkoutId: request.params.id, paymentSystem: 'sandbox' })
      return reply.redirect(paid.urlSuccess, 303)
    })

    scope.post<{ Params: { id: string } }>('/api/v1/checkout/:id/cancel', { config: { rateLimit } }, async (request, reply) => {
      const urlSuccess = CHECKOUT_ID.test(request.params.id) ? await abandonCheckout(db, request.params.id) : undefined
      if (!urlSuccess) return notFoundPage(reply)
      // Back to the site's plan page on the same origin as urlSuccess (an allowed origin).
      return reply.redirect(`${new URL(urlSuccess).origin}/premium`, 303)
    })
  })
}
