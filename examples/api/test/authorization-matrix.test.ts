import { and, asc, eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { ApiErrorBodySchema, endpoints, type EndpointName } from '@comics/core/contract'
import { assets as assetRows, chapters, coinLedger, comics, subscriptions } from '../src/db/schema'
import { bearer, createAccount, createRoleAccounts, grantLevel, ROLES, type Account, type Role } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { testImage } from './support/images'
import { multipart } from './support/multipart'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

let server: TestServer
let accounts: Record<Exclude<Role, 'guest'>, Account>
let facts: Awaited<ReturnType<typeof catalogueFacts>>
let level1SubscriptionId: string
let image: Buffer
/** An episode of the uncensored comic scheduled a week ahead, with one page in each variant. */
let scheduledChapterId: string
/** The 5th episode of the uncensored comic, which `reader` unlocked with coins. */
let coinUnlockedChapterId: string

beforeAll(async () => {
  server = await startTestServer()
  accounts = await createRoleAccounts(server.db, TEST_NOW)
  facts = await catalogueFacts(server.db)
  const [row] = await server.db.select().from(subscriptions).where(eq(subscriptions.userId, accounts.level1.uid))
  level1SubscriptionId = String(row!.id)
  image = await testImage(800, 1200)
  const comicId = Number(facts.uncensoredComic.comicId)
  const [scheduled] = await server.db
    .insert(chapters)
    .values({ comicId, title: 'Next week', chapterNumber: 5000, publishAt: new Date(TEST_NOW.getTime() + 7 * 24 * 3_600_000) })
    .returning()
  scheduledChapterId = String(scheduled!.id)
  const [page] = await server.db.select({ file: assetRows.file }).from(assetRows).where(eq(assetRows.comicId, comicId)).limit(1)
  await server.db.insert(assetRows).values(
    (['censored', 'uncensored', 'legal'] as const).map((variant) => ({ comicId, chapterId: scheduled!.id, variant, position: 1, file: page!.file })),
  )
})
beforeAll(async () => {
  const episodes = await server.db
    .select({ id: chapters.id })
    .from(chapters)
    .where(eq(chapters.comicId, Number(facts.uncensoredComic.comicId)))
    .orderBy(asc(chapters.chapterNumber))
  coinUnlockedChapterId = String(episodes[4]!.id)
  const asAdmin = { authorization: `Bearer ${accounts.admin.idToken}` }
  const credited = await server.app.inject({ method: 'POST', url: '/api/v1/admin/coins/credits', headers: asAdmin, payload: { userId: accounts.reader.uid, coins: 10, reason: 'matrix' } })
  expect(credited.statusCode, credited.body).toBe(200)
  const unlocked = await server.app.inject({ method: 'POST', url: '/api/v1/coins/unlocks', headers: bearer(accounts.reader), payload: { chapterId: coinUnlockedChapterId } })
  expect(unlocked.statusCode, unlocked.body).toBe(200)
})
afterAll(() => server?.close())

/**
 * The status each caller gets. Unless named, `expired` (period ended, still marked active) gets what a
 * reader without a subscription gets, and `cancelled` (still inside its period) what level 3 gets.
 */
type Expected = Record<Exclude<Role, 'expired' | 'cancelled'>, number> & Partial<Record<'expired' | 'cancelled', number>>
const everyone = (status: number): Expected => Object.fromEntries(ROLES.map((role) => [role, status])) as Expected
const expectedOf = (expected: Expected, role: Role): number =>
  role === 'expired' ? (expected.expired ?? expected.reader) : role === 'cancelled' ? (expected.cancelled ?? expected.level3) : expected[role]
const adminOnly = (status: number): Expected => ({ ...everyone(403), guest: 401, admin: status })
const signedIn = (status: number): Expected => ({ ...everyone(status), guest: 401 })
const PAGE_URL = /\/api\/v1\/files\//

interface Cell {
  endpoint: EndpointName
  name: string
  request: () => Promise<InjectOptions> | InjectOptions
  expected: Expected
  /** Extra checks on a successful answer. */
  check?: (role: Role, body: unknown) => void
  /** Who calls in place of the role's shared account (a call that ends the account it is made with). */
  caller?: (role: Exclude<Role, 'guest'>) => Promise<Account>
}

const json = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object): InjectOptions => ({
  method,
  url: `/api/v1${url}`,
  headers: { host: 'adult.localhost:5173' },
  ...(payload ? { payload } : {}),
})
const form = (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, withImage = true): InjectOptions => {
  const body = multipart(fields, withImage ? [{ field: url.includes('/pages/') ? 'file' : url.includes('assets') || url.startsWith('/chapters') ? 'files' : url === '/comics' ? 'cover' : 'coverImage', filename: 'page.webp', contentType: 'image/webp', bytes: image }] : [])
  return { method, url: `/api/v1${url}`, headers: body.headers, payload: body.payload }
}
const assets = (chapterId: () => string, variant: string) => () =>
  json('POST', '/comics-assets/list', { limit: 200, offset: 0, filters: { chapterId: [chapterId()], variant: [variant] } })

