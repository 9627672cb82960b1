import { randomUUID } from 'node:crypto'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { AccountDeletion } from '@comics/core/contract'
import { isRecentSignIn, subscriptionInForce } from '@comics/core/rules'
import type { TokenVerifier, VerifiedToken } from '../auth/token-verifier'
import type { Clock } from '../clock'
import type { Database, Notifications } from '../db/database'
import { ACCOUNT_ERASED_CHANNEL } from '../auth/account-erasures'
import { coinsChangedIn, coinTransaction } from '../coins/coin-changes'
import { auditLog, checkouts, coinBalances, coinLedger, coinUnlocks, comicFollows, paymentCustomers, payments, readerSettings, rateLimitWindows, readingProgress, subscriptions, waitForFreeTimers, commentLikes, commentReports, comments, commentSuspensions, episodeLikes } from '../db/schema'
import { HttpError } from '../http/http-error'
import { cancelSubscription } from '../payments/cancel-subscription'
import type { PaymentProvider } from '../payments/provider/payment-provider'
import { PaymentProviders } from '../payments/provider/payment-providers'
import { providerOfOrder } from '../payments/checkout-payment'

/** The reference kept payments carry instead of an erased reader's id: one per erased account. */
export const ERASED_USER_PREFIX = 'erased:'

/**
 * Erases a reader (DELETE /me). The token must come from a sign-in of the last few minutes (core
 * `isRecentSignIn`, against the wall clock the identity provider stamps `auth_time` with). Then:
 * 1. every subscription in force is cancelled (auto-renewal off, as the reader's own cancel does) and every
 *    open checkout is expired at the provider, so nothing can be charged or paid afterwards;
 * 2. in one transaction, the reader's subscriptions, checkouts, reading progress, follows and reader settings are deleted and their payments kept
 *    under an anonymous reference (`erased:{uuid}`), without the links to the erased rows;
 * 3. the sign-in is deleted at the identity provider and its sessions revoked.
 * A failure before 3 leaves the account usable and the call can be retried; a retry after 3 is a 401.
 */
export async function deleteAccount(
  context: {
    db: Database
    clock: Clock
    provider: PaymentProvider
    providers?: PaymentProviders
    verifier: TokenVerifier
    notifications?: Notifications
    wallClock?: () => Date
  },
  caller: VerifiedToken,
): Promise<AccountDeletion> {
  const { db, clock, provider, verifier } = context
  const { uid } = caller
  if (!isRecentSignIn(caller.authTime, (context.wallClock ?? (() => new Date()))())) {
    throw new HttpError(403, 'recent_sign_in_required', 'Sign in again (at most 5 minutes before) to delete the account')
  }

  // Only a subscription still in force can be cancelled (core `subscriptionInForce`); one marked active
  // whose period ended before the renewal job ran has nothing left to cancel, and is erased all the same.
  const now = clock.now()
  const active = (
    await db
      .select({ id: subscriptions.id, status: subscriptions.status, level: subscriptions.level, currentPeriodEnd: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, uid), eq(subscriptions.status, 'active')))
  ).filter((row) => subscriptionInForce([{ ...row, currentPeriodEnd: row.currentPeriodEnd.toISOString() }], now))
  for (const { id } of active) await cancelSubscription(db, clock, uid, String(id))
  const providers = context.providers ?? PaymentProviders.single(provider)
  const open = await db
    .select({ providerCheckoutId: checkouts.providerCheckoutId, provider: checkouts.provider })
    .from(checkouts)
    .where(and(eq(checkouts.userId, uid), eq(checkouts.status, 'open'), isNotNull(checkouts.providerCheckoutId)))
  for (const checkout of open) await providerOfOrder(providers, checkout).expireCheckout(checkout.providerCheckoutId!)
  // The provider forgets the reader: their customer and its saved payment methods are deleted there.
  const customers = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, uid))
  for (const customer of customers) await providers.named(customer.provider)?.deleteCustomer(customer.customerId)

  const anonymous = `${ERASED_USER_PREFIX}${randomUUID()}`
  const keptPayments = await coinTransaction(db, async (tx) => {
    const kept = await tx
      .update(payments)
      .set({ userId: anonymous, subscriptionId: null, checkoutId: null })
      .where(eq(payments.userId, uid))
      .returning({ id: payments.id })
    // Coins: the ledger and its balance are kept under the same anonymous reference (the ledger is
    // append-only and its sum stays the balance), without the link to the erased orders; the unlocks go.
    coinsChangedIn(tx, uid)
    await tx.update(coinLedger).set({ userId: anonymous, checkoutId: null }).where(eq(coinLedger.userId, uid))
    await tx.update(coinBalances).set({ userId: anonymous }).where(eq(coinBalances.userId, uid))
    await tx.delete(coinUnlocks).where(eq(coinUnlocks.userId, uid))
    await tx.delete(waitForFreeTimers).where(eq(waitForFreeTimers.userId, uid))
    // The audit log keeps what was done, under the same reference: by them (an admin), without their
    // email, and to their coins (a support credit).
    await tx.update(auditLog).set({ actorUid: anonymous, actorEmail: null }).where(eq(auditLog.actorUid, uid))
    await tx.update(auditLog).set({ targetId: anonymous }).where(and(eq(auditLog.targetType, 'coins'), eq(auditLog.targetId, uid)))
    await tx.delete(subscriptions).where(eq(subscriptions.userId, uid))
    // What they read and follow goes with them.
    await tx.delete(readingProgress).where(eq(readingProgress.userId, uid))
    await tx.delete(comicFollows).where(eq(comicFollows.userId, uid))
    await tx.delete(checkouts).where(eq(checkouts.userId, uid))
    await tx.delete(readerSettings).where(eq(readerSettings.userId, uid))
    await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, uid))
    // A support credit they made as an admin keeps who made it under the same reference.
    await tx.update(coinLedger).set({ createdBy: anonymous }).where(eq(coinLedger.createdBy, uid))
    // Their comments are removed, with the replies under them (docs/decisions.md), and their likes,
    // reports and suspension; the counts are read from the rows, so they stay exact.
    await tx.delete(comments).where(eq(comments.authorUid, uid))
    await tx.delete(commentLikes).where(eq(commentLikes.userId, uid))
    await tx.delete(episodeLikes).where(eq(episodeLikes.userId, uid))
    await tx.delete(commentReports).where(eq(commentReports.userId, uid))
    await tx.delete(commentSuspensions).where(eq(commentSuspensions.userId, uid))
    // Their rate-limit windows, keyed by their uid while they were signed in, go too.
    await tx.delete(rateLimitWindows).where(sql`strpos(${rateLimitWindows.key}, ${uid}) > 0`)
    return kept.length
  })

  await verifier.deleteAccount(uid)
  // Every other instance forgets the token it may remember of this account, at once.
  await context.notifications?.notify(ACCOUNT_ERASED_CHANNEL, uid).catch(() => undefined)
  return { deleted: true, cancelledSubscriptions: active.length, keptPayments }
}
