import { asc, eq, max } from 'drizzle-orm'
import { assets, chapters, checkouts as orders, coinLedger, comics, files, genres, payments, subscriptions } from '../src/db/schema'
import { grantLevel, type Account } from '../test/support/accounts'
import { testImage } from '../test/support/images'
import type { HostConfig } from '@comics/core/site'
import { loadConfig } from '../src/config'
import type { FuzzWorld } from './request-arbitraries'
import type { FuzzSubject } from './run-fuzz'

/**
 * The valid values the fuzzer mixes into its requests, read from the database behind `subject`: comics,
 * chapters, genres and stored files, open orders and their hosted checkouts of the reader and of someone
 * else (paid on the page by some cases, cancelled by others, named by fuzzed provider events), and
 * subscriptions of the reader and of someone else.
 */
export async function prepareFuzzWorld(
  subject: FuzzSubject,
  /** The API's ALLOWED_ORIGINS and PAYMENT_WEBHOOK_SECRET (its config in-process; what the instances were given over HTTP). */
  settings: { allowedOrigins: string[]; paymentWebhookSecret: string; hosts?: HostConfig; stripe?: { webhookSecret: string } | undefined },
  accounts: { reader: Account; admin: Account; leaving: { reader: Account; admin: Account } },
): Promise<FuzzWorld> {
  const { db } = subject
  const origin = settings.allowedOrigins[0]!
  const post = async (url: string, token: string, payload: unknown) => {
    const response = await subject.send(
      { target: 'file', role: 'reader', method: 'POST', url, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: JSON.stringify(payload) },
      30_000,
    )
    return { statusCode: response.status, body: response.body, json: () => JSON.parse(response.body) as unknown }
  }
  const checkouts: string[] = []
  const orderIds: string[] = []
  for (const [account, level, title] of [[accounts.reader, 2, '4weeks'], [accounts.admin, 4, '24weeks']] as const) {
    const response = await post('/api/v1/subscriptions/checkout', account.idToken, { level, title, urlSuccess: `${origin}/account` })
    if (response.statusCode !== 200) throw new Error(`Could not open a checkout for the fuzz run: ${response.statusCode} ${response.body}`)
    const sandboxId = new URL((response.json() as { url: string }).url).pathname.split('/').pop()!
    checkouts.push(sandboxId)
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.providerCheckoutId, sandboxId))
    orderIds.push(order!.id)
  }
  // Coin pack orders, paid on the page by some cases: the webhook and the reader credit them once.
  const coinOrderIds: string[] = []
  for (const [account, packId] of [[accounts.reader, 'coins-100'], [accounts.admin, 'coins-50']] as const) {
    const response = await post('/api/v1/coins/checkout', account.idToken, { packId, urlSuccess: `${origin}/coins` })
    if (response.statusCode !== 200) throw new Error(`Could not open a coin checkout for the fuzz run: ${response.statusCode} ${response.body}`)
    const sandboxId = new URL((response.json() as { url: string }).url).pathname.split('/').pop()!
    checkouts.push(sandboxId)
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.providerCheckoutId, sandboxId))
    coinOrderIds.push(order!.id)
  }
  // The reader is subscribed at level 1 (so the open checkouts above it may be paid); the admin at level 2.
  await grantLevel(db, accounts.reader.uid, 1, subject.now())
  await grantLevel(db, accounts.admin.uid, 2, subject.now())

  const ids = async (column: typeof comics.id | typeof chapters.id | typeof genres.id | typeof subscriptions.id, table: typeof comics | typeof chapters | typeof genres | typeof subscriptions) =>
    (await db.select({ id: column }).from(table).orderBy(asc(column)).limit(40)).map((row) => String(row.id))
  const [highest] = await db.select({ id: max(comics.id) }).from(comics)
  const firstUnused = (highest?.id ?? 0) + 1
  return {
    tokens: { reader: accounts.reader.idToken, admin: accounts.admin.idToken },
    leavingTokens: { reader: accounts.leaving.reader.idToken, admin: accounts.leaving.admin.idToken },
    uids: { reader: accounts.reader.uid, admin: accounts.admin.uid },
    ids: {
      comics: await ids(comics.id, comics),
      chapters: await ids(chapters.id, chapters),
      genres: await ids(genres.id, genres),
      subscriptions: await ids(subscriptions.id, subscriptions),
      checkouts,
      orders: orderIds,
      coinOrders: coinOrderIds,
      payments: (await db.select({ id: payments.id }).from(payments).orderBy(asc(payments.id)).limit(10)).map((row) => String(row.id)),
      coinPurchases: (await db.select({ id: coinLedger.id }).from(coinLedger).where(eq(coinLedger.kind, 'purchase')).orderBy(asc(coinLedger.id)).limit(10)).map(
        (row) => String(row.id),
      ),
      episodes: (await db.select({ comicId: chapters.comicId, chapterId: chapters.id }).from(chapters).orderBy(asc(chapters.id)).limit(40)).map(
        (row) => ({ comicId: String(row.comicId), chapterId: String(row.chapterId) }),
      ),
      assets: (await db.select({ id: assets.id }).from(assets).orderBy(asc(assets.id)).limit(40)).map((row) => String(row.id)),
      unused: Array.from({ length: 40 }, (_, i) => String(firstUnused + i)),
    },
    storedFiles: (await db.select({ name: files.name }).from(files).orderBy(asc(files.name)).limit(8)).map((row) => row.name),
    images: [await testImage(16, 24, 'jpeg', 10), await testImage(24, 16, 'png', 120), await testImage(20, 20, 'webp', 240)],
    allowedOrigins: settings.allowedOrigins,
    hosts: settings.hosts ?? loadConfig({}).hosts,
    webhook: {
      secret: settings.paymentWebhookSecret,
      now: () => subject.now(),
      ...(settings.stripe ? { stripeSecret: settings.stripe.webhookSecret } : {}),
    },
  }
}
