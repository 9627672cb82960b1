import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AppContext } from '../app-context'
import { DOCUMENT_SECURITY_HEADERS } from '../http/security-headers'
import { renderHostedPage } from '../payments/sandbox/hosted-page'
import type { SandboxProvider } from '../payments/sandbox/sandbox-provider'

const CHECKOUT_ID = /^[A-Za-z0-9_-]{16,64}$/

/**
 * The sandbox provider's hosted checkout page: the card form, paying, and leaving. The checkout id in
 * the URL is the only credential, as with a provider's hosted page: the browser arrives here by
 * redirect, without the API's bearer token. Paying here grants nothing by itself: the sandbox sends the
 * API a signed event, and the API asks the sandbox before it grants.
 */
export async function registerCheckoutPageRoutes(app: FastifyInstance, context: AppContext, sandbox: SandboxProvider): Promise<void> {
  const { config } = context
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
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )

    // An HTML document: helmet's document headers, and the page's own policy; never cached.
    const asPage = (reply: FastifyReply) =>
      reply
        .type('text/html; charset=utf-8')
        .headers(DOCUMENT_SECURITY_HEADERS)
        .header('content-security-policy', pagePolicy)
        .header('cache-control', 'no-store')
    const notFoundPage = (reply: FastifyReply) =>
      asPage(reply.status(404)).send('<!doctype html><title>Checkout not found</title><h1>Checkout not found</h1>')

    scope.get<{ Params: { id: string } }>('/api/v1/checkout/:id', async (request, reply) => {
      const checkout = CHECKOUT_ID.test(request.params.id) ? await sandbox.hostedCheckout(request.params.id) : undefined
      if (!checkout) return notFoundPage(reply)
      return asPage(reply).send(renderHostedPage(checkout))
    })

    scope.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
      '/api/v1/checkout/:id/pay',
      { config: { rateLimit } },
      async (request, reply) => {
        const id = request.params.id
        if (!CHECKOUT_ID.test(id) || !(await sandbox.hostedCheckout(id))) return notFoundPage(reply)
        const form = request.body ?? {}
        const typed = { number: String(form.number ?? ''), expiry: String(form.expiry ?? ''), cvc: String(form.cvc ?? '') }
        const payment = await sandbox.payWithCard(id, typed)
        if (payment.outcome === 'paid' || payment.outcome === 'processing') return reply.redirect(payment.successUrl, 303)
        const checkout = (await sandbox.hostedCheckout(id))!
        if (payment.outcome === 'not-open') return asPage(reply.status(409)).send(renderHostedPage(checkout))
        const status = payment.outcome === 'declined' ? 402 : 400
        return asPage(reply.status(status)).send(renderHostedPage(checkout, { notice: payment.outcome, typed: { expiry: typed.expiry } }))
      },
    )

    scope.post<{ Params: { id: string } }>('/api/v1/checkout/:id/cancel', { config: { rateLimit } }, async (request, reply) => {
      const cancelUrl = CHECKOUT_ID.test(request.params.id) ? await sandbox.cancelCheckout(request.params.id) : undefined
      if (!cancelUrl) return notFoundPage(reply)
      return reply.redirect(cancelUrl, 303)
    })
  })
}
