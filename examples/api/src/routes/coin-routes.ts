import type { FastifyInstance } from 'fastify'
import { and, asc, count, desc, inArray, type SQL } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import { COIN_PACKS, EPISODE_COIN_PRICE } from '@comics/core/rules'
import type { AppContext } from '../app-context'
import { PaymentProviders } from '../payments/provider/payment-providers'
import type { Caller } from '../auth/caller'
import { prepareChecked } from '../catalogue/prepare-checked'
import { coinBalanceOf } from '../coins/coin-account'
import { ledgerEntryFromRow, unlockFromRow } from '../coins/coin-views'
import { confirmCoinPurchase, createCoinCheckout } from '../coins/buy-coin-pack'
import { creditCoins } from '../coins/credit-coins'
import { refundCoinPack } from '../coins/refund-coin-pack'
import { unlockEpisode } from '../coins/unlock-episode'
import { coinLedger, coinUnlocks } from '../db/schema'
import { HttpError } from '../http/http-error'
import { comicShownOn } from '../host/comics-shown-on'
import { siteModeResolver } from '../host/site-mode-of-request'
import { requestedRowIds } from '../http/requested-row-ids'
import { Prepared, registerEndpoint } from '../http/register-endpoint'
import type { ReaderCache } from '../reading/reader-cache'

/** The reader-cache key of a reader's balance answer. */
export const BALANCE_KEY = 'balance'
/**
 * How long a reader's balance is kept at most with no coin write told: the bound on a lost notification
 * (docs/decisions.md). Each coin write drops it at once here and on the other instances.
 */
export const BALANCE_MAX_AGE_MS = 5_000

/** The users a list call is about: the caller's own, or (an admin only) those named. */
function listedUsers(caller: Caller, asked: readonly string[] | undefined, what: string): string[] {
  const users = asked ?? [caller!.uid]
  if (!caller!.admin && users.some((userId) => userId !== caller!.uid)) {
    throw new HttpError(403, 'forbidden', `You may list only your own ${what}`)
  }
  return [...users]
}

/**
 * Coins: the packs, buying one, the balance, unlocking an episode, the history; support's credit. The
 * reader's own balance is answered from the reader cache, dropped by every coin write (coin-changes.ts);
 * spending checks the balance in the database, in the transaction that debits it (coin-account.ts).
 */
export function registerCoinRoutes(app: FastifyInstance, context: AppContext, readers: ReaderCache): void {
  const { db, clock, config, cache } = context
  const providers = context.providers ?? PaymentProviders.single(context.provider)
  const siteModeOf = siteModeResolver(config.hosts)
  const rateLimit = { max: config.paymentRateLimitPerMinute, timeWindow: '1 minute' }

  const packs = prepareChecked(endpoints.listCoinPacks.response, { data: COIN_PACKS.map((pack) => ({ ...pack })) })
  registerEndpoint(app, context, endpoints.listCoinPacks, async () => new Prepared(packs, 'public, no-cache'))

  registerEndpoint(
    app,
    context,
    endpoints.coinCheckout,
    async ({ body, caller, request }) => createCoinCheckout(db, clock, providers.forMode(siteModeOf(request.headers.host)), { allowedOrigins: config.allowedOrigins }, caller!.uid, body),
    { rateLimit },
  )

  registerEndpoint(
    app,
    context,
    endpoints.confirmCoinPurchase,
    async ({ body, caller }) => ({ data: [ledgerEntryFromRow(await confirmCoinPurchase(db, clock, providers, caller!.uid, body.checkoutId))] }),
    { rateLimit },
  )

  registerEndpoint(app, context, endpoints.getCoinBalance, async ({ caller }) => {
    const { uid } = caller!
    return readers.get(
      uid,
      BALANCE_KEY,
      async () => {
        const data = [{ userId: uid, balance: await coinBalanceOf(db, uid), episodePrice: EPISODE_COIN_PRICE }]
        return new Prepared(prepareChecked(endpoints.getCoinBalance.response, { data }), 'no-store')
      },
      { maxAgeMs: BALANCE_MAX_AGE_MS },
    )
  })

  registerEndpoint(
    app,
    context,
    endpoints.unlockEpisode,
    async ({ body, caller, request }) => ({
      data: [unlockFromRow(await unlockEpisode(db, cache, clock, caller!.uid, body.chapterId, siteModeOf(request.headers.host)))],
    }),
    { rateLimit },
  )

  // A reader's unlocks are those of the comics the host shows (core `isComicShownOn`); support's listing is whole.
  registerEndpoint(app, context, endpoints.listCoinUnlocks, async ({ body, caller, request }) => {
    const conditions: SQL[] = [inArray(coinUnlocks.userId, listedUsers(caller, body.filters.userId, 'unlocks'))]
    if (!caller!.admin) conditions.push(comicShownOn(db, siteModeOf(request.headers.host), coinUnlocks.comicId))
    if (body.filters.comicsId) conditions.push(inArray(coinUnlocks.comicId, requestedRowIds(body.filters.comicsId, 'filters.comicsId')))
    const where = and(...conditions)
    const direction = body.sort?.order === 'asc' ? asc : desc
    const [rows, [totalRow]] = await Promise.all([
      db.select().from(coinUnlocks).where(where).orderBy(direction(coinUnlocks.unlockedAt), direction(coinUnlocks.chapterId)).limit(body.limit).offset(body.offset),
      db.select({ total: count() }).from(coinUnlocks).where(where),
    ])
    return { data: rows.map(unlockFromRow), total: totalRow?.total ?? 0 }
  })

  registerEndpoint(app, context, endpoints.listCoinHistory, async ({ body, caller }) => {
    const where = inArray(coinLedger.userId, listedUsers(caller, body.filters.userId, 'coin history'))
    const direction = body.sort?.order === 'asc' ? asc : desc
    const [rows, [totalRow]] = await Promise.all([
      db.select().from(coinLedger).where(where).orderBy(direction(coinLedger.id)).limit(body.limit).offset(body.offset),
      db.select({ total: count() }).from(coinLedger).where(where),
    ])
    return { data: rows.map(ledgerEntryFromRow), total: totalRow?.total ?? 0 }
  })

  registerEndpoint(app, context, endpoints.adminCoinBalance, async ({ params }) => ({
    data: [{ userId: params.userId, balance: await coinBalanceOf(db, params.userId), episodePrice: EPISODE_COIN_PRICE }],
  }))

  registerEndpoint(app, context, endpoints.creditCoins, async ({ body, caller, request }) => {
    const entry = await creditCoins(db, clock, caller!, body)
    // Support credits are money-like: each one is logged with who gave what to whom and why.
    request.log.info({ admin: caller!.uid, userId: body.userId, coins: body.coins, reason: body.reason, ledgerId: entry.id }, 'coins credited by support')
    return { data: [ledgerEntryFromRow(entry)] }
  })

  registerEndpoint(app, context, endpoints.refundCoinPack, async ({ params, caller }) => ({
    data: [await refundCoinPack(db, clock, providers, caller!, params.id)],
  }))
}
