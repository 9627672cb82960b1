import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentEvents, payments, sandboxOutbox, sandboxPayments, subscriptions } from '../src/db/schema'
import { renewDueSubscriptions } from '../src/payments/renew-subscriptions'
import { signatureHeader, SIGNATURE_HEADER } from '../src/payments/sandbox/event-signature'
import { WEBHOOK_PATH } from '../src/routes/payment-routes'
import { DEV_WEBHOOK_SECRET } from '../src/config'
import { bearer, createAccount, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { DAY, HOUR, WEEK } from './support/manual-clock'
import { card, paymentJourney, URL_SUCCESS, sandboxCustomerOf } from './support/payment-journey'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'
import { writtenState } from './support/written-state'

let server: TestServer
let journey: ReturnType<typeof paymentJourney>

beforeAll(async () => {
  server = await startTestServer()
  journey = paymentJourney(server)
})
afterAll(() => server?.close())

const subscriptionsOf = (account: Account) =>
  server.app
    .inject({ method: 'POST', url: '/api/v1/subscriptions/list', headers: bearer(account), payload: { limit: 200, offset: 0 } })
    .then((r) => (r.json() as { data: { id: string; status: string; level: number; autoRenew: boolean; currentPeriodEnd: string; renewalFailed?: boolean }[] }).data)

const paymentsOf = (account: Account) => server.db.select().from(payments).where(eq(payments.userId, account.uid)).orderBy(payments.id)
const state = () => writtenState(server.db, server.filesDir)

/** The events the sandbox has queued, oldest first, with their bodies. */
const outbox = () => server.db.select().from(sandboxOutbox).orderBy(sandboxOutbox.nextAttemptAt)
/** Posts a body to the webhook signed with `secret` at `timestamp` (default: the server's now). */
const postEvent = (body: string, options: { secret?: string; timestamp?: number; header?: string } = {}) => {
  const timestamp = options.timestamp ?? Math.floor(server.clock.now().getTime() / 1000)
  return server.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: options.header ?? signatureHeader(options.secret ?? DEV_WEBHOOK_SECRET, timestamp, body),
    },
    payload: body,
  })
}
/** A paid checkout whose event is queued but not delivered: its wire body. */
async function paidWithEventHeld(account: Account, planId = '1week') {
  const { orderId, sandboxId } = await journey.opened(account, planId)
  expect((await journey.payOnPage(sandboxId, card('succeeds'))).statusCode).toBe(303)
  const rows = await outbox()
  const row = rows.find((r) => r.body.includes(sandboxId) && r.body.includes('"checkout.paid"'))!
  // Held: the sandbox will not send it by itself.
  await server.db.update(sandboxOutbox).set({ deliveredAt: server.clock.now() }).where(eq(sandboxOutbox.eventId, row.eventId))
  return { orderId, sandboxId, body: row.body }
}

describe('checkout', () => {
  it("answers the sandbox's hosted page: the order, a card form with the test cards, and a way back", async () => {
    const reader = await createAccount('reader')
    const response = await journey.openCheckout(reader, '4weeks')
    expect(response.statusCode).toBe(200)
    const { url } = response.json() as { url: string }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/api\/v1\/checkout\/cs_[A-Za-z0-9_-]+$/)
    const page = await server.app.inject({ method: 'GET', url: new URL(url).pathname })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost:5173")
    expect(page.body).toContain('premium membership: 4 weeks')
    expect(page.body).toMatch(/<p class="price">\$13\.49<\/p>/)
    expect(page.body).toMatch(/<input name="number"/)
    expect(page.body).toMatch(/<button[^>]*>Pay \$13\.49<\/button>/)
    expect(page.body).toMatch(/<button[^>]*>Cancel and go back<\/button>/)
    for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 0077']) expect(page.body).toContain(number)
  })

  it('refuses a urlSuccess on a foreign origin with 400 and stores nothing', async () => {
    const reader = await createAccount('reader')
    const before = await state()
    for (const urlSuccess of [
      'https://evil.example/account',
      // Another port or scheme of an allowed host is another origin.
      'http://adult.localhost:5174/account',
      'https://adult.localhost:5173/account',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      // Scheme-relative: a browser would take it to evil.example.
      '//evil.example/account',
      // The allowed origin as user name and password in front of another host.
      'http://adult.localhost:5173@evil.example/account',
      'http://adult.localhost:5173:pass@evil.example/',
      // The allowed host as a prefix of another one.
      'http://adult.localhost:5173.evil.example/',
      'http://adult.localhost.evil.example:5173/',
      // No slashes after the scheme: the URL parser reads a host all the same.
      'http:evil.example/account',
      'HTTP://EVIL.EXAMPLE/',
    ]) {
      const response = await journey.openCheckout(reader, '1week', urlSuccess)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: { code: 'invalid_request' } })
    }
    expect(await state()).toEqual(before)
  })

  it.each([
    // A backslash is a path separator to URL parsers and browsers alike: the host stays the allowed one.
    ['a backslash before @', 'http://adult.localhost:5173\\@evil.example/account', 'http://adult.localhost:5173/@evil.example/account'],
    ['an upper-case scheme and host', 'HTTP://ADULT.LOCALHOST:5173/account', 'http://adult.localhost:5173/account'],
    // Line breaks would split the Location header (Node refuses to send it: a 500); they are dropped.
    ['a header injection', 'http://adult.localhost:5173/account\r\nSet-Cookie: session=stolen', 'http://adult.localhost:5173/accountSet-Cookie:%20session=stolen'],
  ])('pays a checkout whose urlSuccess has %s and redirects to the allowed origin only, naming the order', async (_, urlSuccess, location) => {
    const reader = await createAccount('reader')
    const opened = await journey.openCheckout(reader, '1week', urlSuccess)
    expect(opened.statusCode, opened.body).toBe(200)
    const id = new URL((opened.json() as { url: string }).url).pathname.split('/').pop()!
    const paid = await journey.payOnPage(id, card('succeeds'))
    expect(paid.statusCode).toBe(303)
    const back = new URL(paid.headers.location as string)
    expect(`${back.origin}${back.pathname}`).toBe(location)
    expect(back.searchParams.get('checkout')).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(paid.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a level that is not the plan level', async () => {
    const reader = await createAccount('reader')
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/checkout',
      headers: bearer(reader),
      payload: { level: 1, title: '24weeks', urlSuccess: URL_SUCCESS },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { fieldErrors: { level: [expect.any(String)] } } })
  })
})

