import type { CreditCoinsBody } from '@comics/core/contract'
import { recordAudit } from '../audit/audit-log'
import type { Caller } from '../auth/caller'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { lockCoinAccount } from './coin-account'
import { coinTransaction } from './coin-changes'

/**
 * POST /admin/coins/credits: a support credit, its reason and its admin kept in the ledger entry, and
 * in the audit log, in the same transaction.
 */
export async function creditCoins(db: Database, clock: Clock, admin: NonNullable<Caller>, body: CreditCoinsBody) {
  return coinTransaction(db, async (tx) => {
    const account = await lockCoinAccount(tx, body.userId, clock.now())
    const entry = await account.append({ kind: 'credit', coins: body.coins, reason: body.reason, createdBy: admin.uid })
    await recordAudit(tx, clock, admin, {
      action: 'credit', targetType: 'coins', targetId: body.userId, detail: { coins: body.coins, reason: body.reason, ledgerId: String(entry.id) },
    })
    return entry
  })
}
