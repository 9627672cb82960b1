import { and, eq, gt, isNull, lte, or } from 'drizzle-orm'
import { CANCELLATION_NOTICE_HOURS, chargeFor, getPlan, subscriptionPeriodEnd } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { payments, subscriptions } from '../db/schema'
import type { PaymentProvider } from './provider/payment-provider'
import { refundDuePayments } from './refund-payment'

/**
 * How long before the period end a renewal is charged: the notice a cancellation needs (spec §9), so a
 * renewal that fails leaves access until the period end, and a cancellation with less notice than this
 * comes after the charge (it renews once).
 */
export const RENEWAL_LEAD_MS = CANCELLATION_NOTICE_HOURS * 3_600_000

/**
 * Settles subscriptions: those renewing whose period ends within the lead are charged the renewal price
 * (core `chargeFor`, never the first-purchase discount) on their saved payment method through the
 * provider, once per period (idempotent per subscription and period, so a run that crashed or two runs at
 * once charge once). Only a subscription still in force is charged: one whose period ended before a run
 * reached it (the job did not run for longer than the lead) is not charged for the periods it missed, nor
 * at all: it expires, and the reader subscribes again (docs/decisions.md). A failed charge turns renewal
 * off and notes it: access stays until the period end. Then every active subscription whose period has
 * ended without renewal expires, and payments due for a refund (see `refundDuePayments`) are refunded.
 */
export async function renewDueSubscriptions(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
): Promise<{ renewed: number; failed: number; expired: number; refunded: number; refundsLeft: number }> {
  const now = clock.now()
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        isNull(subscriptions.renewalFailedAt),
        or(eq(subscriptions.autoRenew, true), eq(subscriptions.renewsOnce, true)),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + RENEWAL_LEAD_MS)),
      ),
    )
  let renewed = 0
  let failed = 0
  for (const row of due) {
    const plan = getPlan(row.planId)
    if (!plan) continue
    const charge = chargeFor(plan, { firstPurchase: false })
    const outcome = row.paymentMethodId
      ? await provider.chargeRenewal({
          customerId: row.userId,
          paymentMethodId: row.paymentMethodId,
          amountCents: charge.amount,
          currency: 'USD',
          description: `premium membership: ${plan.duration}, renewal`,
          idempotencyKey: `renewal-${row.id}-${row.currentPeriodEnd.toISOString()}`,
        })
      : ({ status: 'failed', reason: 'no_saved_payment_method' } as const)
    if (outcome.status === 'failed') {
      await db
        .update(subscriptions)
        .set({ renewalFailedAt: now, autoRenew: false, renewsOnce: false })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd)))
      failed++
      continue
    }
    const start = row.currentPeriodEnd
    const moved = await db.transaction(async (tx) => {
      // Only the run that moves the period records the payment (the period end is the version).
      const [next] = await tx
        .update(subscriptions)
        .set({ currentPeriodStart: start, currentPeriodEnd: subscriptionPeriodEnd(start, plan.weeks), renewsOnce: false })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd), eq(subscriptions.status, 'active')))
        .returning()
      if (!next) return false
      await tx
        .insert(payments)
        .values({
          userId: row.userId,
          subscriptionId: row.id,
          planId: plan.id,
          kind: 'renewal',
          amountCents: charge.amount,
          currency: 'USD',
          paymentSystem: 'card',
          provider: provider.name,
          providerPaymentId: outcome.paymentId,
          paidAt: now,
        })
        .onConflictDoNothing()
      return true
    })
    if (moved) renewed++
  }
  const expired = await db
    .update(subscriptions)
    .set({ status: 'expired' })
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)))
    .returning({ id: subscriptions.id })
  const refunds = await refundDuePayments(db, clock, provider)
  return { renewed, failed, expired: expired.length, refunded: refunds.refunded, refundsLeft: refunds.left }
}
