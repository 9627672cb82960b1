import { HttpResponse } from 'msw'
import type { CoinLedgerEntry } from '@comics/core/contract'
import {
  COIN_PACKS,
  coinUnlockRefusal,
  EPISODE_COIN_PRICE,
  getCoinPack,
  ledgerBalance,
  publishedEpisodes,
  isPublished,
} from '@comics/core/rules'
import { unpaidCheckoutAnswer } from './checkoutAnswers'
import { errorResponse } from './errorResponse'
import { nextMockId, type MockCheckout, type MockState } from './mockState'
import { pageOf, passes } from './paging'
import type { Resolver } from './resolverContext'

/** A viewer's balance: the sum of their ledger (core `ledgerBalance`). */
export function mockCoinBalance(state: MockState, userId: string): number {
  return ledgerBalance(state.coinLedger.filter((entry) => entry.userId === userId))
}

/** Appends an entry to a viewer's ledger, its `balanceAfter` computed from the entries before it. */
function appendEntry(state: MockState, entry: Omit<CoinLedgerEntry, 'id' | 'balanceAfter'>): CoinLedgerEntry {
  const written = { ...entry, id: nextMockId(state, 'coin-'), balanceAfter: mockCoinBalance(state, entry.userId) + entry.coins }
  state.coinLedger.push(written)
  return written
}

/**
 * Credits coins to a viewer as a paid pack or a support credit would (stories, tests).
 * @example creditMockCoins(state, 'user-reader', 20, 'Story balance')
 */
export function creditMockCoins(state: MockState, userId: string, coins: number, reason = 'Credit', now = new Date()): CoinLedgerEntry {
  return appendEntry(state, { userId, kind: 'credit', coins, reason, createdAt: now.toISOString() })
}

/** GET /coins/packs: core `COIN_PACKS`. */
export const listCoinPacks: Resolver<'listCoinPacks'> = () => HttpResponse.json({ data: COIN_PACKS.map((pack) => ({ ...pack })) })

/** POST /coins/checkout: opens a coin pack's checkout (settle it with `settleMockCheckout`) and answers its url. */
export const coinCheckout: Resolver<'coinCheckout'> = ({ body, state, viewer, checkoutUrl }) => {
  const pack = getCoinPack(body.packId)!
  const id = nextMockId(state, 'checkout-')
  const success = new URL(body.urlSuccess)
  success.searchParams.set('checkout', id)
  const started: MockCheckout = {
    id,
    userId: viewer.userId!,
    kind: 'coins',
    planId: pack.id,
    level: 0,
    urlSuccess: success.href,
    status: 'open',
    amount: pack.amount,
    subscriptionId: null,
    coinEntryId: null,
  }
  state.checkouts.push(started)
  return HttpResponse.json({ url: checkoutUrl(started) })
}

/** POST /coins/purchases: credits a paid pack once; not paid: 409 payment_pending, 402 payment_declined. */
export const confirmCoinPurchase: Resolver<'confirmCoinPurchase'> = ({ body, state, viewer, now }) => {
  const order = state.checkouts.find((c) => c.id === body.checkoutId && c.userId === viewer.userId && c.kind === 'coins')
  if (!order) return errorResponse(404, { message: `No checkout ${body.checkoutId}` })
  const existing = state.coinLedger.find((entry) => entry.id === order.coinEntryId)
  if (existing) return HttpResponse.json({ data: [existing] })
  const unpaid = unpaidCheckoutAnswer(order)
  if (unpaid) return unpaid
  const pack = getCoinPack(order.planId)!
  const entry = appendEntry(state, { userId: order.userId, kind: 'purchase', coins: pack.totalCoins, packId: pack.id, createdAt: now.toISOString() })
  order.coinEntryId = entry.id
  return HttpResponse.json({ data: [entry] })
}

/** GET /coins/balance. */
export const getCoinBalance: Resolver<'getCoinBalance'> = ({ state, viewer }) =>
  HttpResponse.json({ data: [{ userId: viewer.userId!, balance: mockCoinBalance(state, viewer.userId!), episodePrice: EPISODE_COIN_PRICE }] })

/**
 * POST /coins/unlocks: core `coinUnlockRefusal` decides; an unlock already made is answered again, a
 * short balance is 409 `insufficient_coins`, and nothing changes on a refusal.
 */
