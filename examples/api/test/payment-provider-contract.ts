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
  /** A well-signed event body of a type the API does not use. */
  unusedEventBody(): string
  /** What the payer's bank does: opens a dispute on a payment, then closes it won or lost. */
  disputeAsBank(paymentId: string, stage: 'opened' | 'won' | 'lost'): Promise<void>
  now(): Date
}

let orders = 0
let customers = 0
const customerOf = (sut: ProviderUnderTest) => sut.provider.createCustomer(`contract-customer-${Date.now().toString(36)}-${++customers}`)
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
    const readAll = (sut: ProviderUnderTest, sent: { body: string; headers: Record<string, string> }[]) =>
      Promise.all(sent.map((one) => read(sut, one)))
    /** The events the API acts on (a real provider sends more, which the adapter reads as `ignored`). */
    const used = (events: ProviderEvent[]) => events.filter((event) => event.type !== 'ignored')

    it('opens a hosted checkout, open until paid; paying is reported by a signed checkout.paid event and by its status', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order(await customerOf(sut)))
      expect(opened.url).toMatch(/^https?:\/\//)
      expect(await sut.provider.checkoutStatus(opened.checkoutId)).toMatchObject({ status: 'open', amountCents: 1349, currency: 'USD' })
      await sut.takeSentEvents()
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      const status = await sut.provider.checkoutStatus(opened.checkoutId)
      expect(status).toMatchObject({ status: 'paid', amountCents: 1349, paymentId: expect.any(String), paymentMethodId: expect.any(String) })
      const events = await readAll(sut, await sut.takeSentEvents())
      const paid = events.find((e): e is Extract<ProviderEvent, { type: 'checkout.paid' }> => e.type === 'checkout.paid')
      expect(paid).toMatchObject({ checkoutId: opened.checkoutId, amountCents: 1349, currency: 'USD' })
      expect(paid!.paymentId).toBe((status as { paymentId: string }).paymentId)
    })

    it('a declined card leaves the checkout payable, says declined, and sends checkout.declined', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order(await customerOf(sut)))
      await sut.takeSentEvents()
      await sut.payAsReader(opened.checkoutId, 'declined')
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('declined')
      expect(used(await readAll(sut, await sut.takeSentEvents())).map((event) => event.type)).toEqual(['checkout.declined'])
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('paid')
    })

    it('an expired checkout cannot be paid', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order(await customerOf(sut)))
      await sut.provider.expireCheckout(opened.checkoutId)
      await sut.payAsReader(opened.checkoutId, 'succeeds').catch(() => undefined)
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('expired')
    })

    it('refuses forged events: another secret, a changed body, a stale or future timestamp, no signature', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order(await customerOf(sut)))
      await sut.takeSentEvents()
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      const [sent] = await sut.takeSentEvents()
      const now = sut.now()
      const refused = async (body: string, headers: Record<string, string>) => {
        try {
          await sut.provider.verifyEvent(body, headers, now)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidProviderEvent)
          return (error as InvalidProviderEvent).code
        }
        return 'accepted'
      }
      expect(await refused(sent!.body, sut.sign(sent!.body, now, 'whsec_someone_else'))).toBe('bad_signature')
      expect(await refused(sent!.body.replace('1349', '1'), sent!.headers)).toBe('bad_signature')
      expect(await refused(sent!.body, sut.sign(sent!.body, new Date(now.getTime() - 10 * 60_000)))).toBe('stale_timestamp')
      expect(await refused(sent!.body, sut.sign(sent!.body, new Date(now.getTime() + 10 * 60_000)))).toBe('stale_timestamp')
      expect(await refused(sent!.body, {})).toBe('missing_signature')
      expect(await refused('{"not":"an event"}', sut.sign('{"not":"an event"}', now))).toBe('malformed_event')
      expect(await refused(sent!.body, sut.sign(sent!.body, now))).toBe('accepted')
    })

    it('reads an event of a type the API does not use as ignored (answered 2xx by the webhook)', async () => {
      const sut = await setup()
      const body = sut.unusedEventBody()
      expect(await sut.provider.verifyEvent(body, sut.sign(body, sut.now()), sut.now())).toMatchObject({ type: 'ignored' })
    })

    it('refunds part of a payment, then the rest, each reported by payment.refunded', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order(await customerOf(sut)))
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      const { paymentId } = (await sut.provider.checkoutStatus(opened.checkoutId)) as { paymentId: string }
      await sut.takeSentEvents()
      await sut.provider.refund(paymentId, 349)
      expect(used(await readAll(sut, await sut.takeSentEvents()))).toEqual([expect.objectContaining({ type: 'payment.refunded', paymentId, refundedCents: 349, fully: false })])
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('paid')
      await sut.provider.refund(paymentId)
      expect(used(await readAll(sut, await sut.takeSentEvents()))).toEqual([expect.objectContaining({ type: 'payment.refunded', paymentId, refundedCents: 1349, fully: true })])
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('refunded')
    })

    it('reports a dispute opened and closed, won or lost', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order(await customerOf(sut)))
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      const { paymentId } = (await sut.provider.checkoutStatus(opened.checkoutId)) as { paymentId: string }
      await sut.takeSentEvents()
      await sut.disputeAsBank(paymentId, 'opened')
      await sut.disputeAsBank(paymentId, 'lost')
      expect(used(await readAll(sut, await sut.takeSentEvents()))).toEqual([
        expect.objectContaining({ type: 'dispute.opened', paymentId }),
        expect.objectContaining({ type: 'dispute.closed', paymentId, won: false }),
      ])
    })

    it('creates customers and deletes them with their saved methods: a deleted customer\'s card is not charged', async () => {
      const sut = await setup()
      const customerId = await customerOf(sut)
      const opened = await sut.provider.openCheckout(order(customerId))
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      const { paymentMethodId } = (await sut.provider.checkoutStatus(opened.checkoutId)) as { paymentMethodId: string }
      await sut.provider.deleteCustomer(customerId)
      await sut.provider.deleteCustomer(customerId)
      const charge = { customerId, paymentMethodId, amountCents: 1599, currency: 'USD', description: 'renewal', idempotencyKey: `renewal-erased-${opened.checkoutId}` }
      expect(await sut.provider.chargeRenewal(charge)).toMatchObject({ status: 'failed' })
    })

    it('refunds a payment once, with a payment.refunded event', async () => {
      const sut = await setup()
      const opened = await sut.provider.openCheckout(order(await customerOf(sut)))
      await sut.payAsReader(opened.checkoutId, 'succeeds')
      const { paymentId } = (await sut.provider.checkoutStatus(opened.checkoutId)) as { paymentId: string }
      await sut.takeSentEvents()
      expect(await sut.provider.refund(paymentId)).toEqual({ status: 'refunded' })
      expect(await sut.provider.refund(paymentId)).toEqual({ status: 'refunded' })
      expect((await sut.provider.checkoutStatus(opened.checkoutId)).status).toBe('refunded')
      expect(used(await readAll(sut, await sut.takeSentEvents()))).toEqual([expect.objectContaining({ type: 'payment.refunded', paymentId, fully: true })])
    })

    it('charges the saved method for a renewal once per idempotency key; a failing card fails', async () => {
      const sut = await setup()
      const customerF = await customerOf(sut)
      const good = await sut.provider.openCheckout(order(customerF))
      await sut.payAsReader(good.checkoutId, 'succeeds')
      const { paymentMethodId } = (await sut.provider.checkoutStatus(good.checkoutId)) as { paymentMethodId: string }
      const charge = { customerId: customerF, paymentMethodId, amountCents: 1599, currency: 'USD', description: 'renewal', idempotencyKey: `renewal-${good.checkoutId}` }
      const first = await sut.provider.chargeRenewal(charge)
      expect(first).toMatchObject({ status: 'paid', paymentId: expect.any(String) })
      expect(await sut.provider.chargeRenewal(charge)).toEqual(first)

      const customerG = await customerOf(sut)
      const bad = await sut.provider.openCheckout(order(customerG))
      await sut.payAsReader(bad.checkoutId, 'renewals-fail')
      const failing = (await sut.provider.checkoutStatus(bad.checkoutId)) as { paymentMethodId: string }
      expect(await sut.provider.chargeRenewal({ ...charge, customerId: customerG, paymentMethodId: failing.paymentMethodId, idempotencyKey: `renewal-${bad.checkoutId}` })).toMatchObject({ status: 'failed' })
      // Another customer's saved card is not charged.
      expect(await sut.provider.chargeRenewal({ ...charge, customerId: await customerOf(sut), idempotencyKey: `renewal-other-${good.checkoutId}` })).toMatchObject({ status: 'failed' })
    })
  })
}
