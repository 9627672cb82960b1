import { afterAll, beforeAll, expect, it } from 'vitest'
import { StripeProvider } from '../src/payments/stripe/stripe-provider'
import { describeProviderContract } from './payment-provider-contract'
import { startStripeApiServer, type StripeApiServer } from './support/stripe-api-server'

// The Stripe adapter against a local server answering the Stripe API calls it makes: no network.
let stripe: StripeApiServer
beforeAll(async () => {
  stripe = await startStripeApiServer()
})
afterAll(() => stripe?.close())

describeProviderContract('stripe', async () => {
  const provider = new StripeProvider({ secretKey: 'sk_test_local', webhookSecret: stripe.webhookSecret, apiUrl: stripe.url })
  stripe.takeEvents()
  return {
    provider,
    payAsReader: async (checkoutId, card) => stripe.pay(checkoutId, card),
    takeSentEvents: async () => stripe.takeEvents(),
    sign: (body, at, secret) => stripe.sign(body, at, secret),
    unusedEventBody: () => JSON.stringify({ id: `evt_unused_${Date.now()}`, object: 'event', type: 'customer.updated', created: Math.floor(Date.now() / 1000), data: { object: { id: 'cus_x', object: 'customer' } } }),
    disputeAsBank: async (paymentId, stage) => stripe.dispute(paymentId, stage),
    now: () => new Date(),
  }
})

it('puts an idempotency key on every write it asks of Stripe (a DELETE is idempotent by itself)', () => {
  const writes = stripe.requests.filter((request) => request.method === 'POST')
  expect(writes.length).toBeGreaterThan(10)
  expect(writes.filter((request) => !request.idempotencyKey)).toEqual([])
})
