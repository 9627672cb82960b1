import { and, eq } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { auditLog, coinLedger } from '../db/schema'
import { lockCoinAccount } from './coin-account'

/**
 * Takes back the coins of a pack whose payment was refunded or is disputed: what is left of them, at most
 * the reader's balance. Coins already spent on episodes stay spent, and the episodes stay unlocked (spec
 * §9: coins are non-refundable to the reader; the money goes back, the reading done is not undone;
 * docs/decisions.md). Once per pack: answers the coins taken back, 0 when it was reversed already.
 */
export async function reverseCoinPackInTransaction(tx: Database, clock: Clock, providerPaymentId: string): Promise<number | undefined> {
  const [purchase] = await tx.select().from(coinLedger).where(and(eq(coinLedger.providerPaymentId, providerPaymentId), eq(coinLedger.kind, 'purchase')))
  if (!purchase) return undefined
  const reason = `reversal of #${purchase.id}`
  const account = await lockCoinAccount(tx, purchase.userId, clock.now())
  const [earlier] = await tx.select().from(coinLedger).where(and(eq(coinLedger.userId, purchase.userId), eq(coinLedger.reason, reason)))
  if (earlier) return 0
  // An admin's refund of a pack spent to the last coin wrote no reversal: its audit row says it was refunded.
  const [refundedByAdmin] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'refund'), eq(auditLog.targetType, 'coins'), eq(auditLog.targetId, String(purchase.id))))
  if (refundedByAdmin) return 0
  const taken = Math.min(purchase.coins, account.balance)
  // The ledger refuses an entry of 0 coins: a pack spent to the last coin has nothing left to take.
  if (taken === 0) return 0
  await account.append({ kind: 'reversal', coins: -taken, packId: purchase.packId, reason, provider: purchase.provider })
  return taken
}

/** A dispute won: the coins its opening took back are given back (once). */
export async function restoreCoinPackInTransaction(tx: Database, clock: Clock, providerPaymentId: string): Promise<number | undefined> {
  const [purchase] = await tx.select().from(coinLedger).where(and(eq(coinLedger.providerPaymentId, providerPaymentId), eq(coinLedger.kind, 'purchase')))
  if (!purchase) return undefined
  const [reversal] = await tx.select().from(coinLedger).where(and(eq(coinLedger.userId, purchase.userId), eq(coinLedger.reason, `reversal of #${purchase.id}`)))
  const reason = `restored #${purchase.id}`
  const [restored] = await tx.select().from(coinLedger).where(and(eq(coinLedger.userId, purchase.userId), eq(coinLedger.reason, reason)))
  if (!reversal || restored) return 0
  const account = await lockCoinAccount(tx, purchase.userId, clock.now())
  await account.append({ kind: 'credit', coins: -reversal.coins, packId: purchase.packId, reason })
  return -reversal.coins
}