describe('the hole: POST /subscriptions only confirms what the provider says was paid', () => {
  it('a checkout opened and never paid: 409 payment_pending, no subscription, no payment, nothing written', async () => {
    const reader = await createAccount('reader')
    const { orderId } = await journey.opened(reader, '24weeks')
    const before = await state()
    const response = await journey.confirm(reader, orderId)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ error: { code: 'payment_pending' } })
    expect(await state()).toEqual(before)
    expect(await subscriptionsOf(reader)).toEqual([])
    expect(await paymentsOf(reader)).toEqual([])
  })

  it('after a declined card: 402 payment_declined and nothing granted, even once its event landed', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '24weeks')
    const declined = await journey.payOnPage(sandboxId, card('declined'))
    expect(declined.statusCode).toBe(402)
    expect(declined.body).toContain('Your card was declined. Try another card, or go back.')
    // The form is there again to try another card, the expiry kept.
    expect(declined.body).toMatch(/<button[^>]*>Pay \$41\.99<\/button>/)
    expect(declined.body).toContain('value="12/34"')
    await server.sandbox.runDue()
    const before = await state()
    const response = await journey.confirm(reader, orderId)
    expect(response.statusCode).toBe(402)
    expect(response.json()).toMatchObject({ error: { code: 'payment_declined' } })
    expect(await state()).toEqual(before)
    expect(await subscriptionsOf(reader)).toEqual([])
    expect(await paymentsOf(reader)).toEqual([])
  })

  it("someone else's order is 404 and grants nothing", async () => {
    const owner = await createAccount('reader')
    const other = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(owner, '1week')
    await journey.payOnPage(sandboxId, card('succeeds'))
    expect((await journey.confirm(other, orderId)).statusCode).toBe(404)
    expect(await subscriptionsOf(other)).toEqual([])
  })
})

