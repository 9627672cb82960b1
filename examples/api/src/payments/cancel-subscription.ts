import { and, eq } from 'drizzle-orm'
import { cancellationOutcome, subscriptionInForce } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { rowId } from '../db/row-id'
import { subscriptions } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'

/**
 * Turns auto-renewal off; access stays until the period end. With under 24 hours' notice the
 * subscription still renews once (core `cancellationOutcome`, spec §9). Cancelling twice answers the
 * subscription as the first cancel left it. A subscription not in force (core `subscriptionInForce`:
 * expired, refunded, replaced, or still marked active with its period ended before the renewal job ran)
 * is 409 `subscription_not_active` and stays as it is: there is nothing left to cancel, and a late
 * cancellation must not make it renew once.
 */
export async function cancelSubscription(db: Database, clock: Clock, userId: string, subscriptionId: string) {
  const id = rowId(subscriptionId)
  const [row] =
    id === undefined
      ? []
      : await db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
  if (!row) throw notFound(`Subscription ${subscriptionId}`)
  const now = clock.now()
  if (!subscriptionInForce([{ status: row.status, level: row.level, currentPeriodEnd: row.currentPeriodEnd.toISOString() }], now)) {
    const state = row.status === 'active' ? 'past its period end' : row.status
    throw new HttpError(409, 'subscription_not_active', `Subscription ${subscriptionId} is ${state}`)
  }
  if (!row.autoRenew) return row
  const outcome = cancellationOutcome(row.currentPeriodEnd, now)
  const [updated] = await db
    .update(subscriptions)
    .set({ autoRenew: false, renewsOnce: outcome.renewsOnce, cancelledAt: now })
    .where(eq(subscriptions.id, row.id))
    .returning()
  return updated!
}
