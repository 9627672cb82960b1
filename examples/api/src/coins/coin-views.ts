import type { CoinLedgerEntry, CoinUnlock } from '@comics/core/contract'
import { isCoinPackId } from '@comics/core/rules'
import type { coinLedger, coinUnlocks } from '../db/schema'

/** A ledger row as the contract shows it. */
export function ledgerEntryFromRow(row: typeof coinLedger.$inferSelect): CoinLedgerEntry {
  return {
    id: String(row.id),
    userId: row.userId,
    kind: row.kind,
    coins: row.coins,
    balanceAfter: row.balanceAfter,
    ...(row.packId !== null && isCoinPackId(row.packId) ? { packId: row.packId } : {}),
    ...(row.chapterId !== null ? { chapterId: String(row.chapterId) } : {}),
    ...(row.comicId !== null ? { comicsId: String(row.comicId) } : {}),
    ...(row.reason !== null ? { reason: row.reason } : {}),
    createdAt: row.createdAt.toISOString(),
  }
}

/** An unlock row as the contract shows it. */
export function unlockFromRow(row: typeof coinUnlocks.$inferSelect): CoinUnlock {
  return {
    chapterId: String(row.chapterId),
    comicsId: String(row.comicId),
    userId: row.userId,
    coins: row.coins,
    unlockedAt: row.unlockedAt.toISOString(),
    via: row.via,
  }
}
