import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { activeLevel } from '@comics/core/rules'
import { createHandlers, createMockState, MOCK_VIEWERS, settleMockCheckout, type MockState } from '@comics/mocks'
import { BASE_URL, callEndpoint, list } from './callEndpoint'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const NOW = new Date('2026-06-01T12:00:00.000Z')
let state: MockState
const useState = () => {
  state = createMockState()
  server.use(...createHandlers({ baseUrl: BASE_URL, state, now: () => NOW }))
}
const reader = MOCK_VIEWERS.reader.token
const urlSuccess = 'http://adult.localhost:5173/account'

describe('subscriptions/list', () => {
  it("answers only the caller's subscriptions", async () => {
    useState()
    const { status, body } = await callEndpoint('listSubscriptions', { token: MOCK_VIEWERS.level2.token, body: list() })
    expect(status).toBe(200)
    expect(body.data.map((s: { id: string }) => s.id)).toEqual(['sub-level2-0', 'sub-level2-1'])
    expect(activeLevel(body.data, NOW)).toBe(2)
  })

  it("answers nothing of another user's, even when asked by userId", async () => {
    useState()
    const { body } = await callEndpoint('listSubscriptions', {
      token: MOCK_VIEWERS.level1.token,
      body: list({ userId: ['user-level4'] }),
    })
    expect(body.data).toEqual([])
  })

  it('is 401 signed out', async () => {
    useState()
    expect((await callEndpoint('listSubscriptions', { body: list() })).status).toBe(401)
  })

  it('gives each fixture viewer the level its name says', async () => {
    useState()
    const levels: Record<string, number> = {}
    for (const viewer of ['reader', 'level1', 'level2', 'level3', 'level4', 'admin'] as const) {
      const { body } = await callEndpoint('listSubscriptions', { token: MOCK_VIEWERS[viewer].token, body: list() })
      levels[viewer] = activeLevel(body.data, NOW)
    }
    expect(levels).toEqual({ reader: 0, level1: 1, level2: 2, level3: 3, level4: 4, admin: 0 })
  })
})

describe('checkout and payment', () => {
  it('answers a payment url; confirming grants nothing until the provider says paid, then activates the plan once', async () => {
    useState()
    const started = await callEndpoint('checkout', { token: reader, body: { level: 2, title: '4weeks', urlSuccess } })
    expect(started.status).toBe(200)
    const url = new URL(started.body.url)
    const checkoutId = url.pathname.split('/').pop()!
    expect(url.searchParams.get('success')).toBe(`${urlSuccess}?checkout=${checkoutId}`)

    const unpaid = await callEndpoint('createPayment', { token: reader, body: { checkoutId } })
    expect(unpaid.status).toBe(409)
    expect(unpaid.body.error.code).toBe('payment_pending')
    settleMockCheckout(state, checkoutId, 'declined')
    const declined = await callEndpoint('createPayment', { token: reader, body: { checkoutId } })
    expect(declined.status).toBe(402)
    expect(declined.body.error.code).toBe('payment_declined')
    expect(state.subscriptions.filter((s) => s.userId === 'user-reader' && s.status === 'active')).toHaveLength(0)
    expect(state.payments.filter((p) => p.userId === 'user-reader')).toHaveLength(0)
    settleMockCheckout(state, checkoutId, 'paid')

    const first = await callEndpoint('createPayment', { token: reader, body: { checkoutId } })
    const again = await callEndpoint('createPayment', { token: reader, body: { checkoutId } })
    expect(first.body.data[0]).toMatchObject({
      userId: 'user-reader',
      status: 'active',
      level: 2,
      planId: '4weeks',
      autoRenew: true,
      currentPeriodEnd: '2026-06-29T12:00:00.000Z',
    })
    expect(again.body.data[0].id).toBe(first.body.data[0].id)
    expect(state.subscriptions.filter((s) => s.userId === 'user-reader' && s.status === 'active')).toHaveLength(1)
  })

  it('replaces the active subscription when a higher plan is paid', async () => {
    useState()
    const token = MOCK_VIEWERS.level2.token
    const started = await callEndpoint('checkout', { token, body: { level: 4, title: '24weeks', urlSuccess } })
    const checkoutId = new URL(started.body.url).pathname.split('/').pop()!
    settleMockCheckout(state, checkoutId, 'paid')
    await callEndpoint('createPayment', { token, body: { checkoutId } })
    const { body } = await callEndpoint('listSubscriptions', { token, body: list() })
    expect(body.data.filter((s: { status: string }) => s.status === 'active').map((s: { level: number }) => s.level)).toEqual([4])
  })

  it('refuses a plan at or below the active level (409) and a level that is not the plan level (400)', async () => {
    useState()
    const notOffered = await callEndpoint('checkout', {
      token: MOCK_VIEWERS.level3.token,
      body: { level: 2, title: '4weeks', urlSuccess },
    })
    expect(notOffered.status).toBe(409)
    expect(notOffered.body.error.code).toBe('plan_not_offered')
    const mismatch = await callEndpoint('checkout', { token: reader, body: { level: 1, title: '24weeks', urlSuccess } })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.error.fieldErrors).toHaveProperty('level')
  })

  it('charges a first-time buyer the first-purchase price and anyone who has paid before the renewal price', async () => {
    useState()
    const before = await callEndpoint('listPayments', { token: reader, body: list() })
    expect(before.body.data).toEqual([])
    for (const [level, title] of [[1, '1week'], [2, '4weeks']] as const) {
      const started = await callEndpoint('checkout', { token: reader, body: { level, title, urlSuccess } })
      const checkoutId = new URL(started.body.url).pathname.split('/').pop()!
      settleMockCheckout(state, checkoutId, 'paid')
      await callEndpoint('createPayment', { token: reader, body: { checkoutId } })
    }
    const { body } = await callEndpoint('listPayments', { token: reader, body: { ...list(), sort: { field: 'paid_at', order: 'asc' } } })
    expect(body.data.map((p: { kind: string; amount: number }) => [p.kind, p.amount])).toEqual([
      ['first-purchase', 799],
      ['purchase', 1599],
    ])
  })

  it("lists only the caller's payments; another user's is 403 but for the admin", async () => {
    useState()
    const own = await callEndpoint('listPayments', { token: MOCK_VIEWERS.level2.token, body: list() })
    expect(own.body.data.map((p: { userId: string }) => p.userId)).toEqual(['user-level2', 'user-level2'])
    const other = await callEndpoint('listPayments', { token: MOCK_VIEWERS.level1.token, body: list({ userId: ['user-level4'] }) })
    expect(other.status).toBe(403)
    const admin = await callEndpoint('listPayments', { token: MOCK_VIEWERS.admin.token, body: list({ userId: ['user-level4'] }) })
    expect(admin.body.data).toHaveLength(1)
  })

  it('an admin refunds a payment: it is refunded and its subscription ends; others get 403', async () => {
    useState()
    expect((await callEndpoint('refundPayment', { token: MOCK_VIEWERS.level3.token, params: { id: 'pay-level3-1' } })).status).toBe(403)
    const refunded = await callEndpoint('refundPayment', { token: MOCK_VIEWERS.admin.token, params: { id: 'pay-level3-1' } })
    expect(refunded.body.data[0]).toMatchObject({ status: 'refunded', refundedAt: NOW.toISOString() })
    expect(state.subscriptions.find((s) => s.id === 'sub-level3-1')!.status).toBe('refunded')
  })

  it("refuses to pay someone else's checkout", async () => {
    useState()
    const started = await callEndpoint('checkout', { token: reader, body: { level: 1, title: '1week', urlSuccess } })
    const checkoutId = new URL(started.body.url).pathname.split('/').pop()!
    settleMockCheckout(state, checkoutId, 'paid')
    const stolen = await callEndpoint('createPayment', { token: MOCK_VIEWERS.level1.token, body: { checkoutId } })
    expect(stolen.status).toBe(404)
  })

  it('uses the checkoutUrl option for the payment page', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL, checkoutUrl: (c) => `https://pay.example/${c.planId}` }))
    const { body } = await callEndpoint('checkout', { token: reader, body: { level: 3, title: '12weeks', urlSuccess } })
    expect(body).toEqual({ url: 'https://pay.example/12weeks' })
  })
})