describe('paying through the sandbox', () => {
  it('the success card: the event grants the plan until now plus its weeks at the first-purchase price', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '12weeks')
    const paid = await journey.payOnPage(sandboxId, card('succeeds'))
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(`${URL_SUCCESS}?checkout=${orderId}`)
    // Nothing until the provider's event (or the reader's confirmation) arrives.
    expect(await subscriptionsOf(reader)).toEqual([])
    await server.sandbox.runDue()
    const [subscription] = await subscriptionsOf(reader)
    expect(subscription).toMatchObject({ status: 'active', level: 3, autoRenew: true })
    expect(Date.parse(subscription!.currentPeriodEnd)).toBe(server.clock.now().getTime() + 12 * WEEK)
    expect((await paymentsOf(reader)).map((p) => [p.amountCents, p.kind, p.provider, p.status])).toEqual([[2499, 'first-purchase', 'sandbox', 'paid']])
    const events = await server.db.select().from(paymentEvents).where(eq(paymentEvents.objectId, sandboxId))
    expect(events.map((e) => [e.type, e.outcome])).toEqual([['checkout.paid', 'granted']])
    // The reader confirming afterwards gets the same subscription.
    const confirmed = await journey.confirm(reader, orderId)
    expect((confirmed.json() as { data: { id: string }[] }).data[0]!.id).toBe(subscription!.id)
    // The page now says it is paid and offers no Pay button.
    const page = await server.app.inject({ method: 'GET', url: `/api/v1/checkout/${sandboxId}` })
    expect(page.body).toContain('This checkout is paid')
    expect(page.body).not.toMatch(/>Pay /)
  })

  it('the declined card, then the success card on the same page', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '4weeks')
    expect((await journey.payOnPage(sandboxId, card('declined'))).statusCode).toBe(402)
    expect((await journey.payOnPage(sandboxId, card('succeeds'))).statusCode).toBe(303)
    await server.sandbox.runDue()
    expect((await subscriptionsOf(reader)).map((s) => s.level)).toEqual([2])
    expect((await journey.confirm(reader, orderId)).statusCode).toBe(200)
    const events = await server.db.select().from(paymentEvents).where(eq(paymentEvents.objectId, sandboxId))
    expect(events.map((e) => e.outcome).sort()).toEqual(['declined', 'granted'])
  })

  it('the delayed card: back on the site at once, pending until it settles, then active', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '1week')
    const paid = await journey.payOnPage(sandboxId, card('succeeds-after-delay'))
    expect(paid.statusCode).toBe(303)
    await server.sandbox.runDue()
    expect((await journey.confirm(reader, orderId)).json()).toMatchObject({ error: { code: 'payment_pending' } })
    const page = await server.app.inject({ method: 'GET', url: `/api/v1/checkout/${sandboxId}` })
    expect(page.body).toContain('Payment processing…')
    server.clock.advance(server.context.config.sandboxDelayMs)
    await server.sandbox.runDue()
    expect((await subscriptionsOf(reader)).map((s) => s.status)).toEqual(['active'])
    expect((await journey.confirm(reader, orderId)).statusCode).toBe(200)
    server.clock.set(TEST_NOW)
  })

  it('a number that is not a test card, or a bad expiry, is refused on the page and changes nothing', async () => {
    const reader = await createAccount('reader')
    const { sandboxId } = await journey.opened(reader, '1week')
    const before = await state()
    const unknown = await journey.payOnPage(sandboxId, '5555 5555 5555 4444')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('not one of the sandbox test cards')
    const badExpiry = await journey.payOnPage(sandboxId, card('succeeds'), '13', '1')
    expect(badExpiry.statusCode).toBe(400)
    expect(await state()).toEqual(before)
  })

  it('Cancel and go back leads to the plans; the order can no longer be paid', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '1week')
    const response = await server.app.inject({ method: 'POST', url: `/api/v1/checkout/${sandboxId}/cancel` })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('http://adult.localhost:5173/premium')
    expect((await journey.payOnPage(sandboxId, card('succeeds'))).statusCode).toBe(409)
    expect((await journey.confirm(reader, orderId)).json()).toMatchObject({ error: { code: 'checkout_cancelled' } })
    expect(await subscriptionsOf(reader)).toEqual([])
  })

  it("opening another checkout ends the reader's earlier one: only the newest can be paid", async () => {
    const reader = await createAccount('reader')
    const first = await journey.opened(reader, '4weeks')
    await journey.opened(reader, '12weeks')
    const late = await journey.payOnPage(first.sandboxId, card('succeeds'))
    expect(late.statusCode).toBe(409)
    expect(late.body).toContain('This checkout has expired')
  })

  it('applies the first-purchase price once per user; a higher plan then replaces the active one at the renewal price', async () => {
    const reader = await createAccount('reader')
    await journey.subscribe(reader, '4weeks')
    const { sandboxId } = await journey.opened(reader, '24weeks')
    const page = await server.app.inject({ method: 'GET', url: `/api/v1/checkout/${sandboxId}` })
    expect(page.body).toMatch(/<button[^>]*>Pay \$79\.99<\/button>/)
    expect(page.body).not.toContain('$41.99')
    await journey.payOnPage(sandboxId, card('succeeds'))
    await server.sandbox.runDue()
    expect((await paymentsOf(reader)).map((p) => [p.planId, p.amountCents, p.kind])).toEqual([
      ['4weeks', 1349, 'first-purchase'],
      ['24weeks', 7999, 'purchase'],
    ])
    const list = await subscriptionsOf(reader)
    expect(list.filter((s) => s.status === 'active').map((s) => s.level)).toEqual([4])
    expect(list.map((s) => s.status).sort()).toEqual(['active', 'replaced'])
    // Pages of the list carry the count of all: the newest first, the older, and one past the end.
    const listPage = async (limit: number, offset: number) => {
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/subscriptions/list', headers: bearer(reader), payload: { limit, offset } })
      const body = response.json() as { data: { status: string }[]; total: number }
      return [body.data.map((s) => s.status), body.total]
    }
    expect(await listPage(1, 0)).toEqual([['active'], 2])
    expect(await listPage(1, 1)).toEqual([['replaced'], 2])
    expect(await listPage(1, 2)).toEqual([[], 2])
    const listed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/payments/list',
      headers: bearer(reader),
      payload: { limit: 200, offset: 0, sort: { field: 'paid_at', order: 'asc' } },
    })
    expect((listed.json() as { data: { status: string; amount: number }[] }).data.map((p) => [p.status, p.amount])).toEqual([
      ['paid', 1349],
      ['paid', 7999],
    ])
  })

  it("keeps a reader's own list, which the top bar asks on every page, until the reader's own change", async () => {
    const reader = await createAccount('reader')
    await journey.subscribe(reader, '4weeks')
    const [before] = await subscriptionsOf(reader)
    // Written behind the server (an operator's statement): the kept list answers as it was.
    const later = new Date(Date.parse(before!.currentPeriodEnd) + DAY)
    await server.db.update(subscriptions).set({ currentPeriodEnd: later }).where(eq(subscriptions.id, Number(before!.id)))
    expect((await subscriptionsOf(reader))[0]!.currentPeriodEnd).toBe(before!.currentPeriodEnd)
    // The reader's cancellation drops it: the next list is read again, with both changes.
    const cancelled = await server.app.inject({ method: 'POST', url: `/api/v1/subscriptions/${before!.id}/cancel`, headers: bearer(reader) })
    expect(cancelled.statusCode).toBe(200)
    expect(await subscriptionsOf(reader)).toEqual([expect.objectContaining({ id: before!.id, autoRenew: false, currentPeriodEnd: later.toISOString() })])
  })

  it('refuses a checkout for a plan not above the active level', async () => {
    const reader = await createAccount('reader')
    await journey.subscribe(reader, '12weeks')
    const response = await journey.openCheckout(reader, '4weeks')
    expect(response.statusCode).toBe(409)
  })

  it('answers an unknown checkout page with 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/checkout/AAAAAAAAAAAAAAAAAAAAAAAA' })
    expect(response.statusCode).toBe(404)
  })
})

