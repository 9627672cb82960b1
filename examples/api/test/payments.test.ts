import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPlan } from '@comics/core/rules'
import { payments, subscriptions } from '../src/db/schema'
import { renewDueSubscriptions } from '../src/payments/renew-subscriptions'
import { bearer, createAccount, type Account } from './support/accounts'
import { DAY, HOUR, WEEK } from './support/manual-clock'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const URL_SUCCESS = 'http://adult.localhost:5173/account'

async function checkout(account: Account, planId: string, urlSuccess = URL_SUCCESS) {
  const plan = getPlan(planId)!
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/checkout',
    headers: bearer(account),
    payload: { level: plan.level, title: plan.id, urlSuccess },
  })
}

async function checkoutId(account: Account, planId: string): Promise<string> {
  const response = await checkout(account, planId)
  expect(response.statusCode, response.body).toBe(200)
  const url = new URL((response.json() as { url: string }).url)
  return url.pathname.split('/').pop()!
}

const pay = (account: Account, id: string) =>
  server.app.inject({ method: 'POST', url: '/api/v1/subscriptions', headers: bearer(account), payload: { checkoutId: id } })

const subscriptionsOf = (account: Account) =>
  server.app
    .inject({ method: 'POST', url: '/api/v1/subscriptions/list', headers: bearer(account), payload: { limit: 200, offset: 0 } })
    .then((r) => (r.json() as { data: { id: string; status: string; level: number; autoRenew: boolean; currentPeriodEnd: string }[] }).data)

const paymentsOf = (account: Account) => server.db.select().from(payments).where(eq(payments.userId, account.uid)).orderBy(payments.id)