describe('cancel', () => {
  it('turns auto-renewal off and keeps the subscription active', async () => {
    useState()
    const { status, body } = await callEndpoint('cancelSubscription', {
      token: MOCK_VIEWERS.level3.token,
      params: { id: 'sub-level3-1' },
    })
    expect(status).toBe(200)
    expect(body.data[0]).toMatchObject({ id: 'sub-level3-1', status: 'active', autoRenew: false })
  })

  it('answers the subscription unchanged when cancelled twice', async () => {
    useState()
    const once = await callEndpoint('cancelSubscription', { token: MOCK_VIEWERS.level3.token, params: { id: 'sub-level3-1' } })
    const twice = await callEndpoint('cancelSubscription', { token: MOCK_VIEWERS.level3.token, params: { id: 'sub-level3-1' } })
    expect(twice.status).toBe(200)
    expect(twice.body).toEqual(once.body)
  })

  it('answers 409 subscription_not_active for a subscription not in force, expired or past its period end, and leaves it untouched', async () => {
    useState()
    const expired = await callEndpoint('cancelSubscription', { token: reader, params: { id: 'sub-reader-1' } })
    expect(expired.status).toBe(409)
    expect(expired.body).toMatchObject({ error: { code: 'subscription_not_active' } })
    // Still marked active, its period over.
    const stale = state.subscriptions.find((s) => s.id === 'sub-level3-1')!
    stale.currentPeriodEnd = NOW.toISOString()
    const late = await callEndpoint('cancelSubscription', { token: MOCK_VIEWERS.level3.token, params: { id: 'sub-level3-1' } })
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ error: { code: 'subscription_not_active' } })
    expect(stale).toMatchObject({ status: 'active', autoRenew: true })
  })

  it("answers 404 for another user's subscription and leaves it untouched", async () => {
    useState()
    const { status } = await callEndpoint('cancelSubscription', { token: reader, params: { id: 'sub-level3-1' } })
    expect(status).toBe(404)
    expect(state.subscriptions.find((s) => s.id === 'sub-level3-1')?.autoRenew).toBe(true)
  })
})

describe('payment methods', () => {
  it('answers deposit methods and others, each with currencies keyed by code', async () => {
    useState()
    const { body } = await callEndpoint('listPaymentSystems')
    const types = new Set(body.data.map((m: { type: string }) => m.type))
    expect(types).toEqual(new Set(['deposit', 'withdrawal']))
    expect(Object.keys(body.data[0].orderCurrency)).toContain('USD')
  })
})
