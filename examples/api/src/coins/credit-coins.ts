import type { CreditCoinsBody } from '@comics/core/contract'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { lockCoinAccount } from './coin-account'

/** POST /admin/coins/credits: a support credit, its reason and its admin kept in the ledger entry. */
export async function creditCoins(db: Database, clock: Clock, adminUid: string, body: CreditCoinsBody) {
  return db.transaction(async (transaction) => {
    const account = await lockCoinAccount(transaction as unknown as Database, body.userId, clock.now())
    return account.append({ kind: 'credit', coins: body.coins, reason: body.reason, createdBy: adminUid })
  })
}
