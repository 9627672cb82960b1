import { and, asc, eq, ne } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { ApiErrorBodySchema, endpoints, type EndpointName } from '@comics/core/contract'
import { isComicShownOn, SEARCH_LIMIT_MAX, type HostedComicRef, type SiteMode } from '@comics/core/rules'
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
  const unlocked = await server.app.inject({ method: 'POST', url: '/api/v1/coins/unlocks', headers: { host: 'adult.localhost:5173', ...bearer(accounts.reader) }, payload: { chapterId: coinUnlockedChapterId } })
  expect(unlocked.statusCode, unlocked.body).toBe(200)
})
/** Comments for the comment cells: by readers who are none of the roles (so every role may report them). */
let commentAuthor: Account
let targetCommentId: string
let offenderCommentId: string
const postComment = async (author: Account, text: string) => {
  const response = await server.app.inject({
    method: 'POST', url: '/api/v1/comments', headers: { host: 'adult.localhost:5173', ...bearer(author) },
    payload: { chapterId: facts.uncensoredComic.freeChapterId, text },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data[0].id as string
}
beforeAll(async () => {
  // Every role writes from the same address within the minute: allowances raised for this run.
  server.context.config.commentRateLimitScale = 100
  const offender = await createAccount('reader')
  commentAuthor = await createAccount('reader')
  targetCommentId = await postComment(commentAuthor, 'The matrix comment')
  offenderCommentId = await postComment(offender, 'To be suspended for')
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
    endpoint: 'getTranscript', name: 'transcript of a free episode',
    request: () => json('GET', `/chapters/${facts.uncensoredComic.freeChapterId}/transcript`), expected: everyone(200),
  },
  {
    endpoint: 'getTranscript', name: 'transcript of a locked episode: locked as its pages',
    request: () => json('GET', `/chapters/${facts.uncensoredComic.lockedChapterId}/transcript`),
    expected: { guest: 401, reader: 403, level1: 200, level2: 200, level3: 200, level4: 200, admin: 403 },
  },
  {
    endpoint: 'getTranscript', name: 'transcript of an episode the reader unlocked with coins: to that reader only',
    request: () => json('GET', `/chapters/${coinUnlockedChapterId}/transcript`),
    expected: { guest: 401, reader: 200, level1: 200, level2: 200, level3: 200, level4: 200, admin: 403, expired: 403 },
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
      // A save without auto-scroll's speed keeps the account's: medium, the default, here.
      expect((body as { data: unknown[] }).data).toEqual([{ pageWidth: 'fit', pageGap: 'small', background: 'light', scrollSpeed: 'medium', flow: 'episode', updatedAt: '2026-01-02T03:04:05.000Z' }])
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
    endpoint: 'setPageAlt', name: "set the alt text of an episode's pages",
    request: async () => {
      const [first] = await scheduledLegalPages()
      return json('PUT', `/comics/${facts.uncensoredComic.comicId}/chapters/${scheduledChapterId}/pages/legal/alt`, { pages: [{ assetId: first!, alt: 'A door ajar.' }] })
    },
    expected: adminOnly(200),
  },
  {
    endpoint: 'putTranscript', name: "set an episode's transcript",
    request: () => json('PUT', `/comics/${facts.uncensoredComic.comicId}/chapters/${scheduledChapterId}/transcript`, { entries: [{ page: 1, kind: 'narration', text: 'Next week.' }] }),
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
  {
    endpoint: 'getWaitForFree', name: "a comic's wait for a free episode: the timer only to a signed-in reader",
    request: () => json('GET', `/comics/${facts.uncensoredComic.comicId}/wait-for-free`), expected: everyone(200),
    check: (role, body) => {
      const [status] = (body as { data: { waitHours: number; readyAt?: string }[] }).data
      expect(status!.waitHours).toBe(0)
      expect(status!.readyAt === undefined, role).toBe(role === 'guest')
    },
  },
  {
    endpoint: 'getWaitForFree', name: "an AO comic's wait from the mirror host: not there (but to an admin)",
    request: () => ({ ...json('GET', `/comics/${facts.uncensoredComic.comicId}/wait-for-free`), headers: { host: 'localhost:5173' } }),
    expected: { ...everyone(404), admin: 200 },
  },
  {
    endpoint: 'unlockEpisodeFree', name: 'a free unlock of a comic whose wait is off',
    request: () => json('POST', '/wait-for-free/unlocks', { chapterId: facts.uncensoredComic.lockedChapterId }), expected: signedIn(409),
  },
  {
    endpoint: 'unlockEpisodeFree', name: 'a free unlock of an AO episode from the mirror host: not there',
    request: () => ({ ...json('POST', '/wait-for-free/unlocks', { chapterId: facts.uncensoredComic.lockedChapterId }), headers: { host: 'localhost:5173' } }),
    expected: signedIn(404),
  },
  {
    endpoint: 'setWaitForFree', name: "set a comic's wait for a free episode",
    request: () => json('PUT', `/admin/comics/${facts.mirrorComic.comicId}/wait-for-free`, { waitHours: 24, newestExcluded: 1 }),
    expected: adminOnly(200),
  },
  {
    endpoint: 'listComments', name: "an episode's comments: anyone",
    request: () => json('POST', '/comments/list', { chapterId: facts.uncensoredComic.freeChapterId, limit: 20, offset: 0 }), expected: everyone(200),
  },
  {
    endpoint: 'listComments', name: "an AO episode's comments from the mirror host: not there",
    request: () => ({ ...json('POST', '/comments/list', { chapterId: facts.uncensoredComic.freeChapterId, limit: 20, offset: 0 }), headers: { host: 'localhost:5173' } }),
    expected: everyone(404),
  },
  {
    endpoint: 'listEpisodeReactions', name: "a comic's comment and like counts: anyone",
    request: () => json('POST', '/comments/counts', { comicId: facts.uncensoredComic.comicId }), expected: everyone(200),
  },
  {
    endpoint: 'createComment', name: 'comment on an episode: signed in',
    request: () => json('POST', '/comments', { chapterId: facts.uncensoredComic.freeChapterId, text: 'From the matrix' }), expected: signedIn(200),
  },
  {
    endpoint: 'editComment', name: "edit someone else's comment: nobody, not even an admin",
    request: () => json('PATCH', `/comments/${targetCommentId}`, { text: 'Changed' }), expected: signedIn(403),
  },
  {
    endpoint: 'editComment', name: 'edit your own comment',
    request: () => json('PATCH', `/comments/${targetCommentId}`, { text: 'The matrix comment, edited' }), expected: signedIn(200),
    caller: async () => commentAuthor,
  },
  {
    endpoint: 'deleteComment', name: "delete someone else's comment: an admin only",
    request: async () => json('DELETE', `/comments/${await postComment(commentAuthor, 'Deletable')}`), expected: { ...signedIn(403), admin: 200 },
  },
  {
    endpoint: 'likeComment', name: 'like a comment: signed in',
    request: () => json('PUT', `/comments/${targetCommentId}/like`), expected: signedIn(200),
  },
  {
    endpoint: 'unlikeComment', name: 'take back a like: signed in',
    request: () => json('DELETE', `/comments/${targetCommentId}/like`), expected: signedIn(200),
  },
  {
    endpoint: 'likeEpisode', name: 'like an episode: signed in',
    request: () => json('PUT', `/episodes/${facts.uncensoredComic.freeChapterId}/like`), expected: signedIn(200),
  },
  {
    endpoint: 'likeEpisode', name: 'like an AO episode from the mirror host: not there',
    request: () => ({ ...json('PUT', `/episodes/${facts.uncensoredComic.freeChapterId}/like`), headers: { host: 'localhost:5173' } }),
    expected: signedIn(404),
  },
  {
    endpoint: 'unlikeEpisode', name: 'take back a like of an episode: signed in',
    request: () => json('DELETE', `/episodes/${facts.uncensoredComic.freeChapterId}/like`), expected: signedIn(200),
  },
  {
    endpoint: 'reportComment', name: "report someone else's comment: signed in",
    request: () => json('POST', `/comments/${targetCommentId}/reports`, { reason: 'spam' }), expected: signedIn(200),
  },
  {
    endpoint: 'pinComment', name: 'pin a comment: admin',
    request: () => json('POST', `/admin/comments/${targetCommentId}/pin`, { pinned: true }), expected: adminOnly(200),
  },
  {
    endpoint: 'listCommentReports', name: 'the moderation queue: admin',
    request: () => json('POST', '/admin/comments/reports/list', { limit: 20, offset: 0 }), expected: adminOnly(200),
  },
  {
    endpoint: 'moderateComment', name: 'hide a comment: admin',
    request: () => json('POST', `/admin/comments/${targetCommentId}/moderation`, { action: 'hide' }), expected: adminOnly(200),
  },
  {
    endpoint: 'suspendCommenter', name: "suspend a comment's author: admin",
    request: () => json('POST', `/admin/comments/${offenderCommentId}/suspension`, { days: 1 }), expected: adminOnly(200),
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

/**
 * The host dimension: every read route × {adult, mirror} × {AO, T, M comic} × the roles. What a host
 * answers about a comic follows core `isComicShownOn`: the adult host shows AO, the mirror T and M
 * comics flagged `displayOnMirror`; a comic a host does not show has, to it, no episode, no page, no
 * position, no follow and no unlock. The mirror never serves the uncensored variant, whatever the level.
 */
describe('the host', () => {
  const HOSTS = { adult: 'adult.localhost:5173', mirror: 'localhost:5173' } as const
  const MODES: Record<keyof typeof HOSTS, SiteMode> = { adult: 'adult', mirror: 'normal' }
  type Rating = 'AO' | 'T' | 'M'
  interface HostedComic extends HostedComicRef {
    id: string
    title: string
    freeChapterId: string
    /** A page of its free episode whose image no other comic uses. */
    pageFile: string
  }
  const hosted = {} as Record<Rating, HostedComic>
  /** Every comic's rating and mirror flag, by id. */
  const allComics = new Map<string, HostedComicRef>()

  beforeAll(async () => {
    // Seeded pages share images across comics: each comic gets a page image of its own (a later page of its
    // free episode), so that what a host serves of it is told apart.
    let hue = 10
    const hostedComic = async (row: typeof comics.$inferSelect): Promise<HostedComic> => {
      const [free] = await server.db.select().from(chapters).where(eq(chapters.comicId, row.id)).orderBy(asc(chapters.chapterNumber)).limit(1)
      const bytes = await testImage(800, 1200, 'webp', (hue += 40))
      const pageFile = await server.context.fileStore.storeWith(
        server.db,
        [{ bytes, extension: 'webp', contentType: 'image/webp', width: 800, height: 1200 }],
        async (tx, [name]) => {
          await tx.insert(assetRows).values({ comicId: row.id, chapterId: free!.id, variant: 'legal', position: 1000, file: name! })
          return name!
        },
      )
      return { id: String(row.id), title: row.title, freeChapterId: String(free!.id), pageFile, contentRating: row.contentRating, displayOnMirror: row.displayOnMirror }
    }
    const pick = async (rating: Rating, displayOnMirror: boolean) => {
      const [row] = await server.db
        .select()
        .from(comics)
        .where(and(eq(comics.contentRating, rating), eq(comics.displayOnMirror, displayOnMirror)))
        .orderBy(asc(comics.id))
        .limit(1)
      return hostedComic(row!)
    }
    const [adultComic] = await server.db.select().from(comics).where(eq(comics.id, Number(facts.uncensoredComic.comicId)))
    hosted.AO = await hostedComic(adultComic!)
    hosted.T = await pick('T', true)
    hosted.M = await pick('M', false)
    // The mirror's comic gets an uncensored page too, so that the variant rule is tried on a comic the mirror shows.
    await server.db.insert(assetRows).values({ comicId: Number(hosted.T.id), chapterId: Number(hosted.T.freeChapterId), variant: 'uncensored', position: 1, file: hosted.T.pageFile })
    for (const row of await server.db.select({ id: comics.id, contentRating: comics.contentRating, displayOnMirror: comics.displayOnMirror }).from(comics)) {
      allComics.set(String(row.id), row)
    }
  })

  interface HostCase {
    host: keyof typeof HOSTS
    rating: Rating
    role: Role
  }
  interface HostCell {
    name: string
    run: (options: { comic: HostedComic; shown: boolean; mode: SiteMode; role: Role; call: (request: InjectOptions) => Promise<{ statusCode: number; body: string; json(): unknown }> }) => Promise<void>
  }
  const list = (body: unknown) => (body as { data: Record<string, unknown>[] }).data
  const hostCells: HostCell[] = [
    {
      name: 'comics list by id',
      run: async ({ comic, shown, call }) => {
        const answer = await call(json('POST', '/comics/list', { limit: 10, offset: 0, filters: { id: [comic.id] } }))
        expect(answer.statusCode).toBe(200)
        expect(list(answer.json()).map((c) => c.id)).toEqual(shown ? [comic.id] : [])
      },
    },
    {
      name: 'comic search by title',
      run: async ({ comic, shown, mode, call }) => {
        const answer = await call(json('POST', '/comics/search', { q: comic.title.split(' ')[0], limit: SEARCH_LIMIT_MAX, offset: 0 }))
        expect(answer.statusCode).toBe(200)
        const found = list(answer.json())
        if (!shown) expect(found.map((c) => c.id)).not.toContain(comic.id)
        for (const c of found) expect(isComicShownOn(mode, allComics.get(String(c.id))!)).toBe(true)
      },
    },
    {
      name: "chapters list of the comic",
      run: async ({ comic, shown, role, call }) => {
        const answer = await call(json('POST', '/chapters/list', { limit: 200, offset: 0, filters: { comicsId: [comic.id] } }))
        expect(answer.statusCode).toBe(200)
        // An admin's listing is of every comic (as their comic list).
        expect(list(answer.json()).map((c) => c.id).includes(comic.freeChapterId)).toBe(shown || role === 'admin')
      },
    },
    {
      name: 'chapters list without a comic filter',
      run: async ({ mode, role, call }) => {
        const answer = await call(json('POST', '/chapters/list', { limit: 200, offset: 0, filters: {} }))
        expect(answer.statusCode).toBe(200)
        const listed = list(answer.json())
        expect(listed.length).toBeGreaterThan(0)
        if (role !== 'admin') for (const c of listed) expect(isComicShownOn(mode, allComics.get(String(c.comicsId))!)).toBe(true)
      },
    },
    {
      name: 'pages of the free episode, every variant',
      run: async ({ comic, shown, mode, role, call }) => {
        const answer = await call(json('POST', '/comics-assets/list', { limit: 200, offset: 0, filters: { chapterId: [comic.freeChapterId] } }))
        expect(answer.statusCode, answer.body).toBe(200)
        const pages = list(answer.json())
        expect(pages.length > 0).toBe(shown || role === 'admin')
        if (mode === 'normal') expect(pages.map((page) => page.variant)).not.toContain('uncensored')
      },
    },
    {
      name: 'uncensored pages of the free episode',
      run: async ({ comic, shown, mode, role, call }) => {
        const answer = await call(json('POST', '/comics-assets/list', { limit: 200, offset: 0, filters: { chapterId: [comic.freeChapterId], variant: ['uncensored'] } }))
        const mayRead = ['level3', 'level4', 'cancelled'].includes(role)
        if (mode === 'normal') {
          // The mirror never serves the uncensored variant, whatever the level: to it, there is none.
          expect(answer.statusCode, answer.body).toBe(200)
          expect(list(answer.json())).toEqual([])
        } else if (!mayRead) {
          expect(answer.statusCode).toBe(role === 'guest' ? 401 : 403)
        } else {
          // A comic the adult host does not show is, to it, one with no pages.
          expect(answer.statusCode).toBe(200)
          expect(list(answer.json()).length > 0).toBe(shown)
        }
      },
    },
    {
      name: 'a page image',
      run: async ({ comic, shown, call }) => {
        const answer = await call({ method: 'GET', url: `/api/v1/files/${comic.pageFile}`, headers: {} })
        expect(answer.statusCode).toBe(shown ? 200 : 404)
      },
    },
    {
      name: 'follow the comic, then my follows',
      run: async ({ comic, shown, role, call }) => {
        const followed = await call(json('POST', '/me/follows', { comicId: comic.id }))
        if (role === 'guest') return expect(followed.statusCode).toBe(401)
        expect(followed.statusCode).toBe(shown ? 200 : 404)
        const follows = await call(json('GET', '/me/follows'))
        expect(list(follows.json()).map((f) => f.comicId).includes(comic.id)).toBe(shown)
      },
    },
    {
      name: 'my reading position in the comic, then my last read',
      run: async ({ comic, shown, role, call }) => {
        const entry = { comicId: comic.id, chapterId: comic.freeChapterId, chapterTitle: 'Episode 1', page: 1, updatedAt: 2_000 }
        const synced = await call(json('POST', '/me/progress', { entries: [entry] }))
        if (role === 'guest') return expect(synced.statusCode).toBe(401)
        expect(list(synced.json()).map((p) => p.comicId).includes(comic.id)).toBe(shown)
        const lastRead = await call(json('GET', '/me/progress'))
        expect(list(lastRead.json()).map((p) => p.comicId).includes(comic.id)).toBe(shown)
      },
    },
    {
      name: 'unlock its free episode with coins',
      run: async ({ comic, shown, role, call }) => {
        const answer = await call(json('POST', '/coins/unlocks', { chapterId: comic.freeChapterId }))
        expect(answer.statusCode).toBe(role === 'guest' ? 401 : shown ? 409 : 404)
      },
    },
    {
      name: 'my coin unlocks of the comic',
      run: async ({ comic, shown, role, call }) => {
        const answer = await call(json('POST', '/coins/unlocks/list', { limit: 200, offset: 0, filters: { comicsId: [comic.id] } }))
        if (role === 'guest') return expect(answer.statusCode).toBe(401)
        expect(answer.statusCode).toBe(200)
        const ownUnlock = role === 'reader' && comic.id === facts.uncensoredComic.comicId
        expect(list(answer.json()).length).toBe(ownUnlock && shown ? 1 : 0)
      },
    },
  ]
  const cases: HostCase[] = (Object.keys(HOSTS) as (keyof typeof HOSTS)[]).flatMap((host) =>
    (['AO', 'T', 'M'] as const).flatMap((rating) => ROLES.map((role) => ({ host, rating, role }))),
  )

  describe.each(hostCells)('$name', (cell) => {
    it.each(cases)('$host host, $rating comic, $role', async ({ host, rating, role }) => {
      const comic = hosted[rating]
      const mode = MODES[host]
      const account = role === 'guest' ? undefined : accounts[role]
      const call = (request: InjectOptions) =>
        server.app.inject({ ...request, headers: { ...request.headers, host: HOSTS[host], ...bearer(account) } })
      await cell.run({ comic, shown: isComicShownOn(mode, comic), mode, role, call })
    })
  })
})
