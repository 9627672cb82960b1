import { asc, eq } from 'drizzle-orm'
import type { AccountExport } from '@comics/core/contract'
import type { VerifiedToken } from '../auth/token-verifier'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, payingCustomers, payments, subscriptions } from '../db/schema'
import { subscriptionFromRow } from '../payments/subscription-view'

/**
 * Everything the database holds about one reader, with the profile their token carries: every table with
 * a user id is read here (checkouts, subscriptions, payments, paying_customers). A table that gains a
 * user's rows must be added here too; the export test lists the tables to catch one that is not.
 */
export async function exportAccount(db: Database, clock: Clock, caller: VerifiedToken): Promise<AccountExport> {
  const { uid } = caller
  // One snapshot: a payment made while the export is read is either wholly in it or not at all.
  return db.transaction(async (tx) => {
    const [subscriptionRows, paymentRows, checkoutRows, [customer]] = await Promise.all([
      tx.select().from(subscriptions).where(eq(subscriptions.userId, uid)).orderBy(asc(subscriptions.createdAt), asc(subscriptions.id)),
      tx.select().from(payments).where(eq(payments.userId, uid)).orderBy(asc(payments.paidAt), asc(payments.id)),
      tx.select().from(checkouts).where(eq(checkouts.userId, uid)).orderBy(asc(checkouts.createdAt), asc(checkouts.id)),
      tx.select().from(payingCustomers).where(eq(payingCustomers.userId, uid)),
    ])
    return {
      exportedAt: clock.now().toISOString(),
      profile: { uid, email: caller.email ?? null },
      firstPaidAt: customer ? customer.firstPaidAt.toISOString() : null,
      subscriptions: subscriptionRows.map(subscriptionFromRow),
      payments: paymentRows.map((row) => ({
        id: String(row.id),
        subscriptionId: String(row.subscriptionId),
        planId: row.planId,
        kind: row.kind,
        amountCents: row.amountCents,
        paymentSystem: row.paymentSystem,
        paidAt: row.paidAt.toISOString(),
      })),
      checkouts: checkoutRows.map((row) => ({
        id: row.id,
        planId: row.planId,
        level: row.level,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      })),
    }
  })
}