export const unlockEpisode: Resolver<'unlockEpisode'> = ({ body, state, viewer, now }) => {
  const chapter = state.chapters.find((c) => c.id === body.chapterId)
  if (!chapter || !isPublished(chapter, now)) return errorResponse(404, { message: `No episode ${body.chapterId}` })
  const userId = viewer.userId!
  const existing = state.coinUnlocks.find((u) => u.userId === userId && u.chapterId === chapter.id)
  if (existing) return HttpResponse.json({ data: [existing] })
  const siblings = publishedEpisodes(state.chapters.filter((c) => c.comicsId === chapter.comicsId), now)
  const refusal = coinUnlockRefusal(chapter, siblings, viewer)
  if (refusal === 'episode_free') return errorResponse(409, { code: 'episode_free', message: 'This episode is free: there is nothing to unlock' })
  if (refusal === 'subscription_active') {
    return errorResponse(409, { code: 'subscription_active', message: 'Your subscription opens every episode: no coins are needed' })
  }
  const balance = mockCoinBalance(state, userId)
  if (balance < EPISODE_COIN_PRICE) {
    return errorResponse(409, { code: 'insufficient_coins', message: `This needs ${EPISODE_COIN_PRICE} coins; your balance is ${balance}` })
  }
  appendEntry(state, { userId, kind: 'unlock', coins: -EPISODE_COIN_PRICE, chapterId: chapter.id, comicsId: chapter.comicsId, createdAt: now.toISOString() })
  const unlock = { chapterId: chapter.id, comicsId: chapter.comicsId, userId, coins: EPISODE_COIN_PRICE, unlockedAt: now.toISOString() }
  state.coinUnlocks.push(unlock)
  return HttpResponse.json({ data: [unlock] })
}

/** The users a list is about: the caller's own, or (an admin) those named; null when refused. */
const listedUsers = (asked: readonly string[] | undefined, viewer: { userId: string | null; admin: boolean }) => {
  const users = asked ?? [viewer.userId!]
  return !viewer.admin && users.some((u) => u !== viewer.userId) ? null : users
}

/** POST /coins/unlocks/list: the caller's unlocks (an admin: anyone's), newest first. */
export const listCoinUnlocks: Resolver<'listCoinUnlocks'> = ({ body, state, viewer }) => {
  const users = listedUsers(body.filters.userId, viewer)
  if (!users) return errorResponse(403, { code: 'forbidden', message: 'You may list only your own unlocks' })
  const rows = state.coinUnlocks.filter((u) => users.includes(u.userId) && passes(body.filters.comicsId, u.comicsId))
  return HttpResponse.json(pageOf(body.sort?.order === 'asc' ? rows : [...rows].reverse(), body))
}

/** POST /coins/history/list: the caller's ledger (an admin: anyone's), newest first. */
export const listCoinHistory: Resolver<'listCoinHistory'> = ({ body, state, viewer }) => {
  const users = listedUsers(body.filters.userId, viewer)
  if (!users) return errorResponse(403, { code: 'forbidden', message: 'You may list only your own coin history' })
  const rows = state.coinLedger.filter((entry) => users.includes(entry.userId))
  return HttpResponse.json(pageOf(body.sort?.order === 'asc' ? rows : [...rows].reverse(), body))
}

/** GET /admin/coins/{userId}/balance (admin). */
export const adminCoinBalance: Resolver<'adminCoinBalance'> = ({ params, state }) =>
  HttpResponse.json({ data: [{ userId: params.userId!, balance: mockCoinBalance(state, params.userId!), episodePrice: EPISODE_COIN_PRICE }] })

/** POST /admin/coins/credits (admin): a support credit with its reason. */
export const creditCoins: Resolver<'creditCoins'> = ({ body, state, now }) =>
  HttpResponse.json({ data: [creditMockCoins(state, body.userId, body.coins, body.reason, now)] })

/**
 * POST /admin/coins/purchases/{id}/refund (admin): as the reference API, what is left of the pack's coins
 * (at most the balance) is taken back once; coins spent stay spent.
 */
export const refundCoinPack: Resolver<'refundCoinPack'> = ({ params, state, now }) => {
  const purchase = state.coinLedger.find((entry) => entry.id === params.id && entry.kind === 'purchase')
  if (!purchase) return errorResponse(404, { message: `Coin pack purchase ${params.id} not found` })
  const reason = `reversal of #${purchase.id}`
  const reversed = state.coinLedger.some((entry) => entry.userId === purchase.userId && entry.reason === reason)
  const taken = reversed ? 0 : Math.min(purchase.coins, mockCoinBalance(state, purchase.userId))
  if (taken > 0) appendEntry(state, { userId: purchase.userId, kind: 'reversal', coins: -taken, packId: purchase.packId, reason, createdAt: now.toISOString() })
  return HttpResponse.json({ data: [{ purchaseId: purchase.id, userId: purchase.userId, coinsTakenBack: taken, balance: mockCoinBalance(state, purchase.userId) }] })
}
