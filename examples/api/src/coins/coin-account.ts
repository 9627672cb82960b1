import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { coinBalances, coinLedger } from '../db/schema'
import { HttpError } from '../http/http-error'
import { coinsChangedIn } from './coin-changes'

type LedgerValues = Omit<typeof coinLedger.$inferInsert, 'id' | 'userId' | 'balanceAfter' | 'createdAt'>

/**
 * A reader's coin account inside a transaction, its balance row locked (SELECT … FOR UPDATE, the row
 * made first if the reader has none): every change of one reader's coins waits for the one before, so
 * the balance read here is the balance the entry is written against. Only within a `coinTransaction`,
 * which tells the reader cache, once it ends, that the reader's balance changed.
 */
export async function lockCoinAccount(tx: Database, userId: string, now: Date) {
  coinsChangedIn(tx, userId)
  await tx.insert(coinBalances).values({ userId, balance: 0, updatedAt: now }).onConflictDoNothing()
  const [row] = await tx.select().from(coinBalances).where(eq(coinBalances.userId, userId)).for('update')
  if (!row) throw new Error(`No coin balance row for ${userId}`)
  return {
    balance: row.balance,
    /**
     * Appends one entry and moves the balance by it. A debit beyond the balance is refused with 409
     * `insufficient_coins` (the CHECKs of the balance and of the entry refuse it too).
     */
    async append(values: LedgerValues) {
      if (row.balance + values.coins < 0) {
        throw new HttpError(409, 'insufficient_coins', `This needs ${-values.coins} coins; your balance is ${row.balance}`)
      }
      const balanceAfter = row.balance + values.coins
      const [entry] = await tx
        .insert(coinLedger)
        .values({ ...values, userId, balanceAfter, createdAt: now })
        .returning()
      await tx
        .update(coinBalances)
        .set({ balance: sql`${coinBalances.balance} + ${values.coins}`, updatedAt: now })
        .where(eq(coinBalances.userId, userId))
      row.balance = balanceAfter
      return entry!
    },
  }
}

/** A reader's balance now (0 without any coins). */
export async function coinBalanceOf(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ balance: coinBalances.balance }).from(coinBalances).where(eq(coinBalances.userId, userId))
  return row?.balance ?? 0
}
