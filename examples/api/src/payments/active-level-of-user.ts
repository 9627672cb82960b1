import { and, eq } from 'drizzle-orm'
import { activeLevel } from '@comics/core/rules'
import type { Database } from '../db/database'
import { subscriptions } from '../db/schema'

/**
 * The level in force for a user now: core `activeLevel`, the level of core `subscriptionInForce` (status
 * `active` and a period that has not ended, even before the renewal job has marked it), 0 without one.
 */
export async function activeLevelOfUser(db: Database, userId: string, now: Date): Promise<number> {
  const rows = await db
    .select({ status: subscriptions.status, level: subscriptions.level, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
  return activeLevel(
    rows.map((row) => ({ status: row.status, level: row.level, currentPeriodEnd: row.currentPeriodEnd.toISOString() })),
    now,
  )
}