describe('forged events are refused and write nothing', () => {
  it('a bad signature, another secret, or no signature', async () => {
    const reader = await createAccount('reader')
    const { body } = await paidWithEventHeld(reader)
    const before = await state()
    const forged = await postEvent(body, { secret: 'whsec_guessed' })
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toMatchObject({ error: { code: 'bad_signature' } })
    const tampered = await postEvent(body.replace('"amountCents":799', '"amountCents":1'), { header: signatureHeader(DEV_WEBHOOK_SECRET, Math.floor(server.clock.now().getTime() / 1000), body) })
    expect(tampered.json()).toMatchObject({ error: { code: 'bad_signature' } })
    const unsigned = await server.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: body })
    expect(unsigned.json()).toMatchObject({ error: { code: 'missing_signature' } })
    expect(await state()).toEqual(before)
    expect(await subscriptionsOf(reader)).toEqual([])
  })

  it('a stale timestamp (a replay from more than five minutes ago), signed correctly', async () => {
    const reader = await createAccount('reader')
    const { body } = await paidWithEventHeld(reader)
    const before = await state()
    const stale = await postEvent(body, { timestamp: Math.floor(server.clock.now().getTime() / 1000) - 301 })
    expect(stale.statusCode).toBe(400)
    expect(stale.json()).toMatchObject({ error: { code: 'stale_timestamp' } })
    const future = await postEvent(body, { timestamp: Math.floor(server.clock.now().getTime() / 1000) + 301 })
    expect(future.json()).toMatchObject({ error: { code: 'stale_timestamp' } })
    expect(await state()).toEqual(before)
  })

  it("another checkout's id: a paid event that names another order, or a checkout the provider does not say is paid", async () => {
    const payer = await createAccount('reader')
    const other = await createAccount('reader')
    const { body } = await paidWithEventHeld(payer)
    const victim = await journey.opened(other, '24weeks')
    const before = await state()
    const event = JSON.parse(body) as { id: string; data: Record<string, unknown> }
    // The payer's paid event pointed at the other reader's order.
    const otherOrder = await postEvent(JSON.stringify({ ...event, id: 'evt_forged_1', data: { ...event.data, reference: victim.orderId } }))
    expect(otherOrder.statusCode).toBe(400)
    expect(otherOrder.json()).toMatchObject({ error: { code: 'event_refused' } })
    // The other reader's own (unpaid) checkout, claimed paid with the payer's payment: the provider says no.
    const unpaid = await postEvent(
      JSON.stringify({ ...event, id: 'evt_forged_2', data: { ...event.data, checkoutId: victim.sandboxId, reference: victim.orderId, amountCents: 4199 } }),
    )
    expect(unpaid.statusCode).toBe(400)
    expect(unpaid.json()).toMatchObject({ error: { code: 'event_refused' } })
    expect(await state()).toEqual(before)
    expect(await subscriptionsOf(other)).toEqual([])
  })

  it('a replayed event id changes nothing', async () => {
    const reader = await createAccount('reader')
    const { body } = await paidWithEventHeld(reader)
    expect((await postEvent(body)).json()).toMatchObject({ received: true, outcome: 'granted', duplicate: false })
    const before = await state()
    const replayed = await postEvent(body)
    expect(replayed.statusCode).toBe(200)
    expect(replayed.json()).toMatchObject({ duplicate: true })
    expect(await state()).toEqual(before)
    expect(await subscriptionsOf(reader)).toHaveLength(1)
    expect(await paymentsOf(reader)).toHaveLength(1)
  })
})

