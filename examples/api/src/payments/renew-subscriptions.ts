import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import { CANCELLATION_NOTICE_HOURS, chargeFor, getPlan, subscriptionPeriodEnd } from '@comics/core/rules'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, payments, renewalIntents, subscriptions } from '../db/schema'
import type { PaymentProvider, RenewalOutcome } from './provider/payment-provider'
import { refundDuePayments } from './refund-payment'
import { renewalCustomerOf } from './customer-of-reader'

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
        // This provider's subscriptions only: its saved card is the one a renewal charges.
        or(isNull(subscriptions.checkoutId), inArray(subscriptions.checkoutId, db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.provider, provider.name)))),
      ),
    )
  let renewed = 0
  let failed = 0
  // The intent first (an outbox row carrying the charge's idempotency key), then the charge: a charge the
  // provider took is always settled from its intent, here or by the next run after a crash.
  for (const row of due) {
    const plan = getPlan(row.planId)
    if (!plan) continue
    if (!row.paymentMethodId) {
      if (await markRenewalFailed(db, now, row.id, row.currentPeriodEnd)) failed++
      continue
    }
    const charge = chargeFor(plan, { firstPurchase: false })
    await db
      .insert(renewalIntents)
      .values({
        idempotencyKey: `renewal-${row.id}-${row.currentPeriodEnd.toISOString()}`,
        subscriptionId: row.id,
        periodEnd: row.currentPeriodEnd,
        provider: provider.name,
        customerId: await renewalCustomerOf(db, provider, row.userId),
        paymentMethodId: row.paymentMethodId,
        description: `premium membership: ${plan.duration}, renewal`,
        amountCents: charge.amount,
        currency: 'USD',
        createdAt: now,
      })
      .onConflictDoNothing()
  }
  // Every intent not settled yet: this run's, and any a run left behind (it stopped after charging).
  const charging = await db
    .select()
    .from(renewalIntents)
    .where(and(eq(renewalIntents.provider, provider.name), eq(renewalIntents.status, 'charging')))
  for (const intent of charging) {
    const outcome = await provider.chargeRenewal({
      customerId: intent.customerId,
      paymentMethodId: intent.paymentMethodId,
      amountCents: intent.amountCents,
      currency: intent.currency,
      description: intent.description,
      idempotencyKey: intent.idempotencyKey,
    })
    const settled = await settleRenewal(db, clock, provider, intent.idempotencyKey, outcome)
    if (settled === 'renewed') renewed++
    if (settled === 'failed') failed++
  }
  const expired = await db
    .update(subscriptions)
    .set({ status: 'expired' })
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)))
    .returning({ id: subscriptions.id })
  const refunds = await refundDuePayments(db, clock, provider)
  return { renewed, failed, expired: expired.length, refunded: refunds.refunded, refundsLeft: refunds.left }
}

/** Turns renewal off after a failed charge (access stays until the period end); false when the period moved on. */
async function markRenewalFailed(db: Database, now: Date, subscriptionId: number, periodEnd: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ renewalFailedAt: now, autoRenew: false, renewsOnce: false })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.currentPeriodEnd, periodEnd)))
    .returning({ id: subscriptions.id })
  return rows.length > 0
}

/**
 * Settles a renewal intent with the charge's outcome (the job's own answer, or the provider's
 * renewal.paid / renewal.failed event), once: the intent row is locked, so two settlements run one after
 * the other and the second finds it settled. Paid: the subscription's period moves and the payment is
 * recorded against it; when there is nothing left to pay for (the subscription was refunded, disputed,
 * erased or moved on since the intent was written), the charge is refunded at once and the intent says so.
 */
export async function settleRenewal(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  idempotencyKey: string,
  outcome: RenewalOutcome,
): Promise<'renewed' | 'failed' | 'refunded' | 'settled-already'> {
  const now = clock.now()
  const settled = await db.transaction(async (tx) => {
    const [intent] = await tx.select().from(renewalIntents).where(eq(renewalIntents.idempotencyKey, idempotencyKey)).for('update')
    if (!intent || intent.status !== 'charging') return { result: 'settled-already' as const }
    if (outcome.status === 'failed') {
      await tx.update(renewalIntents).set({ status: 'failed', settledAt: now }).where(eq(renewalIntents.idempotencyKey, idempotencyKey))
      await markRenewalFailed(tx as unknown as Database, now, intent.subscriptionId, intent.periodEnd)
      return { result: 'failed' as const }
    }
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, intent.subscriptionId))
    const plan = current && getPlan(current.planId)
    // Only the settlement that moves the period records the payment (the period end is the version).
    const [next] =
      plan && current.status === 'active' && current.currentPeriodEnd.getTime() === intent.periodEnd.getTime()
        ? await tx
            .update(subscriptions)
            .set({ currentPeriodStart: intent.periodEnd, currentPeriodEnd: subscriptionPeriodEnd(intent.periodEnd, plan.weeks), renewsOnce: false })
            .where(and(eq(subscriptions.id, intent.subscriptionId), eq(subscriptions.currentPeriodEnd, intent.periodEnd), eq(subscriptions.status, 'active')))
            .returning()
        : []
    await tx.update(renewalIntents).set({ providerPaymentId: outcome.paymentId }).where(eq(renewalIntents.idempotencyKey, idempotencyKey))
    if (!next) return { result: 'refund' as const, paymentId: outcome.paymentId }
    await tx
      .insert(payments)
      .values({
        userId: next.userId,
        subscriptionId: next.id,
        planId: next.planId,
        kind: 'renewal',
        amountCents: intent.amountCents,
        currency: intent.currency,
        paymentSystem: 'card',
        provider: provider.name,
        providerPaymentId: outcome.paymentId,
        paidAt: now,
      })
      .onConflictDoNothing()
    await tx.update(renewalIntents).set({ status: 'recorded', settledAt: now }).where(eq(renewalIntents.idempotencyKey, idempotencyKey))
    return { result: 'renewed' as const }
  })
  if (settled.result !== 'refund') return settled.result
  // Asked after the commit; should it fail, the intent stays 'charging' and the next run asks again
  // (the charge's idempotency key answers the same payment, the refund's its first refund).
  await provider.refund(settled.paymentId)
  await db
    .update(renewalIntents)
    .set({ status: 'refunded', settledAt: clock.now() })
    .where(and(eq(renewalIntents.idempotencyKey, idempotencyKey), eq(renewalIntents.status, 'charging')))
  return 'refunded'
}
