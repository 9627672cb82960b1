import { HttpResponse } from 'msw'
import type { AccountDeletion, AccountExport } from '@comics/core/contract'
import { acceptedSettingsTime, DEFAULT_READER_SETTINGS, latestReaderSettings } from '@comics/core/rules'
import type { Resolver } from './resolverContext'

/**
 * GET /me/export: what the mocks hold about the caller — the viewer's profile, their subscriptions,
 * payments and checkouts.
 */
export const exportMyData: Resolver<'exportMyData'> = ({ state, viewer, now }) => {
  const userId = viewer.userId!
  const payments = state.payments.filter((payment) => payment.userId === userId).sort((a, b) => a.paidAt.localeCompare(b.paidAt))
  const exported: AccountExport = {
    exportedAt: now.toISOString(),
    profile: { uid: userId, email: viewer.viewer.user?.email ?? null },
    firstPaidAt: payments[0]?.paidAt ?? null,
    subscriptions: state.subscriptions.filter((subscription) => subscription.userId === userId),
    payments,
    checkouts: state.checkouts
      .filter((checkout) => checkout.userId === userId)
      .map(({ id, planId, level, subscriptionId }) => ({
        id,
        planId,
        level,
        status: subscriptionId === null ? 'open' : 'paid',
        createdAt: now.toISOString(),
      })),
    coinHistory: state.coinLedger.filter((entry) => entry.userId === userId),
    coinUnlocks: state.coinUnlocks.filter((unlock) => unlock.userId === userId),
    readingProgress: state.readingProgress[userId] ?? [],
    follows: (state.follows[userId] ?? []).map((follow) => ({ comicId: follow.comicId, followedAt: new Date(follow.followedAt).toISOString() })),
    readerSettings: state.readerSettings[userId] ?? null,
  }
  return HttpResponse.json(exported)
}

/**
 * DELETE /me: as the reference API erases an account — the caller's active subscriptions end, their
 * subscriptions and checkouts go, and their payments stay under an anonymous reference.
 */
export const deleteMyAccount: Resolver<'deleteMyAccount'> = ({ state, viewer }) => {
  const userId = viewer.userId!
  const anonymous = `erased-${crypto.randomUUID()}`
  const mine = state.subscriptions.filter((subscription) => subscription.userId === userId)
  const cancelledSubscriptions = mine.filter((subscription) => subscription.status === 'active').length
  state.subscriptions = state.subscriptions.filter((subscription) => subscription.userId !== userId)
  state.checkouts = state.checkouts.filter((checkout) => checkout.userId !== userId)
  delete state.readingProgress[userId]
  delete state.follows[userId]
  delete state.readerSettings[userId]
  let keptPayments = 0
  for (const payment of state.payments) {
    if (payment.userId !== userId) continue
    payment.userId = anonymous
    keptPayments += 1
  }
  const deletion: AccountDeletion = { deleted: true, cancelledSubscriptions, keptPayments }
  return HttpResponse.json(deletion)
}

/** GET /me/reader-settings: the viewer's settings, none until saved. */
export const getReaderSettings: Resolver<'getReaderSettings'> = ({ state, viewer }) => {
  const kept = state.readerSettings[viewer.userId!]
  return HttpResponse.json({ data: kept ? [kept] : [] })
}

/**
 * PUT /me/reader-settings: as the reference API, kept unless a later change is (core
 * `latestReaderSettings`), a device time ahead of the handlers' taken as theirs; an app from before
 * auto-scroll or continuous reading sends no speed or flow and the one kept stays (the default at first);
 * answers what is kept.
 */
export const putReaderSettings: Resolver<'putReaderSettings'> = ({ state, viewer, body, now }) => {
  const userId = viewer.userId!
  const scrollSpeed = body.scrollSpeed ?? state.readerSettings[userId]?.scrollSpeed ?? DEFAULT_READER_SETTINGS.scrollSpeed
  const flow = body.flow ?? state.readerSettings[userId]?.flow ?? DEFAULT_READER_SETTINGS.flow
  const candidate = { ...body, scrollSpeed, flow, updatedAt: acceptedSettingsTime(body.updatedAt, now).toISOString() }
  const kept = latestReaderSettings(state.readerSettings[userId], candidate)!
  state.readerSettings[userId] = kept
  return HttpResponse.json({ data: [kept] })
}
