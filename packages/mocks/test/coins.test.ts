import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { COIN_PACKS, EPISODE_COIN_PRICE, isPublished, sortEpisodes } from '@comics/core/rules'
import {
  createHandlers,
  createMockState,
  creditMockCoins,
  MOCK_VIEWERS,
  mockCoinBalance,
  settleMockCheckout,
  type MockState,
} from '@comics/mocks'
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
const reader = MOCK_VIEWERS.reader
/** The published episodes of the first comic with at least 6, by chapter number. */
const episodes = () => {
  const byComic = new Map<string, typeof state.chapters>()
  for (const chapter of state.chapters) if (isPublished(chapter, NOW)) byComic.set(chapter.comicsId, [...(byComic.get(chapter.comicsId) ?? []), chapter])
  return sortEpisodes([...byComic.values()].find((list) => list.length >= 6)!)
}
const pages = (token: string | null, chapterId: string) =>
  callEndpoint('listAssets', { token, body: list({ chapterId: [chapterId], variant: ['censored'] }) })

describe('coins in the mocks', () => {
  it('sell the core packs and credit a paid pack once', async () => {
    useState()
    expect((await callEndpoint('listCoinPacks')).body.data.map((p: { id: string }) => p.id)).toEqual(COIN_PACKS.map((p) => p.id))
    const opened = await callEndpoint('coinCheckout', { token: reader.token, body: { packId: 'coins-100', urlSuccess: 'http://adult.localhost:5173/coins' } })
    expect(opened.status).toBe(200)
    const checkoutId = state.checkouts.at(-1)!.id
    expect((await callEndpoint('confirmCoinPurchase', { token: reader.token, body: { checkoutId } })).body.error.code).toBe('payment_pending')
    settleMockCheckout(state, checkoutId, 'paid')
    const first = await callEndpoint('confirmCoinPurchase', { token: reader.token, body: { checkoutId } })
    const again = await callEndpoint('confirmCoinPurchase', { token: reader.token, body: { checkoutId } })
    expect(first.body).toEqual(again.body)
    expect(first.body.data[0]).toMatchObject({ kind: 'purchase', coins: 110, balanceAfter: 110 })
    expect((await callEndpoint('getCoinBalance', { token: reader.token })).body.data[0].balance).toBe(110)
    // A coin order is no subscription's.
    expect((await callEndpoint('createPayment', { token: reader.token, body: { checkoutId } })).status).toBe(404)
  })

  it('unlock an episode once for its reader: pages open to them only, a short balance refused', async () => {
    useState()
    const [, , , fourth, fifth] = episodes()
    creditMockCoins(state, reader.userId!, EPISODE_COIN_PRICE)
    expect((await pages(reader.token, fourth!.id)).status).toBe(403)
    const unlocked = await callEndpoint('unlockEpisode', { token: reader.token, body: { chapterId: fourth!.id } })
    expect(unlocked.status).toBe(200)
    expect((await callEndpoint('unlockEpisode', { token: reader.token, body: { chapterId: fourth!.id } })).body).toEqual(unlocked.body)
    expect(mockCoinBalance(state, reader.userId!)).toBe(0)
    expect((await pages(reader.token, fourth!.id)).status).toBe(200)
    expect((await pages(MOCK_VIEWERS.admin.token, fourth!.id)).status).toBe(403)
    const short = await callEndpoint('unlockEpisode', { token: reader.token, body: { chapterId: fifth!.id } })
    expect(short.status).toBe(409)
    expect(short.body.error.code).toBe('insufficient_coins')
    expect(state.coinLedger.filter((e) => e.userId === reader.userId)).toHaveLength(2)
    const history = await callEndpoint('listCoinHistory', { token: reader.token, body: list() })
    expect(history.body.data.map((e: { kind: string }) => e.kind)).toEqual(['unlock', 'credit'])
  })

  it('refuse a subscriber, a free episode and a guest', async () => {
    useState()
    const [first, , , fourth] = episodes()
    const subscribed = await callEndpoint('unlockEpisode', { token: MOCK_VIEWERS.level2.token, body: { chapterId: fourth!.id } })
    expect(subscribed.body.error.code).toBe('subscription_active')
    const free = await callEndpoint('unlockEpisode', { token: reader.token, body: { chapterId: first!.id } })
    expect(free.body.error.code).toBe('episode_free')
    expect((await callEndpoint('unlockEpisode', { body: { chapterId: fourth!.id } })).status).toBe(401)
  })
})
