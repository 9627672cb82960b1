import { and, eq } from 'drizzle-orm'
import type { CoinPackRefund } from '@comics/core/contract'
import { recordAudit } from '../audit/audit-log'
import type { Caller } from '../auth/caller'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { rowId } from '../db/row-id'
import { coinLedger } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'
import type { PaymentProviders } from '../payments/provider/payment-providers'
import { coinBalanceOf } from './coin-account'
import { coinTransaction } from './coin-changes'
import { reverseCoinPackInTransaction } from './reverse-coin-pack'

/**
 * POST /admin/coins/purchases/{id}/refund: an admin refunds a coin pack in full through the provider,
 * then the pack is reversed as a provider's refund reverses it: what is left of its coins (at most the
 * reader's balance) is taken back, coins already spent stay spent and their episodes stay unlocked
 * (docs/decisions.md). The reversal and its audit row are written in one transaction. Refunding again
 * takes nothing more; the provider's own refund event that follows takes nothing either.
 */
export async function refundCoinPack(
  db: Database,
  clock: Clock,
  providers: PaymentProviders,
  admin: NonNullable<Caller>,
  purchaseId: string,
): Promise<CoinPackRefund> {
  const id = rowId(purchaseId)
  const [purchase] = id === undefined ? [] : await db.select().from(coinLedger).where(and(eq(coinLedger.id, id), eq(coinLedger.kind, 'purchase')))
  if (!purchase) throw notFound(`Coin pack purchase ${purchaseId}`)
  const provider = providers.named(purchase.provider)
  if (!purchase.providerPaymentId || !provider) {
    throw new HttpError(409, 'not_refundable', `Coin pack purchase ${purchaseId} was not paid through a provider this server runs`)
  }
  await provider.refund(purchase.providerPaymentId)
  const coinsTakenBack = await coinTransaction(db, async (tx) => {
    const taken = (await reverseCoinPackInTransaction(tx, clock, purchase.providerPaymentId!)) ?? 0
    await recordAudit(tx, clock, admin, {
      action: 'refund', targetType: 'coins', targetId: purchase.id,
      detail: { userId: purchase.userId, packId: purchase.packId, coinsTakenBack: taken },
    })
    return taken
  })
  return { purchaseId: String(purchase.id), userId: purchase.userId, coinsTakenBack, balance: await coinBalanceOf(db, purchase.userId) }
}
