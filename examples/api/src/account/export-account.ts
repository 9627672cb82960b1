import { asc, desc, eq, ne, and } from 'drizzle-orm'
import type { AccountExport } from '@comics/core/contract'
import type { VerifiedToken } from '../auth/token-verifier'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, commentLikes, commentReports, comments, commentSuspensions, episodeLikes, coinLedger, coinUnlocks, comicFollows, paymentCustomers, payments, readingProgress, subscriptions, waitForFreeTimers } from '../db/schema'
import { readerSettingsOf } from '../reader/reader-settings'
import { progressFromRow } from '../reading/reading-progress'
import { ledgerEntryFromRow, unlockFromRow } from '../coins/coin-views'
import { paymentFromRow } from '../payments/payment-view'
import { subscriptionFromRow } from '../payments/subscription-view'

/**
 * Everything the database holds about one reader, with the profile their token carries: every table with
 * a user id is read here (checkouts, subscriptions, payments, the coin ledger and unlocks, the reading
 * progress, the followed comics, the reader's settings, comments, likes and reports, the payment providers'
 * customer records and the free-after-a-wait timers; the coin balance is the ledger's sum). A table that gains a
 * user's rows must be added here too; the export test lists the tables to catch one that is not.
 */
export async function exportAccount(db: Database, clock: Clock, caller: VerifiedToken): Promise<AccountExport> {
  const { uid } = caller
  // One snapshot: a payment made while the export is read is either wholly in it or not at all.
  return db.transaction(async (tx) => {
    const [subscriptionRows, paymentRows, checkoutRows, ledgerRows, unlockRows, progressRows, followRows, settings] = await Promise.all([
      tx.select().from(subscriptions).where(eq(subscriptions.userId, uid)).orderBy(asc(subscriptions.createdAt), asc(subscriptions.id)),
      tx.select().from(payments).where(eq(payments.userId, uid)).orderBy(asc(payments.paidAt), asc(payments.id)),
      tx.select().from(checkouts).where(eq(checkouts.userId, uid)).orderBy(asc(checkouts.createdAt), asc(checkouts.id)),
      tx.select().from(coinLedger).where(eq(coinLedger.userId, uid)).orderBy(asc(coinLedger.id)),
      tx.select().from(coinUnlocks).where(eq(coinUnlocks.userId, uid)).orderBy(asc(coinUnlocks.unlockedAt), asc(coinUnlocks.chapterId)),
      tx.select().from(readingProgress).where(eq(readingProgress.userId, uid)).orderBy(desc(readingProgress.updatedAtMs), asc(readingProgress.comicId)),
      tx.select().from(comicFollows).where(eq(comicFollows.userId, uid)).orderBy(asc(comicFollows.followedAt), asc(comicFollows.comicId)),
      readerSettingsOf(tx, uid),
    ])
    const [commentRows, episodeLikeRows, commentLikeRows, reportRows, suspensionRows, customerRows, timerRows] = await Promise.all([
      tx.select().from(comments).where(and(eq(comments.authorUid, uid), ne(comments.status, 'deleted'))).orderBy(asc(comments.id)),
      tx.select().from(episodeLikes).where(eq(episodeLikes.userId, uid)).orderBy(asc(episodeLikes.chapterId)),
      tx.select().from(commentLikes).where(eq(commentLikes.userId, uid)).orderBy(asc(commentLikes.commentId)),
      tx.select().from(commentReports).where(eq(commentReports.userId, uid)).orderBy(asc(commentReports.createdAt)),
      tx.select().from(commentSuspensions).where(eq(commentSuspensions.userId, uid)),
      tx.select().from(paymentCustomers).where(eq(paymentCustomers.userId, uid)).orderBy(asc(paymentCustomers.provider)),
      tx.select().from(waitForFreeTimers).where(eq(waitForFreeTimers.userId, uid)).orderBy(asc(waitForFreeTimers.comicId)),
    ])
    return {
      exportedAt: clock.now().toISOString(),
      profile: { uid, email: caller.email ?? null },
      // Ordered by paidAt: the first row is the first payment (refunded ones count, as for the price).
      firstPaidAt: paymentRows[0] ? paymentRows[0].paidAt.toISOString() : null,
      subscriptions: subscriptionRows.map(subscriptionFromRow),
      payments: paymentRows.map(paymentFromRow),
      checkouts: checkoutRows.map((row) => ({
        id: row.id,
        planId: row.planId,
        level: row.level,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      })),
      coinHistory: ledgerRows.map(ledgerEntryFromRow),
      coinUnlocks: unlockRows.map(unlockFromRow),
      readingProgress: progressRows.map(progressFromRow),
      follows: followRows.map((row) => ({ comicId: String(row.comicId), followedAt: row.followedAt.toISOString() })),
      readerSettings: settings[0] ?? null,
      comments: commentRows.map((row) => ({
        id: String(row.id),
        chapterId: String(row.chapterId),
        parentId: row.parentId === null ? null : String(row.parentId),
        text: row.text,
        spoiler: row.spoiler,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      })),
      commentReports: reportRows.map((row) => ({ commentId: String(row.commentId), reason: row.reason, note: row.note, createdAt: row.createdAt.toISOString() })),
      commentingSuspendedUntil: suspensionRows[0] ? suspensionRows[0].until.toISOString() : null,
      likes: { episodes: episodeLikeRows.map((row) => String(row.chapterId)), comments: commentLikeRows.map((row) => String(row.commentId)) },
      paymentCustomers: customerRows.map((row) => ({ provider: row.provider, customerId: row.customerId, createdAt: row.createdAt.toISOString() })),
      waitForFreeUnlocks: timerRows.map((row) => ({ comicId: String(row.comicId), lastUnlockAt: row.lastUnlockAt.toISOString() })),
    }
  })
}