describe('exactly once', () => {
  it('through duplicate events delivered at once and again later', async () => {
    const reader = await createAccount('reader')
    const { body } = await paidWithEventHeld(reader, '4weeks')
    const answers = await Promise.all(Array.from({ length: 6 }, () => postEvent(body)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200))
    expect(answers.filter((a) => (a.json() as { duplicate: boolean }).duplicate === false)).toHaveLength(1)
    await postEvent(body)
    expect(await subscriptionsOf(reader)).toHaveLength(1)
    expect(await paymentsOf(reader)).toHaveLength(1)
  })

  it('through reordered events: the declined event after the paid one, the paid event after the reader confirmed', async () => {
    const reader = await createAccount('reader')
    const { orderId, sandboxId } = await journey.opened(reader, '4weeks')
    await journey.payOnPage(sandboxId, card('declined'))
    await journey.payOnPage(sandboxId, card('succeeds'))
    const [declined, paid] = (await outbox()).filter((r) => r.body.includes(sandboxId))
    await server.db.update(sandboxOutbox).set({ deliveredAt: server.clock.now() }).where(eq(sandboxOutbox.eventId, declined!.eventId))
    await server.db.update(sandboxOutbox).set({ deliveredAt: server.clock.now() }).where(eq(sandboxOutbox.eventId, paid!.eventId))
    // The reader is back first, then the paid event, then the (older) declined one.
    expect((await journey.confirm(reader, orderId)).statusCode).toBe(200)
    expect((await postEvent(paid!.body)).json()).toMatchObject({ outcome: 'no-op', duplicate: false })
    expect((await postEvent(declined!.body)).json()).toMatchObject({ outcome: 'no-op', duplicate: false })
    const [subscription] = await subscriptionsOf(reader)
    expect(subscription).toMatchObject({ status: 'active', level: 2 })
    expect(await subscriptionsOf(reader)).toHaveLength(1)
    expect(await paymentsOf(reader)).toHaveLength(1)
  })

  it('through delayed events: the webhook down, the sandbox retries with backoff until it answers', async () => {
    const reader = await createAccount('reader')
    const { sandboxId } = await journey.opened(reader, '1week')
    await journey.payOnPage(sandboxId, card('succeeds'))
    // The API does not answer 2xx for a while.
    server.webhook.answering = false
    try {
      await server.sandbox.runDue()
      const [row] = (await outbox()).filter((r) => r.body.includes(sandboxId))
      expect(row).toMatchObject({ attempts: 1, deliveredAt: null })
      expect(row!.nextAttemptAt.getTime() - server.clock.now().getTime()).toBe(1000)
      // Not yet due: nothing is sent.
      await server.sandbox.runDue()
      expect((await outbox()).find((r) => r.eventId === row!.eventId)).toMatchObject({ attempts: 1 })
      server.clock.advance(1000)
      await server.sandbox.runDue()
      const second = (await outbox()).find((r) => r.eventId === row!.eventId)!
      expect(second.attempts).toBe(2)
      expect(second.nextAttemptAt.getTime() - server.clock.now().getTime()).toBe(2000)
      expect(await subscriptionsOf(reader)).toEqual([])
    } finally {
      server.webhook.answering = true
    }
    server.clock.advance(2000)
    await server.sandbox.runDue()
    expect((await outbox()).find((r) => r.body.includes(sandboxId))!.deliveredAt).not.toBeNull()
    expect(await subscriptionsOf(reader)).toHaveLength(1)
    server.clock.set(TEST_NOW)
  })

  it('through the reader confirming at the same moment as the event, many times over', async () => {
    for (let round = 0; round < 3; round++) {
      const reader = await createAccount('reader')
      const { orderId, body } = await paidWithEventHeld(reader, '12weeks')
      const answers = await Promise.all([
        journey.confirm(reader, orderId),
        postEvent(body),
        journey.confirm(reader, orderId),
        postEvent(body),
        journey.confirm(reader, orderId),
      ])
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200])
      const ids = [0, 2, 4].map((i) => (answers[i]!.json() as { data: { id: string }[] }).data[0]!.id)
      expect(new Set(ids).size).toBe(1)
      expect(await subscriptionsOf(reader)).toHaveLength(1)
      expect(await paymentsOf(reader)).toHaveLength(1)
    }
  })
})

