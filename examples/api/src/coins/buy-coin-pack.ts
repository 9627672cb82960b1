import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getCoinPack } from '@comics/core/rules'
import type { CoinCheckoutRequest } from '@comics/core/contract'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { checkouts, coinLedger } from '../db/schema'
import { HttpError, notFound } from '../http/http-error'
import { isOnAllowedOrigin } from '../payments/allowed-origin'
import { ORDER_ID, paidCheckoutPayment, providerOfOrder } from '../payments/checkout-payment'
import { CHECKOUT_RETURN_PARAM } from '../payments/create-checkout'
import type { ConfirmedPayment } from '../payments/grant-order'
import type { PaymentProvider } from '../payments/provider/payment-provider'
import type { PaymentProviders } from '../payments/provider/payment-providers'
import { lockCoinAccount } from './coin-account'
import { coinTransaction } from './coin-changes'
import { customerOfReader } from '../payments/customer-of-reader'


/**
 * Opens an order for a coin pack (`checkouts.kind` 'coins', the pack's price in cents fixed now) and the
 * provider's hosted checkout for it, the same page subscriptions pay on. Other open checkouts of the
 * reader are left alone: each order buys its own pack. Nothing is credited here.
 */
export async function createCoinCheckout(
  db: Database,
  clock: Clock,
  provider: PaymentProvider,
  options: { allowedOrigins: readonly string[] },
  userId: string,
  request: CoinCheckoutRequest,
): Promise<{ url: string }> {
  const pack = getCoinPack(request.packId)!
  if (!isOnAllowedOrigin(request.urlSuccess, options.allowedOrigins)) {
    throw new HttpError(400, 'invalid_request', 'urlSuccess must be on an allowed origin', { urlSuccess: ['Not on an allowed origin'] })
  }
  const id = randomBytes(24).toString('base64url')
  const success = new URL(request.urlSuccess)
  const back = new URL(success.href)
  success.searchParams.set(CHECKOUT_RETURN_PARAM, id)
  await db.insert(checkouts).values({
    id,
    userId,
    kind: 'coins',
    planId: pack.id,
    level: 0,
    urlSuccess: success.href,
    amountCents: pack.amount,
    currency: 'USD',
    // Stryker disable next-line BooleanLiteral: read for a plan's order alone (its price); a pack has one price
    firstPurchase: false,
    provider: provider.name,
    createdAt: clock.now(),
  })
  try {
    const opened = await provider.openCheckout({
      reference: id,
      customerId: await customerOfReader(db, provider, userId, clock.now()),
      amountCents: pack.amount,
      currency: 'USD',
      description: `${pack.totalCoins} coins`,
      successUrl: success.href,
      cancelUrl: back.href,
    })
    await db.update(checkouts).set({ providerCheckoutId: opened.checkoutId }).where(eq(checkouts.id, id))
    return { url: opened.url }
  } catch (error) {
    await db.update(checkouts).set({ status: 'cancelled' }).where(eq(checkouts.id, id))
    throw error
  }
}

export interface CoinCredit {
  entry: typeof coinLedger.$inferSelect
  /** False when the order had been credited already (a second Pay, the event and the reader at once). */
  granted: boolean
}

/**
 * Credits the pack a confirmed payment bought, exactly once, inside the caller's transaction: the order
 * row is locked, then the reader's balance row, so a second credit waits and finds the first (and
 * `coin_ledger.checkout_id` and `provider_payment_id` are unique).
 */
export async function creditCoinOrderInTransaction(tx: Database, clock: Clock, paid: ConfirmedPayment): Promise<CoinCredit> {
  const [order] = await tx.select().from(checkouts).where(eq(checkouts.id, paid.orderId)).for('update')
  if (!order || order.kind !== 'coins') throw notFound('Checkout')
  if (order.status === 'paid') return { entry: await creditOf(tx, order.id), granted: false }
  if (order.amountCents !== paid.amountCents || order.currency !== paid.currency) {
    throw new HttpError(409, 'payment_mismatch', `The payment of ${paid.amountCents} ${paid.currency} is not this order's amount`)
  }
  const pack = getCoinPack(order.planId)
  if (!pack) throw new Error(`Order ${order.id} names no coin pack`)
  const account = await lockCoinAccount(tx, order.userId, clock.now())
  const entry = await account.append({
    kind: 'purchase',
    coins: pack.totalCoins,
    packId: pack.id,
    checkoutId: order.id,
    amountCents: paid.amountCents,
    currency: paid.currency,
    provider: paid.provider,
    providerPaymentId: paid.providerPaymentId,
  })
  await tx.update(checkouts).set({ status: 'paid' }).where(eq(checkouts.id, order.id))
  return { entry, granted: true }
}

/**
 * {@link creditCoinOrderInTransaction} in its own transaction. The order row's lock makes the loser of a
 * race wait and find the winner's credit; the ledger's unique checkout and payment stay the database's guarantee.
 */
export async function creditPaidCoinOrder(db: Database, clock: Clock, paid: ConfirmedPayment): Promise<CoinCredit> {
  return coinTransaction(db, (tx) => creditCoinOrderInTransaction(tx, clock, paid))
}

async function creditOf(db: Database, orderId: string) {
  const [entry] = await db.select().from(coinLedger).where(eq(coinLedger.checkoutId, orderId))
  if (!entry) throw new Error(`Order ${orderId} is paid but has no coin credit`)
  return entry
}

/**
 * POST /coins/purchases: the reader, back from the hosted checkout, asks for the coins. The provider is
 * asked (server to server) whether the order was paid; paid → credited once; otherwise why not, and
 * nothing written: 409 `payment_pending`, 402 `payment_declined`, 409 `checkout_cancelled`.
 */
export async function confirmCoinPurchase(
  db: Database,
  clock: Clock,
  providers: PaymentProviders,
  userId: string,
  orderId: string,
): Promise<typeof coinLedger.$inferSelect> {
  // Stryker disable next-line ArrayDeclaration: any other value than an order row is answered as a missing one
  const [order] = ORDER_ID.test(orderId) ? await db.select().from(checkouts).where(eq(checkouts.id, orderId)) : []
  // Someone else's order, or a subscription's, is answered like a missing one.
  if (!order || order.userId !== userId || order.kind !== 'coins') throw notFound('Checkout')
  if (order.status === 'paid') return creditOf(db, order.id)
  const paid = await paidCheckoutPayment(providerOfOrder(providers, order), order, 'pay again on the checkout page')
  return (await creditPaidCoinOrder(db, clock, paid)).entry
}
