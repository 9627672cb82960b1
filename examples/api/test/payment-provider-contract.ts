import { describe, expect, it } from 'vitest'
import { InvalidProviderEvent, type PaymentProvider, type ProviderEvent } from '../src/payments/provider/payment-provider'

/** What the suite needs besides the provider: a way to act as the reader on its page, and its events. */
export interface ProviderUnderTest {
  provider: PaymentProvider
  /** Pays a checkout as a reader would on the hosted page, with a card that does as named. */
  payAsReader(checkoutId: string, card: 'succeeds' | 'declined' | 'renewals-fail'): Promise<void>
  /** The events the provider sent since the last call, as received: raw body and headers. */
  takeSentEvents(): Promise<{ body: string; headers: Record<string, string> }[]>
  /** Signs a body the way the provider does, at a given time, with a given secret (to forge events). */
  sign(body: string, at: Date, secret?: string): Record<string, string>
  now(): Date
}

let orders = 0
const order = (customerId: string, amountCents = 1349) => ({
  reference: `order-contract-${Date.now().toString(36)}-${++orders}`,
  customerId,
  amountCents,
  currency: 'USD',
  description: 'premium membership: 4 weeks',
  successUrl: 'http://adult.localhost:5173/account?checkout=x',
  cancelUrl: 'http://adult.localhost:5173/premium',
})

/**
 * The contract every payment provider adapter must keep (the sandbox today, a real provider's adapter
 * tomorrow): hosted checkouts and their status asked server to server, expiry, signed events verified
 * and forged ones refused, refunds, and renewal charges on the saved method, idempotent.
 */
export function describeProviderContract(name: string, setup: () => Promise<ProviderUnderTest>) {
  describe(`payment provider contract: ${name}`, () => {
    const read = (sut: ProviderUnderTest, sent: { body: string; headers: Record<string, string> }) =>
      sut.provider.verifyEvent(sent.body, sent.headers, sut.now())

    it('opens a hosted checkout, open until paid; paying is reported by a signed checkout.paid event and by its status', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order('customer-a'))
      expect(opened.url).toMatch(/^https?:\/\//)
      expect(await sut.provider.checkoutStatus(opened.checkoutId)).toMatchObject({ status: 'open', amountCents: 1349, currency: 'USD' })
      await sut.takeSentEvents()
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      const status = await sut.provider.checkoutStatus(opened.checkoutId)
      expect(status).toMatchObject({ status: 'paid', amountCents: 1349, paymentId: expect.any(String), paymentMethodId: expect.any(String) })
      const events = (await sut.takeSentEvents()).map((sent) => read(sut, sent))
      const paid = events.find((e): e is Extract<ProviderEvent, { type: 'checkout.paid' }> => e.type === 'checkout.paid')
      expect(paid).toMatchObject({ checkoutId: opened.checkoutId, amountCents: 1349, currency: 'USD' })
      expect(paid!.paymentId).toBe((status as { paymentId: string }).paymentId)
    })

    it('a declined card leaves the checkout payable, says declined, and sends checkout.declined', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order('customer-b'))
      await sut.takeSentEvents()
      await sut.payAsReader(opened.checkoutId, 'declined')
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('declined')
      expect((await sut.takeSentEvents()).map((sent) => read(sut, sent).type)).toEqual(['checkout.declined'])
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('paid')
    })

    it('an expired checkout cannot be paid', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order('customer-c'))
      await sut.provider.expireCheckout(opened.checkoutId)
      await sut.payAsReader(opened.checkoutId, 'succeeds').catch(() => undefined)
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('expired')
    })

    it('refuses forged events: another secret, a changed body, a stale or future timestamp, no signature', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order('customer-d'))
      await sut.takeSentEvents()
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      const [sent] = await sut.takeSentEvents()
      const now = sut.now()
      const refused = (body: string, headers: Record<string, string>) => {
        try {
          sut.provider.verifyEvent(body, headers, now)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidProviderEvent)
          return (error as InvalidProviderEvent).code
        }
        return 'accepted'
      }
      expect(refused(sent!.body, sut.sign(sent!.body, now, 'whsec_someone_else'))).toBe('bad_signature')
      expect(refused(sent!.body.replace('1349', '1'), sent!.headers)).toBe('bad_signature')
      expect(refused(sent!.body, sut.sign(sent!.body, new Date(now.getTime() - 10 * 60_000)))).toBe('stale_timestamp')
      expect(refused(sent!.body, sut.sign(sent!.body, new Date(now.getTime() + 10 * 60_000)))).toBe('stale_timestamp')
      expect(refused(sent!.body, {})).toBe('missing_signature')
      expect(refused('{"not":"an event"}', sut.sign('{"not":"an event"}', now))).toBe('malformed_event')
      expect(refused(sent!.body, sut.sign(sent!.body, now))).toBe('accepted')
    })

    it('refunds a payment once, with a payment.refunded event', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order('customer-e'))
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      const { paymentId } = (await sut.provider.checkoutStatus(opened.checkoutId)) as { paymentId: string }
      await sut.takeSentEvents()
      expect(await sut.provider.refund(paymentId)).toEqual({ status: 'refunded' })
      expect(await sut.provider.refund(paymentId)).toEqual({ status: 'refunded' })
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('refunded')
      expect((await sut.takeSentEvents()).map((sent) => read(sut, sent))).toEqual([expect.objectContaining({ type: 'payment.refunded', paymentId })])
    })

    it('charges the saved method for a renewal once per idempotency key; a failing card fails', async () => {
      const sut = await setup()
      const good = await sut.provider.openCheckout(order('customer-f'))
      await sut.payAsReader(good.checkoutId, 'succeeds')
      const { paymentMethodId } = (await sut.provider.checkoutStatus(good.checkoutId)) as { paymentMethodId: string }
      const charge = { customerId: 'customer-f', paymentMethodId, amountCents: 1599, currency: 'USD', description: 'renewal', idempotencyKey: `renewal-${good.checkoutId}` }
      const first = await sut.provider.chargeRenewal(charge)
      expect(first).toMatchObject({ status: 'paid', paymentId: expect.any(String) })
      expect(await sut.provider.chargeRenewal(charge)).toEqual(first)

      const bad = await sut.provider.openCheckout(order('customer-g'))
      await sut.payAsReader(bad.checkoutId, 'renewals-fail')
      const failing = (await sut.provider.checkoutStatus(bad.checkoutId)) as { paymentMethodId: string }
      expect(await sut.provider.chargeRenewal({ ...charge, customerId: 'customer-g', paymentMethodId: failing.paymentMethodId, idempotencyKey: `renewal-${bad.checkoutId}` })).toMatchObject({ status: 'failed' })
      // Another customer's saved card is not charged.
      expect(await sut.provider.chargeRenewal({ ...charge, customerId: 'customer-other', idempotencyKey: `renewal-other-${good.checkoutId}` })).toMatchObject({ status: 'failed' })
    })
  })
}