describe('renewals through the provider (controllable clock)', () => {
  const cancel = (account: Account, id: string) =>
    server.app.inject({ method: 'POST', url: `/api/v1/subscriptions/${id}/cancel`, headers: bearer(account) })
  const row = async (id: string) => (await server.db.select().from(subscriptions).where(eq(subscriptions.id, Number(id))))[0]!
  const renew = () => renewDueSubscriptions(server.db, server.clock, server.sandbox)
  /** The renewal charges the sandbox took from the reader's saved cards. */
  const renewalCharges = async (account: Account) =>
    (await server.db.select().from(sandboxPayments).where(eq(sandboxPayments.customerId, await sandboxCustomerOf(server.db, account.uid)))).filter((p) => p.idempotencyKey !== null)

  it('charges the saved card the renewal price through the provider, once per period', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '4weeks')
    const end = Date.parse(subscription.currentPeriodEnd)
    // Within the day before the end, runs every minute: the first charges, the next ones find it renewed.
    server.clock.set(new Date(end - HOUR))
    await renew()
    server.clock.advance(60_000)
    await renew()
    expect((await paymentsOf(reader)).map((p) => [p.kind, p.amountCents])).toEqual([
      ['first-purchase', 1349],
      ['renewal', 1599],
    ])
    const renewal = (await paymentsOf(reader))[1]!
    const [charged] = await server.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, renewal.providerPaymentId!))
    expect(charged).toMatchObject({ amountCents: 1599, status: 'paid', customerId: await sandboxCustomerOf(server.db, reader.uid) })
    const renewed = await row(subscription.id)
    expect(renewed.status).toBe('active')
    expect(renewed.currentPeriodStart.getTime()).toBe(end)
    expect(renewed.currentPeriodEnd.getTime()).toBe(end + 4 * WEEK)
    await server.sandbox.runDue()
    const receipts = await server.db.select().from(paymentEvents).where(eq(paymentEvents.objectId, renewal.providerPaymentId!))
    expect(receipts.map((e) => e.outcome)).toEqual(['renewal-paid'])
    // The next period is charged in its own last day, once again.
    server.clock.set(new Date(end + 4 * WEEK - HOUR))
    await renew()
    await renew()
    expect((await paymentsOf(reader)).map((p) => [p.kind, p.amountCents])).toEqual([
      ['first-purchase', 1349],
      ['renewal', 1599],
      ['renewal', 1599],
    ])
    expect(await renewalCharges(reader)).toHaveLength(2)
    expect((await row(subscription.id)).currentPeriodEnd.getTime()).toBe(end + 8 * WEEK)
    server.clock.set(TEST_NOW)
  })

  it('two renewal runs at the same moment charge once', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '4weeks')
    const end = Date.parse(subscription.currentPeriodEnd)
    server.clock.set(new Date(end - HOUR))
    const runs = await Promise.all([renew(), renew(), renew()])
    expect(runs.reduce((sum, run) => sum + run.renewed, 0)).toBe(1)
    expect((await paymentsOf(reader)).filter((p) => p.kind === 'renewal').map((p) => p.amountCents)).toEqual([1599])
    expect(await renewalCharges(reader)).toHaveLength(1)
    expect((await row(subscription.id)).currentPeriodEnd.getTime()).toBe(end + 4 * WEEK)
    server.clock.set(TEST_NOW)
  })

  it('several missed periods are not caught up: a subscription whose period ended before any run reached it is not charged, it expires', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '1week')
    // The job did not run for three weeks and more (the server was down).
    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) + 3 * WEEK + HOUR))
    expect(await renew()).toMatchObject({ renewed: 0, failed: 0, expired: 1 })
    expect((await row(subscription.id)).status).toBe('expired')
    expect((await paymentsOf(reader)).map((p) => p.kind)).toEqual(['first-purchase'])
    expect(await renewalCharges(reader)).toEqual([])
    // Nothing later either; the reader may subscribe again, at the renewal price.
    await renew()
    expect(await renewalCharges(reader)).toEqual([])
    expect((await journey.openCheckout(reader, '1week')).statusCode).toBe(200)
    server.clock.set(TEST_NOW)
  })

  it('a failed renewal leaves access until the period end with a note, then it ends', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '1week', 'succeeds-then-renewals-fail')
    const end = Date.parse(subscription.currentPeriodEnd)
    server.clock.set(new Date(end - 12 * HOUR))
    expect(await renew()).toMatchObject({ renewed: 0, failed: 1, expired: 0 })
    const [noted] = await subscriptionsOf(reader)
    expect(noted).toMatchObject({ status: 'active', renewalFailed: true, autoRenew: false })
    server.clock.set(new Date(end + HOUR))
    expect(await renew()).toMatchObject({ expired: 1 })
    expect((await row(subscription.id)).status).toBe('expired')
    expect((await paymentsOf(reader)).filter((p) => p.kind === 'renewal')).toEqual([])
    server.clock.set(TEST_NOW)
  })

  it('cancel turns auto-renewal off, keeps access until the period end, then expires', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '1week')
    const response = await cancel(reader, subscription.id)
    expect(response.statusCode).toBe(200)
    expect((response.json() as { data: { autoRenew: boolean; status: string }[] }).data[0]).toMatchObject({ autoRenew: false, status: 'active' })

    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) - HOUR))
    await renew()
    expect((await row(subscription.id)).status).toBe('active')

    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) + HOUR))
    expect(await renew()).toMatchObject({ expired: 1 })
    expect((await row(subscription.id)).status).toBe('expired')
    expect((await paymentsOf(reader)).filter((p) => p.kind === 'renewal')).toEqual([])
    server.clock.set(TEST_NOW)
  })

  it('with under 24 hours of notice the subscription still renews once, then expires', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '1week')
    const end = Date.parse(subscription.currentPeriodEnd)
    server.clock.set(new Date(end - 23 * HOUR))
    expect((await cancel(reader, subscription.id)).statusCode).toBe(200)

    server.clock.set(new Date(end - 22 * HOUR))
    expect(await renew()).toMatchObject({ renewed: 1 })
    expect((await row(subscription.id)).status).toBe('active')

    // The renewed period is not renewed again, even in its last day.
    server.clock.set(new Date(end + WEEK - HOUR))
    expect(await renew()).toMatchObject({ renewed: 0 })
    server.clock.set(new Date(end + WEEK))
    expect(await renew()).toMatchObject({ expired: 1 })
    expect((await paymentsOf(reader)).filter((p) => p.kind === 'renewal').map((p) => p.amountCents)).toEqual([799])
    server.clock.set(TEST_NOW)
  })

  it('with 24 hours of notice or more it is not charged in its last day, and expires at its end', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '1week')
    const end = Date.parse(subscription.currentPeriodEnd)
    server.clock.set(new Date(end - DAY - HOUR))
    expect((await cancel(reader, subscription.id)).statusCode).toBe(200)
    // In the day before the end, when a renewing subscription is charged: no charge, access kept.
    server.clock.set(new Date(end - 12 * HOUR))
    expect(await renew()).toMatchObject({ renewed: 0, failed: 0, expired: 0 })
    expect((await row(subscription.id)).status).toBe('active')
    server.clock.set(new Date(end + HOUR))
    expect(await renew()).toMatchObject({ renewed: 0, expired: 1 })
    expect((await row(subscription.id)).status).toBe('expired')
    expect((await paymentsOf(reader)).filter((p) => p.kind === 'renewal')).toEqual([])
    expect(await renewalCharges(reader)).toEqual([])
    server.clock.set(TEST_NOW)
  })

  it('cancelling twice answers the subscription as the first cancel left it, and changes nothing', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '1week')
    const end = Date.parse(subscription.currentPeriodEnd)
    server.clock.set(new Date(end - 2 * DAY))
    const once = await cancel(reader, subscription.id)
    expect(once.statusCode).toBe(200)
    const after = await row(subscription.id)
    expect(after).toMatchObject({ autoRenew: false, renewsOnce: false, cancelledAt: new Date(end - 2 * DAY) })
    // Again with under 24 hours' notice: it must not turn into "renews once".
    server.clock.set(new Date(end - 2 * HOUR))
    const twice = await cancel(reader, subscription.id)
    expect(twice.statusCode).toBe(200)
    expect(twice.json()).toEqual(once.json())
    expect(await row(subscription.id)).toEqual(after)
    expect(await renew()).toMatchObject({ renewed: 0 })
    expect(await renewalCharges(reader)).toEqual([])
    server.clock.set(TEST_NOW)
  })

  it('cancelling a subscription that is not in force is 409 subscription_not_active and changes nothing', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '1week')
    const end = Date.parse(subscription.currentPeriodEnd)
    // Its period has ended, the renewal job has not run yet: still marked active, but nothing to cancel.
    server.clock.set(new Date(end))
    const stale = await row(subscription.id)
    expect(stale).toMatchObject({ status: 'active', autoRenew: true })
    const late = await cancel(reader, subscription.id)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ error: { code: 'subscription_not_active' } })
    expect(await row(subscription.id)).toEqual(stale)
    // Marked expired by the job: the same answer.
    await renew()
    const expired = await row(subscription.id)
    const again = await cancel(reader, subscription.id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: { code: 'subscription_not_active' } })
    expect(await row(subscription.id)).toEqual(expired)
    expect(await renewalCharges(reader)).toEqual([])
    server.clock.set(TEST_NOW)
  })

  it('a period that ended is not in force even before the renewal job runs, from its very end (core subscriptionInForce)', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '12weeks')
    const offer1Week = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions/checkout',
        headers: bearer(reader),
        payload: { level: 1, title: '1week', urlSuccess: URL_SUCCESS },
      })
    const end = Date.parse(subscription.currentPeriodEnd)
    // One millisecond before the end: level 3 in force, nothing below it is offered.
    server.clock.set(new Date(end - 1))
    expect((await offer1Week()).statusCode).toBe(409)
    // At the end, with the record still 'active' (no renewal has run): level 0, the 1-week plan again.
    server.clock.set(new Date(end))
    expect((await row(subscription.id)).status).toBe('active')
    expect((await offer1Week()).statusCode).toBe(200)
    server.clock.set(TEST_NOW)
  })

  it('an expired subscription no longer unlocks episodes: a locked episode opens before its end, not after, and lower plans are offered again', async () => {
    server.clock.set(TEST_NOW)
    const reader = await createAccount('reader')
    const { subscription } = await journey.subscribe(reader, '12weeks')
    const locked = (await catalogueFacts(server.db)).uncensoredComic.lockedChapterId
    const pages = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/comics-assets/list',
        headers: { host: 'adult.localhost:5173', ...bearer(reader) },
        payload: { limit: 200, offset: 0, filters: { chapterId: [locked], variant: ['censored'] } },
      })
    const open = await pages()
    expect(open.statusCode).toBe(200)
    expect((open.json() as { data: unknown[] }).data.length).toBeGreaterThan(0)
    expect((await cancel(reader, subscription.id)).statusCode).toBe(200)
    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) + HOUR))
    await renew()
    expect((await row(subscription.id)).status).toBe('expired')
    const refused = await pages()
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).not.toHaveProperty('data')
    // Level 0 again: the 1-week plan is offered once more.
    expect((await journey.openCheckout(reader, '1week')).statusCode).toBe(200)
    server.clock.set(TEST_NOW)
  })
})