/** The ids of the scheduled episode's legal pages, in reading order. */
const scheduledLegalPages = async () =>
  (
    await server.db
      .select({ id: assetRows.id })
      .from(assetRows)
      .where(and(eq(assetRows.chapterId, Number(scheduledChapterId)), eq(assetRows.variant, 'legal')))
      .orderBy(asc(assetRows.position))
  ).map((row) => String(row.id))

const cells: Cell[] = [
  { endpoint: 'listComics', name: 'comics list', request: () => json('POST', '/comics/list', { limit: 10, offset: 0 }), expected: everyone(200) },
  { endpoint: 'searchComics', name: 'comic search', request: () => json('POST', '/comics/search', { q: 'velvet', limit: 8, offset: 0 }), expected: everyone(200) },
  {
    endpoint: 'listChapters', name: 'chapters list: published episodes only, for everyone',
    request: () => json('POST', '/chapters/list', { limit: 200, offset: 0, filters: { comicsId: [facts.uncensoredComic.comicId] } }),
    expected: everyone(200),
    check: (_role, body) => {
      const ids = (body as { data: { id: string }[] }).data.map((chapter) => chapter.id)
      expect(ids).toContain(facts.uncensoredComic.freeChapterId)
      expect(ids).not.toContain(scheduledChapterId)
    },
  },
  {
    endpoint: 'listChapters', name: 'chapters list with unpublished episodes',
    request: () => json('POST', '/chapters/list', { limit: 200, offset: 0, filters: { comicsId: [facts.uncensoredComic.comicId], includeUnpublished: true } }),
    expected: adminOnly(200),
    check: (_role, body) => {
      expect((body as { data: { id: string }[] }).data.map((chapter) => chapter.id)).toContain(scheduledChapterId)
    },
  },
  {
    endpoint: 'listAssets', name: 'pages of a scheduled episode: none but to an admin (a preview)',
    request: () => json('POST', '/comics-assets/list', { limit: 200, offset: 0, filters: { chapterId: [scheduledChapterId], variant: ['censored'] } }),
    expected: everyone(200),
    check: (role, body) => {
      expect((body as { total: number }).total, role).toBe(role === 'admin' ? 1 : 0)
    },
  },
  { endpoint: 'listGenres', name: 'genres list', request: () => json('POST', '/genres/list', { limit: 200, offset: 0 }), expected: everyone(200) },
  { endpoint: 'listPaymentSystems', name: 'payment systems', request: () => json('GET', '/subscriptions/betatransfer/payment-systems'), expected: everyone(200) },
  {
    endpoint: 'listAssets', name: 'pages of a free episode, censored',
    request: assets(() => facts.uncensoredComic.freeChapterId, 'censored'), expected: everyone(200),
  },
  {
    endpoint: 'listAssets', name: 'pages of a locked episode, censored',
    request: assets(() => facts.uncensoredComic.lockedChapterId, 'censored'),
    expected: { guest: 401, reader: 403, level1: 200, level2: 200, level3: 200, level4: 200, admin: 403 },
  },
  {
    endpoint: 'listAssets', name: 'pages of a free episode, uncensored',
    request: assets(() => facts.uncensoredComic.freeChapterId, 'uncensored'),
    expected: { guest: 401, reader: 403, level1: 403, level2: 403, level3: 200, level4: 200, admin: 403 },
  },
  {
    endpoint: 'listAssets', name: 'pages of a locked episode, uncensored',
    request: assets(() => facts.uncensoredComic.lockedChapterId, 'uncensored'),
    expected: { guest: 401, reader: 403, level1: 403, level2: 403, level3: 200, level4: 200, admin: 403 },
  },
  {
    endpoint: 'listAssets', name: 'pages of a free episode, every variant the caller may see',
    request: () => json('POST', '/comics-assets/list', { limit: 200, offset: 0, filters: { chapterId: [facts.uncensoredComic.freeChapterId] } }),
    expected: everyone(200),
    check: (role, body) => {
      const variants = new Set((body as { data: { variant: string }[] }).data.map((a) => a.variant))
      expect(variants.has('uncensored'), role).toBe(role === 'level3' || role === 'level4' || role === 'cancelled')
    },
  },
  {
    endpoint: 'listSubscriptions', name: 'own subscriptions',
    request: () => json('POST', '/subscriptions/list', { limit: 200, offset: 0 }),
    expected: signedIn(200),
    check: (role, body) => {
      const uid = accounts[role as Exclude<Role, 'guest'>].uid
      for (const item of (body as { data: { userId: string }[] }).data) expect(item.userId).toBe(uid)
    },
  },
  {
    endpoint: 'listSubscriptions', name: "someone else's subscriptions",
    request: () => json('POST', '/subscriptions/list', { limit: 200, offset: 0, filters: { userId: [accounts.level1.uid] } }),
    expected: { guest: 401, reader: 403, level1: 200, level2: 403, level3: 403, level4: 403, admin: 200 },
  },
  {
    endpoint: 'listPayments', name: 'own payments (an admin: everyone\'s)',
    request: () => json('POST', '/payments/list', { limit: 200, offset: 0 }),
    expected: signedIn(200),
    check: (role, body) => {
      if (role === 'admin') return
      const uid = accounts[role as Exclude<Role, 'guest'>].uid
      for (const item of (body as { data: { userId: string }[] }).data) expect(item.userId).toBe(uid)
    },
  },
  {
    endpoint: 'listPayments', name: "someone else's payments",
    request: () => json('POST', '/payments/list', { limit: 200, offset: 0, filters: { userId: [accounts.level1.uid] } }),
    expected: { guest: 401, reader: 403, level1: 200, level2: 403, level3: 403, level4: 403, admin: 200 },
  },
  {
    endpoint: 'checkout', name: 'checkout of the 24-week plan',
    request: () => json('POST', '/subscriptions/checkout', { level: 4, title: '24weeks', urlSuccess: 'http://adult.localhost:5173/account' }),
    // At level 4 no plan is above the reader's: nothing to buy (spec §5).
    expected: { ...signedIn(200), level4: 409 },
  },
  {
    endpoint: 'refundPayment', name: 'refund of an unknown payment',
    request: () => json('POST', '/payments/999999/refund'), expected: adminOnly(404),
  },
  {
    endpoint: 'refundCoinPack', name: 'refund of an unknown coin pack purchase',
    request: () => json('POST', '/admin/coins/purchases/999999/refund'), expected: adminOnly(404),
  },
  {
    endpoint: 'createPayment', name: 'confirmation of an unknown checkout',
    request: () => json('POST', '/subscriptions', { checkoutId: 'no-such-checkout-id' }), expected: signedIn(404),
  },
  {
    endpoint: 'cancelSubscription', name: "cancel level1's subscription",
    request: () => json('POST', `/subscriptions/${level1SubscriptionId}/cancel`),
    // Only its owner may; to anyone else it does not exist.
    expected: { ...signedIn(404), level1: 200 },
  },
  {
    endpoint: 'exportMyData', name: 'export of my data',
    request: () => json('GET', '/me/export'),
    // Each reader gets their own data and nobody else's: there is no way to name another account.
    expected: signedIn(200),
    check: (role, body) => {
      const { uid, email } = accounts[role as Exclude<Role, 'guest'>]
      const exported = body as { profile: { uid: string; email: string }; subscriptions: { userId: string }[] }
      expect(exported.profile).toEqual({ uid, email })
      for (const item of exported.subscriptions) expect(item.userId).toBe(uid)
    },
  },
  {
    endpoint: 'putReaderSettings', name: 'save my reader settings',
    // Each reader saves their own: there is no way to name another account.
    request: () => json('PUT', '/me/reader-settings', { pageWidth: 'fit', pageGap: 'small', background: 'light', updatedAt: '2026-01-02T03:04:05.000Z' }),
    expected: signedIn(200),
    check: (_role, body) => {
      expect((body as { data: unknown[] }).data).toEqual([{ pageWidth: 'fit', pageGap: 'small', background: 'light', updatedAt: '2026-01-02T03:04:05.000Z' }])
    },
  },
  {
    endpoint: 'getReaderSettings', name: 'my reader settings',
    request: () => json('GET', '/me/reader-settings'),
    expected: signedIn(200),
    check: (_role, body) => {
      // Saved by the cell above for each role, or none yet: never anyone else's.
      for (const item of (body as { data: { updatedAt: string }[] }).data) expect(item.updatedAt).toBe('2026-01-02T03:04:05.000Z')
    },
  },
  {
    endpoint: 'deleteMyAccount', name: 'delete my account',
    request: () => json('DELETE', '/me'),
    // Each reader may end their own account and no other: each role calls with a throwaway account of its
    // own, subscribed as the role's, since the shared ones serve the other cells.
    expected: signedIn(200),
    caller: async (role) => {
      const account = await createAccount(role, { admin: role === 'admin' })
      const level = { level1: 1, level2: 2, level3: 3, level4: 4 }[role as string]
      if (level) await grantLevel(server.db, account.uid, level, TEST_NOW)
      return account
    },
    check: (role, body) => {
      expect(body).toEqual({ deleted: true, cancelledSubscriptions: role.startsWith('level') ? 1 : 0, keptPayments: 0 })
    },
  },
  {
    endpoint: 'adminListComics', name: 'every comic, off the mirror too',
    request: () => ({ ...json('POST', '/admin/comics/list', { limit: 200, offset: 0 }), headers: { host: 'localhost:5173' } }),
    expected: adminOnly(200),
    check: (_role, body) => {
      const listed = (body as { data: { contentRating: string; displayOnMirror: boolean }[]; total: number })
      expect(listed.total).toBe(facts.totalComics)
      // Asked on the mirror host, the admin still gets AO comics and comics off the mirror.
      expect(listed.data.some((comic) => comic.contentRating === 'AO')).toBe(true)
      expect(listed.data.some((comic) => !comic.displayOnMirror)).toBe(true)
    },
  },
  { endpoint: 'createGenre', name: 'create a genre', request: () => json('POST', '/genres', { name: `Matrix ${Date.now()}`, mature: false }), expected: adminOnly(200) },
  { endpoint: 'updateGenre', name: 'update a genre', request: () => json('PATCH', '/genres/1', { mature: false }), expected: adminOnly(200) },
  {
    endpoint: 'createComic', name: 'create a comic',
    request: () => form('POST', '/comics', { title: 'Matrix comic', contentRating: 'T', genres: '["1"]', displayOnMirror: '1' }),
    expected: adminOnly(200),
  },
  {
    endpoint: 'updateComic', name: 'update a comic',
    request: () => form('PATCH', `/comics/${facts.mirrorComic.comicId}`, { description: 'Updated by the matrix' }),
    expected: adminOnly(200),
  },
  { endpoint: 'deleteComics', name: 'delete comics', request: () => json('DELETE', '/comics', { ids: ['999999'] }), expected: adminOnly(200) },
  {
    endpoint: 'createChapters', name: 'create chapters',
    request: () => form('POST', '/chapters', { comicsId: facts.mirrorComic.comicId, chapters: JSON.stringify([{ title: 'Extra', chapterNumber: 900 + Math.floor(Math.random() * 9000), isFree: false }]) }),
    expected: adminOnly(200),
  },
  {
    endpoint: 'updateChapter', name: 'update a chapter',
    request: () => form('PATCH', `/chapters/${facts.mirrorComic.freeChapterId}`, { title: 'Renamed' }),
    expected: adminOnly(200),
  },
  {
    endpoint: 'uploadAssets', name: 'upload pages',
    request: () => form('POST', `/comics/${facts.mirrorComic.comicId}/assets/legal`, { chapterId: facts.mirrorComic.lockedChapterId }),
    expected: adminOnly(200),
  },
  {
    endpoint: 'uploadPage', name: "add one page to an episode not yet published",
    request: () => form('POST', `/comics/${facts.uncensoredComic.comicId}/chapters/${scheduledChapterId}/pages/legal`, {}),
    expected: adminOnly(200),
  },
  {
    endpoint: 'setPageOrder', name: "set an episode's page order",
    request: async () => {
      const pages = await scheduledLegalPages()
      return json('POST', `/comics/${facts.uncensoredComic.comicId}/chapters/${scheduledChapterId}/pages/legal/order`, { assetIds: pages.reverse() })
    },
    expected: adminOnly(200),
  },
  {
    endpoint: 'listAssets', name: 'pages of an episode the reader unlocked with coins, censored: to that reader only',
    request: assets(() => coinUnlockedChapterId, 'censored'),
    expected: { guest: 401, reader: 200, level1: 200, level2: 200, level3: 200, level4: 200, admin: 403, expired: 403 },
  },
  {
    endpoint: 'listAssets', name: 'pages of an episode the reader unlocked with coins, uncensored: never by coins',
    request: assets(() => coinUnlockedChapterId, 'uncensored'),
    expected: { guest: 401, reader: 403, level1: 403, level2: 403, level3: 200, level4: 200, admin: 403 },
  },
  { endpoint: 'listCoinPacks', name: 'coin packs', request: () => json('GET', '/coins/packs'), expected: everyone(200) },
  {
    endpoint: 'coinCheckout', name: 'checkout of a coin pack',
    request: () => json('POST', '/coins/checkout', { packId: 'coins-50', urlSuccess: 'http://adult.localhost:5173/coins' }),
    expected: signedIn(200),
  },
  {
    endpoint: 'confirmCoinPurchase', name: 'confirmation of an unknown coin checkout',
    request: () => json('POST', '/coins/purchases', { checkoutId: 'no-such-checkout-id' }), expected: signedIn(404),
  },
  {
    endpoint: 'getCoinBalance', name: 'own coin balance',
    request: () => json('GET', '/coins/balance'), expected: signedIn(200),
    check: (role, body) => {
      const [balance] = (body as { data: { userId: string; balance: number }[] }).data
      expect(balance!.userId).toBe(accounts[role as Exclude<Role, 'guest'>].uid)
      expect(balance!.balance).toBe(0)
    },
  },
  {
    endpoint: 'unlockEpisode', name: 'unlock a locked episode with no coins (a subscriber needs none)',
    request: () => json('POST', '/coins/unlocks', { chapterId: facts.uncensoredComic.lockedChapterId }),
    expected: signedIn(409),
  },
  {
    endpoint: 'listCoinUnlocks', name: 'own coin unlocks',
    request: () => json('POST', '/coins/unlocks/list', { limit: 200, offset: 0 }), expected: signedIn(200),
    check: (role, body) => {
      const unlocks = (body as { data: { userId: string; chapterId: string }[] }).data
      expect(unlocks.map((u) => u.chapterId)).toEqual(role === 'reader' ? [coinUnlockedChapterId] : [])
    },
  },
  {
    endpoint: 'listCoinUnlocks', name: "someone else's coin unlocks",
    request: () => json('POST', '/coins/unlocks/list', { limit: 200, offset: 0, filters: { userId: [accounts.reader.uid] } }),
    expected: { ...adminOnly(200), reader: 200 },
  },
  {
    endpoint: 'listCoinHistory', name: 'own coin history',
    request: () => json('POST', '/coins/history/list', { limit: 200, offset: 0 }), expected: signedIn(200),
    check: (role, body) => {
      const uid = accounts[role as Exclude<Role, 'guest'>].uid
      for (const entry of (body as { data: { userId: string }[] }).data) expect(entry.userId).toBe(uid)
    },
  },
  {
    endpoint: 'listCoinHistory', name: "someone else's coin history",
    request: () => json('POST', '/coins/history/list', { limit: 200, offset: 0, filters: { userId: [accounts.reader.uid] } }),
    expected: { ...adminOnly(200), reader: 200 },
  },
  {
    endpoint: 'adminCoinBalance', name: "a reader's coin balance",
    request: () => json('GET', `/admin/coins/${accounts.reader.uid}/balance`), expected: adminOnly(200),
  },
  {
    endpoint: 'creditCoins', name: 'credit coins to level2 with a reason',
    request: () => json('POST', '/admin/coins/credits', { userId: accounts.level2.uid, coins: 5, reason: 'matrix credit' }),
    expected: adminOnly(200),
  },
  {
    endpoint: 'listAudit', name: 'the audit log of admin writes',
    request: () => json('POST', '/admin/audit/list', { limit: 50, offset: 0 }), expected: adminOnly(200),
  },
  {
    endpoint: 'syncMyProgress', name: 'my reading position merged into my account',
    // Each role sends its own page: the answer holds it, and nobody else's.
    request: () => json('POST', '/me/progress', { entries: [] }),
    expected: signedIn(200),
    caller: async (role) => {
      const account = accounts[role]
      const sent = await server.app.inject({
        ...json('POST', '/me/progress', {
          entries: [{ comicId: facts.uncensoredComic.comicId, chapterId: facts.uncensoredComic.freeChapterId, chapterTitle: 'Episode 1', page: ROLES.indexOf(role), updatedAt: 1_000 }],
        }),
        headers: { host: 'adult.localhost:5173', ...bearer(account) },
      })
      expect(sent.statusCode, sent.body).toBe(200)
      return account
    },
    check: (role, body) => {
      expect((body as { data: { page?: number }[] }).data.map((entry) => entry.page)).toEqual([ROLES.indexOf(role)])
    },
  },
  {
    endpoint: 'listMyProgress', name: 'my reading positions only',
    request: () => json('GET', '/me/progress'), expected: signedIn(200),
    check: (role, body) => {
      expect((body as { data: { page?: number }[] }).data.map((entry) => entry.page)).toEqual([ROLES.indexOf(role)])
    },
  },
  {
    endpoint: 'followComic', name: 'follow a comic of the host',
    request: () => json('POST', '/me/follows', { comicId: facts.uncensoredComic.comicId }), expected: signedIn(200),
  },
  {
    endpoint: 'followComic', name: 'follow an AO comic from the mirror host: not there',
    request: () => ({ ...json('POST', '/me/follows', { comicId: facts.uncensoredComic.comicId }), headers: { host: 'localhost:5173' } }),
    expected: signedIn(404),
  },
  {
    endpoint: 'listMyFollows', name: 'my followed comics only',
    request: () => json('GET', '/me/follows'), expected: signedIn(200),
    check: (_role, body) => {
      expect((body as { data: { comicId: string }[] }).data.map((follow) => follow.comicId)).toEqual([facts.uncensoredComic.comicId])
    },
  },
  {
    endpoint: 'unfollowComic', name: 'unfollow a comic',
    request: () => json('DELETE', `/me/follows/${facts.uncensoredComic.comicId}`), expected: signedIn(200),
  },
]

