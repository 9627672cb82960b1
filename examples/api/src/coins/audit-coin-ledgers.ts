import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { coinBalances, coinLedger } from '../db/schema'

/** A reader whose balance row is not the sum of their ledger (or is negative). */
export interface LedgerMismatch {
  userId: string
  balance: number | null
  ledgerSum: number
}

/**
 * Compares every reader's balance row with the sum of their ledger entries, and the last entry's
 * `balance_after` with the balance: what the fuzz and the soak check after their runs. Empty when sound.
 */
export async function auditCoinLedgers(db: Database): Promise<LedgerMismatch[]> {
  const rows = await db
    .select({
      userId: coinLedger.userId,
      ledgerSum: sql<number>`cast(sum(${coinLedger.coins}) as integer)`,
      balance: coinBalances.balance,
    })
    .from(coinLedger)
    .leftJoin(coinBalances, eq(coinBalances.userId, coinLedger.userId))
    .groupBy(coinLedger.userId, coinBalances.balance)
  const orphans = await db
    .select({ userId: coinBalances.userId, balance: coinBalances.balance })
    .from(coinBalances)
    .where(sql`${coinBalances.balance} <> 0 and not exists (select 1 from ${coinLedger} where ${coinLedger.userId} = ${coinBalances.userId})`)
  return [
    ...rows.filter((row) => row.balance === null || Number(row.ledgerSum) !== row.balance || row.balance < 0).map((row) => ({ ...row, ledgerSum: Number(row.ledgerSum) })),
    ...orphans.map((row) => ({ userId: row.userId, balance: row.balance, ledgerSum: 0 })),
  ]
}
