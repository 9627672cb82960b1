import { and, eq, lte } from 'drizzle-orm'
import { chargeFor, getPlan } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { payments, subscriptions } from '../db/schema'
import { periodEnd } from './period'

/**
 * Settles every active subscription whose period has ended: auto-renewing ones are charged the renewal
 * price (core `chargeFor`, never the first-purchase discount) for each period that has passed; a
 * cancellation with under 24 hours' notice renews once more; other cancelled ones expire.
 */
export async function renewDueSubscriptions(db: Database, clock: Clock): Promise<{ renewed: number; expired: number }> {
  const now = clock.now()
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)))
  let renewed = 0
  let expired = 0
  for (const { id } of due) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update')
      if (!row || row.status !== 'active' || row.currentPeriodEnd > now) return 'skipped'
      const plan = getPlan(row.planId)
      if (!plan || (!row.autoRenew && !row.renewsOnce)) {
        await tx.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.id, id))
        return 'expired'
      }
      const charge = chargeFor(plan, { firstPurchase: false })
      let start = row.currentPeriodEnd
      let end = periodEnd(start, plan.weeks)
      let periods = 1
      // A server that was down for several periods charges each one it missed, only while renewal is on.
      while (row.autoRenew && end <= now) {
        start = end
        end = periodEnd(start, plan.weeks)
        periods++
      }
      await tx.insert(payments).values(
        Array.from({ length: periods }, () => ({
          userId: row.userId,
          subscriptionId: row.id,
          planId: plan.id,
          kind: 'renewal' as const,
          amountCents: charge.amount,
          paidAt: now,
        })),
      )
      await tx
        .update(subscriptions)
        .set({ currentPeriodStart: start, currentPeriodEnd: end, renewsOnce: false })
        .where(eq(subscriptions.id, id))
      return 'renewed'
    })
    if (outcome === 'renewed') renewed++
    if (outcome === 'expired') expired++
  }
  return { renewed, expired }
}