describe('checkout', () => {
  it('answers the URL of a sandbox payment page with the order summary, Pay and Cancel', async () => {
    const reader = await createAccount('reader')
    const response = await checkout(reader, '4weeks')
    expect(response.statusCode).toBe(200)
    const { url } = response.json() as { url: string }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/api\/v1\/checkout\/[A-Za-z0-9_-]+$/)
    const page = await server.app.inject({ method: 'GET', url: new URL(url).pathname })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://localhost:5173")
    expect(page.body).toContain('premium membership')
    expect(page.body).toContain('4 weeks')
    expect(page.body).toContain('$13.49')
    expect(page.body).toMatch(/<button[^>]*>Pay \$13\.49<\/button>/)
    expect(page.body).toMatch(/<button[^>]*>Cancel<\/button>/)
    // The plan's HTML description arrives as escaped text lines, not as markup.
    expect(page.body).toContain('<li>Uncensored content not included</li>')
  })

  it('refuses a urlSuccess on a foreign origin with 400 and stores nothing', async () => {
    const reader = await createAccount('reader')
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
      const response = await checkout(reader, '1week', urlSuccess)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: { code: 'invalid_request' } })
    }
    expect(await subscriptionsOf(reader)).toEqual([])
  })

  it.each([
    // A backslash is a path separator to URL parsers and browsers alike: the host stays the allowed one.
    ['a backslash before @', 'http://adult.localhost:5173\\@evil.example/account', 'http://adult.localhost:5173/@evil.example/account'],
    ['an upper-case scheme and host', 'HTTP://ADULT.LOCALHOST:5173/account', 'http://adult.localhost:5173/account'],
    // Line breaks would split the Location header (Node refuses to send it: a 500); they are dropped.
    ['a header injection', 'http://adult.localhost:5173/account\r\nSet-Cookie: session=stolen', 'http://adult.localhost:5173/accountSet-Cookie:%20session=stolen'],
  ])('pays a checkout whose urlSuccess has %s and redirects to the allowed origin only', async (_, urlSuccess, location) => {
    const reader = await createAccount('reader')
    const opened = await checkout(reader, '1week', urlSuccess)
    expect(opened.statusCode, opened.body).toBe(200)
    const id = new URL((opened.json() as { url: string }).url).pathname.split('/').pop()!
    const paid = await server.app.inject({ method: 'POST', url: `/api/v1/checkout/${id}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(location)
    expect(new URL(paid.headers.location as string).origin).toBe('http://adult.localhost:5173')
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

describe('paying', () => {
  it('activates the plan until now plus its weeks at the first-purchase price', async () => {
    const reader = await createAccount('reader')
    const response = await pay(reader, await checkoutId(reader, '12weeks'))
    expect(response.statusCode).toBe(200)
    const [subscription] = (response.json() as { data: { status: string; level: number; currentPeriodEnd: string; autoRenew: boolean }[] }).data
    expect(subscription).toMatchObject({ status: 'active', level: 3, autoRenew: true })
    expect(Date.parse(subscription!.currentPeriodEnd)).toBe(server.clock.now().getTime() + 12 * WEEK)
    expect((await paymentsOf(reader)).map((p) => p.amountCents)).toEqual([2499])
  })

  it('paying one checkout twice gives one subscription', async () => {
    const reader = await createAccount('reader')
    const id = await checkoutId(reader, '4weeks')
    const first = await pay(reader, id)
    const second = await pay(reader, id)
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(await subscriptionsOf(reader)).toHaveLength(1)
    expect(await paymentsOf(reader)).toHaveLength(1)
  })

  it('concurrent payments of one checkout give one subscription', async () => {
    const reader = await createAccount('reader')
    const id = await checkoutId(reader, '4weeks')
    const responses = await Promise.all(Array.from({ length: 8 }, () => pay(reader, id)))
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    expect(new Set(responses.map((r) => (r.json() as { data: { id: string }[] }).data[0]!.id)).size).toBe(1)
    expect(await subscriptionsOf(reader)).toHaveLength(1)
    expect(await paymentsOf(reader)).toHaveLength(1)
  })

  it("refuses to pay someone else's checkout", async () => {
    const owner = await createAccount('reader')
    const other = await createAccount('reader')
    const id = await checkoutId(owner, '1week')
    const response = await pay(other, id)
    expect(response.statusCode).toBe(404)
    expect(await subscriptionsOf(other)).toEqual([])
  })

  it('applies the first-purchase price once per user; a higher plan then replaces the active one at the renewal price', async () => {
    const reader = await createAccount('reader')
    await pay(reader, await checkoutId(reader, '4weeks'))
    await pay(reader, await checkoutId(reader, '24weeks'))
    expect((await paymentsOf(reader)).map((p) => [p.planId, p.amountCents, p.kind])).toEqual([
      ['4weeks', 1349, 'first-purchase'],
      ['24weeks', 7999, 'purchase'],
    ])
    const list = await subscriptionsOf(reader)
    expect(list.filter((s) => s.status === 'active').map((s) => s.level)).toEqual([4])
    expect(list.map((s) => s.status).sort()).toEqual(['active', 'replaced'])
  })

  it('gives the first-purchase price to only one of two checkouts paid at the same moment', async () => {
    const reader = await createAccount('reader')
    const [a, b] = [await checkoutId(reader, '4weeks'), await checkoutId(reader, '12weeks')]
    await Promise.all([pay(reader, a), pay(reader, b)])
    const kinds = (await paymentsOf(reader)).map((p) => p.kind)
    expect(kinds.filter((kind) => kind === 'first-purchase')).toHaveLength(1)
  })

  it('shows a returning buyer the renewal price on the sandbox page, charges it, and lists the payments', async () => {
    const reader = await createAccount('reader')
    const listed = () =>
      server.app
        .inject({ method: 'POST', url: '/api/v1/payments/list', headers: bearer(reader), payload: { limit: 200, offset: 0, sort: { field: 'paid_at', order: 'asc' } } })
        .then((r) => (r.json() as { data: { status: string; kind: string; amount: number; currency: string }[] }).data)
    expect(await listed()).toEqual([])
    await pay(reader, await checkoutId(reader, '1week'))
    const id = await checkoutId(reader, '24weeks')
    const page = await server.app.inject({ method: 'GET', url: `/api/v1/checkout/${id}` })
    expect(page.body).toMatch(/<button[^>]*>Pay \$79\.99<\/button>/)
    expect(page.body).not.toContain('$41.99')
    await pay(reader, id)
    expect((await listed()).map((p) => [p.status, p.kind, p.amount, p.currency])).toEqual([
      ['paid', 'first-purchase', 799, 'USD'],
      ['paid', 'purchase', 7999, 'USD'],
    ])
  })

  it('refuses a checkout for a plan not above the active level', async () => {
    const reader = await createAccount('reader')
    await pay(reader, await checkoutId(reader, '12weeks'))
    const response = await checkout(reader, '4weeks')
    expect(response.statusCode).toBe(409)
  })

  it('pays from the sandbox page: Pay records the payment and redirects to urlSuccess', async () => {
    const reader = await createAccount('reader')
    const id = await checkoutId(reader, '1week')
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(URL_SUCCESS)
    expect((await subscriptionsOf(reader)).map((s) => s.level)).toEqual([1])
    // The page now says it is paid and offers no Pay button.
    const page = await server.app.inject({ method: 'GET', url: `/api/v1/checkout/${id}` })
    expect(page.body).toContain('This checkout is paid')
    expect(page.body).not.toMatch(/>Pay /)
  })

  it('Cancel on the sandbox page leads back to the plans and the checkout can no longer be paid', async () => {
    const reader = await createAccount('reader')
    const id = await checkoutId(reader, '1week')
    const response = await server.app.inject({ method: 'POST', url: `/api/v1/checkout/${id}/cancel` })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('http://adult.localhost:5173/premium')
    expect((await pay(reader, id)).statusCode).toBe(409)
    expect(await subscriptionsOf(reader)).toEqual([])
  })

  it('answers an unknown checkout page with 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/checkout/AAAAAAAAAAAAAAAAAAAAAAAA' })
    expect(response.statusCode).toBe(404)
  })
})

describe('cancellation and renewal (controllable clock)', () => {
  async function subscribed(planId: string) {
    const reader = await createAccount('reader')
    const response = await pay(reader, await checkoutId(reader, planId))
    const subscription = (response.json() as { data: { id: string; currentPeriodEnd: string }[] }).data[0]!
    return { reader, subscription }
  }
  const cancel = (account: Account, id: string) =>
    server.app.inject({ method: 'POST', url: `/api/v1/subscriptions/${id}/cancel`, headers: bearer(account) })
  const row = async (id: string) => (await server.db.select().from(subscriptions).where(eq(subscriptions.id, Number(id))))[0]!

  it('renews due subscriptions at the renewal price', async () => {
    server.clock.set(TEST_NOW)
    const { reader, subscription } = await subscribed('4weeks')
    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) + HOUR))
    await renewDueSubscriptions(server.db, server.clock)
    expect((await paymentsOf(reader)).map((p) => [p.kind, p.amountCents])).toEqual([
      ['first-purchase', 1349],
      ['renewal', 1599],
    ])
    const renewed = await row(subscription.id)
    expect(renewed.status).toBe('active')
    expect(renewed.currentPeriodEnd.getTime()).toBe(Date.parse(subscription.currentPeriodEnd) + 4 * WEEK)
    server.clock.set(TEST_NOW)
  })

  it('cancel turns auto-renewal off, keeps access until the period end, then expires', async () => {
    server.clock.set(TEST_NOW)
    const { reader, subscription } = await subscribed('1week')
    const response = await cancel(reader, subscription.id)
    expect(response.statusCode).toBe(200)
    expect((response.json() as { data: { autoRenew: boolean; status: string }[] }).data[0]).toMatchObject({ autoRenew: false, status: 'active' })

    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) - HOUR))
    await renewDueSubscriptions(server.db, server.clock)
    expect((await row(subscription.id)).status).toBe('active')

    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) + HOUR))
    expect(await renewDueSubscriptions(server.db, server.clock)).toMatchObject({ expired: 1 })
    expect((await row(subscription.id)).status).toBe('expired')
    expect((await paymentsOf(reader)).filter((p) => p.kind === 'renewal')).toEqual([])
    server.clock.set(TEST_NOW)
  })

  it('with under 24 hours of notice the subscription still renews once, then expires', async () => {
    server.clock.set(TEST_NOW)
    const { reader, subscription } = await subscribed('1week')
    const end = Date.parse(subscription.currentPeriodEnd)
    server.clock.set(new Date(end - 23 * HOUR))
    expect((await cancel(reader, subscription.id)).statusCode).toBe(200)

    server.clock.set(new Date(end + HOUR))
    expect(await renewDueSubscriptions(server.db, server.clock)).toMatchObject({ renewed: 1 })
    expect((await row(subscription.id)).status).toBe('active')

    server.clock.set(new Date(end + WEEK + HOUR))
    expect(await renewDueSubscriptions(server.db, server.clock)).toMatchObject({ expired: 1 })
    expect((await paymentsOf(reader)).filter((p) => p.kind === 'renewal').map((p) => p.amountCents)).toEqual([799])
    server.clock.set(TEST_NOW)
  })

  it('with 24 hours of notice or more it does not renew', async () => {
    server.clock.set(TEST_NOW)
    const { reader, subscription } = await subscribed('1week')
    const end = Date.parse(subscription.currentPeriodEnd)
    server.clock.set(new Date(end - DAY - HOUR))
    await cancel(reader, subscription.id)
    server.clock.set(new Date(end + HOUR))
    await renewDueSubscriptions(server.db, server.clock)
    expect((await row(subscription.id)).status).toBe('expired')
    server.clock.set(TEST_NOW)
  })

  it('a period that ended is not in force even before the renewal job runs, from its very end (core subscriptionInForce)', async () => {
    server.clock.set(TEST_NOW)
    const { reader, subscription } = await subscribed('12weeks')
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

  it('an expired subscription no longer unlocks episodes', async () => {
    server.clock.set(TEST_NOW)
    const { reader, subscription } = await subscribed('12weeks')
    await cancel(reader, subscription.id)
    server.clock.set(new Date(Date.parse(subscription.currentPeriodEnd) + HOUR))
    await renewDueSubscriptions(server.db, server.clock)
    const level = await server.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/checkout',
      headers: bearer(reader),
      payload: { level: 1, title: '1week', urlSuccess: URL_SUCCESS },
    })
    // Level 0 again: the 1-week plan is offered once more.
    expect(level.statusCode).toBe(200)
    server.clock.set(TEST_NOW)
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
