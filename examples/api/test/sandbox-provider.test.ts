import { afterAll, beforeAll } from 'vitest'
import { signatureHeader, SIGNATURE_HEADER } from '../src/payments/sandbox/event-signature'
import { SandboxProvider } from '../src/payments/sandbox/sandbox-provider'
import { card } from './support/payment-journey'
import { describeProviderContract } from './payment-provider-contract'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const SECRET = 'whsec_contract_suite'

describeProviderContract('sandbox', async () => {
  // A sandbox of its own whose events are collected instead of sent to the API.
  const sent: { body: string; headers: Record<string, string> }[] = []
  const provider = new SandboxProvider({
    db: server.db,
    clock: server.clock,
    secret: SECRET,
    publicUrl: 'http://127.0.0.1:8787',
    deliver: async (body, headers) => {
      sent.push({ body, headers })
      return 200
    },
  })
  const cards = { succeeds: card('succeeds'), declined: card('declined'), 'renewals-fail': card('succeeds-then-renewals-fail') }
  return {
    provider,
    payAsReader: async (checkoutId, behaviour) => {
      await provider.payWithCard(checkoutId, { number: cards[behaviour], expiry: '12/34', cvc: '123' })
    },
    takeSentEvents: async () => {
      await provider.runDue()
      return sent.splice(0)
    },
    sign: (body, at, secret = SECRET) => ({ [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(at.getTime() / 1000), body) }),
    unusedEventBody: () => JSON.stringify({ id: `evt_unused_${Date.now()}`, type: 'customer.updated', created: Math.floor(server.clock.now().getTime() / 1000), data: {} }),
    disputeAsBank: (paymentId, stage) => provider.dispute(paymentId, stage),
    now: () => server.clock.now(),
  }
})