describe('refunds', () => {
  const refund = (account: Account, paymentId: number | string) =>
    server.app.inject({ method: 'POST', url: `/api/v1/payments/${paymentId}/refund`, headers: bearer(account) })

  it('an admin refunds a payment through the provider: the subscription ends and the event is recorded', async () => {
    const reader = await createAccount('reader')
    const admin = await createAccount('admin', { admin: true })
    const { subscription } = await journey.subscribe(reader, '12weeks')
    const [payment] = await paymentsOf(reader)
    expect((await refund(reader, payment!.id)).statusCode).toBe(403)
    const response = await refund(admin, payment!.id)
    expect(response.statusCode).toBe(200)
    expect((response.json() as { data: { status: string; refundedAt: string }[] }).data[0]).toMatchObject({ status: 'refunded', refundedAt: TEST_NOW.toISOString() })
    expect((await subscriptionsOf(reader)).find((s) => s.id === subscription.id)).toMatchObject({ status: 'refunded' })
    const [atProvider] = await server.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, payment!.providerPaymentId!))
    expect(atProvider!.status).toBe('refunded')
    await server.sandbox.runDue()
    const recorded = await server.db.select().from(paymentEvents).where(eq(paymentEvents.objectId, payment!.providerPaymentId!))
    expect(recorded.map((e) => e.type)).toEqual(['payment.refunded'])
    // Twice changes nothing; the reader may buy again, at the renewal price (the discount was used).
    expect((await refund(admin, payment!.id)).statusCode).toBe(200)
    expect((await paymentsOf(reader)).map((p) => p.status)).toEqual(['refunded'])
    const again = await journey.opened(reader, '1week')
    const page = await server.app.inject({ method: 'GET', url: `/api/v1/checkout/${again.sandboxId}` })
    expect(page.body).toContain('$7.99')
  })

  it('an unknown payment is 404', async () => {
    const admin = await createAccount('admin', { admin: true })
    expect((await refund(admin, 999999)).statusCode).toBe(404)
  })
})

describe('rate limits', () => {
  it('limits checkout calls per client', async () => {
    const limited = await startTestServer({ config: { paymentRateLimitPerMinute: 3 } })
    try {
      const reader = await createAccount('reader')
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/subscriptions/checkout',
          headers: bearer(reader),
          payload: { level: 1, title: '1week', urlSuccess: URL_SUCCESS },
        })
        statuses.push(response.statusCode)
        if (response.statusCode === 429) expect(response.json()).toMatchObject({ error: { code: 'rate_limited' } })
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429])
    } finally {
      await limited.close()
    }
  })
})