it('covers every endpoint of the contract', () => {
  expect(new Set(cells.map((cell) => cell.endpoint))).toEqual(new Set(Object.keys(endpoints)))
})

describe.each(cells)('$endpoint: $name', (cell) => {
  it.each(ROLES.map((role) => ({ role })))('$role', async ({ role }) => {
    const request = await cell.request()
    const account = role === 'guest' ? undefined : cell.caller ? await cell.caller(role) : accounts[role]
    const response = await server.app.inject({ ...request, headers: { ...request.headers, ...bearer(account) } })
    const status = expectedOf(cell.expected, role)
    expect(response.statusCode, response.body).toBe(status)
    if (status >= 400) {
      const body = z.parse(ApiErrorBodySchema, response.json())
      expect(body.error.message.length).toBeGreaterThan(0)
      // A refusal never carries a page URL.
      expect(response.body).not.toMatch(PAGE_URL)
      return
    }
    const endpoint = endpoints[cell.endpoint]
    const body = z.parse(endpoint.response, response.json())
    cell.check?.(role, body)
  })
})

it('wrote only what the admin asked for: refused writes left nothing behind', async () => {
  const created = await server.db.select().from(comics).where(eq(comics.title, 'Matrix comic'))
  expect(created).toHaveLength(1)
  const level1 = await server.db.select().from(subscriptions).where(eq(subscriptions.userId, accounts.level1.uid))
  expect(level1.map((row) => row.autoRenew)).toEqual([false])
  const level2 = await server.db.select().from(subscriptions).where(eq(subscriptions.userId, accounts.level2.uid))
  expect(level2.map((row) => row.autoRenew)).toEqual([true])
  // One page added, by the admin alone, then the two put the other way round by the admin alone.
  const [first, added] = await server.db
    .select({ id: assetRows.id, position: assetRows.position })
    .from(assetRows)
    .where(and(eq(assetRows.chapterId, Number(scheduledChapterId)), eq(assetRows.variant, 'legal')))
    .orderBy(asc(assetRows.id))
  expect(await scheduledLegalPages()).toEqual([String(added!.id), String(first!.id)])
  // One support credit by the admin; the readers' own refused credits wrote nothing.
  const credits = await server.db.select().from(coinLedger).where(and(eq(coinLedger.userId, accounts.level2.uid)))
  expect(credits.map((entry) => [entry.kind, entry.coins, entry.createdBy])).toEqual([['credit', 5, accounts.admin.uid]])
})
