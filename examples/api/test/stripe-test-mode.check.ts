import Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import { StripeProvider } from '../src/payments/stripe/stripe-provider'

// The adapter against Stripe's test mode (`pnpm --filter api payments:check`). What a reader does on
// Stripe's hosted page cannot be done server to server, so a saved card is attached with Stripe's test
// payment methods (pm_card_visa, pm_card_chargeCustomerFail) instead, and events are read from the API's
// event list and signed here with a local secret (the signature itself is covered by the local suite).
const secretKey = process.env.STRIPE_SECRET_KEY ?? ''
const WEBHOOK_SECRET = 'whsec_payments_check'

describe.runIf(secretKey.startsWith('sk_test_'))('the Stripe adapter in Stripe test mode', () => {
  let stripe: Stripe
  let provider: StripeProvider
  const run = `check-${Date.now().toString(36)}`
  let customerId: string

  const savedCard = async (testMethod: string) => (await stripe.paymentMethods.attach(testMethod, { customer: customerId })).id
  const eventsOf = async (paymentId: string, since: number) =>
    (await stripe.events.list({ created: { gte: since }, limit: 100 })).data.filter((event) => JSON.stringify(event.data.object).includes(paymentId))
  const read = (event: Stripe.Event) => {
    const body = JSON.stringify(event)
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET })
    return provider.verifyEvent(body, { 'stripe-signature': header }, new Date())
  }

  beforeAll(async () => {
    stripe = new Stripe(secretKey)
    provider = new StripeProvider({ secretKey, webhookSecret: WEBHOOK_SECRET })
    customerId = await provider.createCustomer(`${run}-customer`)
  })

  it('opens a hosted checkout, open until paid, and expires it', async () => {
    const opened = await provider.openCheckout({
      reference: `${run}-order`,
      customerId,
      amountCents: 1349,
      currency: 'USD',
      description: 'premium membership: 4 weeks',
      successUrl: 'https://example.com/account?checkout=x',
      cancelUrl: 'https://example.com/premium',
    })
    expect(opened.url).toMatch(/^https:\/\/checkout\.stripe\.com\//)
    expect(await provider.checkoutStatus(opened.checkoutId)).toMatchObject({ status: 'open', amountCents: 1349, currency: 'USD', reference: `${run}-order` })
    await provider.expireCheckout(opened.checkoutId)
    await provider.expireCheckout(opened.checkoutId)
    expect((await provider.checkoutStatus(opened.checkoutId)).status).toBe('expired')
  })

  it('charges a saved card once per idempotency key, refunds part then the rest, and reads the events', async () => {
    const since = Math.floor(Date.now() / 1000) - 5
    const charge = { customerId, paymentMethodId: await savedCard('pm_card_visa'), amountCents: 1599, currency: 'USD', description: 'renewal', idempotencyKey: `${run}-renewal` }
    const first = await provider.chargeRenewal(charge)
    expect(first).toMatchObject({ status: 'paid' })
    expect(await provider.chargeRenewal(charge)).toEqual(first)
    const paymentId = (first as { paymentId: string }).paymentId
    await provider.refund(paymentId, 599)
    await provider.refund(paymentId)
    await provider.refund(paymentId)
    await expect
      .poll(async () => (await Promise.all((await eventsOf(paymentId, since)).map(read))).map((event) => event.type), { timeout: 30_000, interval: 2_000 })
      .toEqual(expect.arrayContaining(['renewal.paid', 'payment.refunded']))
  })

  it('a card that fails off-session fails the renewal', async () => {
    const failing = await savedCard('pm_card_chargeCustomerFail')
    expect(await provider.chargeRenewal({ customerId, paymentMethodId: failing, amountCents: 1599, currency: 'USD', description: 'renewal', idempotencyKey: `${run}-failing` })).toMatchObject({ status: 'failed' })
  })

  it('deletes the customer with its saved cards; deleting again changes nothing', async () => {
    const card = await savedCard('pm_card_visa')
    await provider.deleteCustomer(customerId)
    await provider.deleteCustomer(customerId)
    expect(await provider.chargeRenewal({ customerId, paymentMethodId: card, amountCents: 1599, currency: 'USD', description: 'renewal', idempotencyKey: `${run}-deleted` })).toMatchObject({ status: 'failed' })
  })
})

describe.runIf(!secretKey.startsWith('sk_test_'))('payments:check', () => {
  it('needs STRIPE_SECRET_KEY to hold a test-mode key (sk_test_...)', () => {
    expect.fail('Set STRIPE_SECRET_KEY=sk_test_... to run the Stripe adapter against Stripe test mode')
  })
})
