import { and, eq } from 'drizzle-orm'
import { cancellationOutcome } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { rowId } from '../db/row-id'
import { subscriptions } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'

/**
 * Turns auto-renewal off; access stays until the period end. With under 24 hours' notice the
 * subscription still renews once (core `cancellationOutcome`, spec §9). Cancelling twice changes nothing.
 */
export async function cancelSubscription(db: Database, clock: Clock, userId: string, subscriptionId: string) {
  const id = rowId(subscriptionId)
  const [row] =
    id === undefined
      ? []
      : await db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
  if (!row) throw notFound(`Subscription ${subscriptionId}`)
  if (row.status !== 'active') throw new HttpError(409, 'subscription_not_active', `Subscription ${subscriptionId} is ${row.status}`)
  if (!row.autoRenew) return row
  const now = clock.now()
  const outcome = cancellationOutcome(row.currentPeriodEnd, now)
  const [updated] = await db
    .update(subscriptions)
    .set({ autoRenew: false, renewsOnce: outcome.renewsOnce, cancelledAt: now })
    .where(eq(subscriptions.id, row.id))
    .returning()
  return updated!
}
