import type { Subscription } from '@comics/core/contract'
import type { subscriptions } from '../db/schema'

/** A subscription row as the contract shows it. */
export function subscriptionFromRow(row: typeof subscriptions.$inferSelect): Subscription {
  return {
    id: String(row.id),
    userId: row.userId,
    status: row.status,
    level: row.level,
    planId: row.planId,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    autoRenew: row.autoRenew,
    ...(row.renewalFailedAt ? { renewalFailed: true } : {}),
  }
}
