import { HttpResponse } from 'msw'
import type { AccountExport } from '@comics/core/contract'
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
  }
  return HttpResponse.json(exported)
}
