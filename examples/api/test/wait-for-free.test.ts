import { and, asc, eq, lte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, chapters, coinLedger, coinUnlocks, waitForFreeTimers } from '../src/db/schema'
import { bearer, createAccount, grantLevel, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { HOUR } from './support/manual-clock'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

const ADULT = 'adult.localhost:5173'
const MIRROR = 'localhost:5173'

let server: TestServer
let admin: Account
let comicId: string
/** The comic's published episodes by chapter number. */
let episodes: string[]

beforeAll(async () => {
  server = await startTestServer()
  admin = await createAccount('admin', { admin: true })
  comicId = (await catalogueFacts(server.db)).uncensoredComic.comicId
  const rows = await server.db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.comicId, Number(comicId)), lte(chapters.publishAt, TEST_NOW)))
    .orderBy(asc(chapters.chapterNumber))
  episodes = rows.map((row) => String(row.id))
  expect(episodes.length).toBeGreaterThanOrEqual(8)
})
afterAll(() => server?.close())

const call = (account: Account | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, host = ADULT) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: { host, ...bearer(account) }, ...(payload ? { payload } : {}) })
const status = (account: Account | undefined, host = ADULT) => call(account, 'GET', `/comics/${comicId}/wait-for-free`, undefined, host)
const unlockFree = (account: Account, chapterId: string, host = ADULT) => call(account, 'POST', '/wait-for-free/unlocks', { chapterId }, host)
const setWait = (waitHours: number, newestExcluded: number) => call(admin, 'PUT', `/admin/comics/${comicId}/wait-for-free`, { waitHours, newestExcluded })
const pages = (account: Account, chapterId: string, variant: string) =>
  call(account, 'POST', '/comics-assets/list', { limit: 200, offset: 0, filters: { chapterId: [chapterId], variant: [variant] } })

describe('free after a wait', () => {
  it('is off until an admin sets a wait: the spec locks stay', async () => {
    const reader = await createAccount('reader')
    expect((await status(reader)).json().data[0]).toMatchObject({ comicId, waitHours: 0, newestExcluded: 0 })
    const refused = await unlockFree(reader, episodes[3]!)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('wait_for_free_off')
    expect((await pages(reader, episodes[3]!, 'censored')).statusCode).toBe(403)
  })

  it("the admin's setting is checked and audited with what it was and what it became", async () => {
    expect((await call(admin, 'PUT', `/admin/comics/${comicId}/wait-for-free`, { waitHours: 1.5, newestExcluded: 0 })).statusCode).toBe(400)
    const set = await setWait(24, 2)
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().data[0]).toMatchObject({ comicId, waitHours: 24, newestExcluded: 2 })
    const rows = await server.db.select().from(auditLog).where(eq(auditLog.comicId, Number(comicId)))
    expect(rows.at(-1)).toMatchObject({
      actorUid: admin.uid,
      action: 'edit',
      targetType: 'comic',
      detail: { waitForFree: { before: { waitHours: 0, newestExcluded: 0 }, after: { waitHours: 24, newestExcluded: 2 } } },
    })
    // A guest sees the setting but has no timer.
    const guest = (await status(undefined)).json().data[0]
    expect(guest).toMatchObject({ waitHours: 24, now: TEST_NOW.toISOString() })
    expect(guest.readyAt).toBeUndefined()
  })

  it('a ready timer unlocks episode 4 for good at no cost, restarts, and frees the next one only after the wait', async () => {
    const reader = await createAccount('reader')
    expect((await status(reader)).json().data[0].readyAt <= TEST_NOW.toISOString()).toBe(true)
    const unlocked = await unlockFree(reader, episodes[3]!)
    expect(unlocked.statusCode, unlocked.body).toBe(200)
    expect(unlocked.json().data[0]).toMatchObject({ chapterId: episodes[3], comicsId: comicId, coins: 0, via: 'wait', unlockedAt: TEST_NOW.toISOString() })
    expect((await pages(reader, episodes[3]!, 'censored')).statusCode).toBe(200)
    // The uncensored edition stays a subscription benefit; no coin was spent.
    expect((await pages(reader, episodes[3]!, 'uncensored')).statusCode).toBe(403)
    expect(await server.db.select().from(coinLedger).where(eq(coinLedger.userId, reader.uid))).toEqual([])
    // Asking again answers the same unlock without touching the timer.
    expect((await unlockFree(reader, episodes[3]!)).json().data[0].unlockedAt).toBe(TEST_NOW.toISOString())

    const readyAt = new Date(TEST_NOW.getTime() + 24 * HOUR).toISOString()
    expect((await status(reader)).json().data[0].readyAt).toBe(readyAt)
    const early = await unlockFree(reader, episodes[4]!)
    expect(early.statusCode).toBe(409)
    expect(early.json().error.code).toBe('timer_running')
    server.clock.advance(24 * HOUR - 1)
    expect((await unlockFree(reader, episodes[4]!)).json().error.code).toBe('timer_running')
    server.clock.advance(1)
    const next = await unlockFree(reader, episodes[4]!)
    expect(next.statusCode, next.body).toBe(200)
    expect((await pages(reader, episodes[4]!, 'censored')).statusCode).toBe(200)
    server.clock.set(TEST_NOW)
  })

  it('never frees the newest N episodes, and leaves a subscriber and a free episode alone', async () => {
    const reader = await createAccount('reader')
    const newest = await unlockFree(reader, episodes.at(-1)!)
    expect(newest.statusCode).toBe(409)
    expect(newest.json().error.code).toBe('newest_excluded')
    expect((await unlockFree(reader, episodes[0]!)).json().error.code).toBe('episode_free')
    const subscriber = await createAccount('level1')
    await grantLevel(server.db, subscriber.uid, 1, TEST_NOW)
    const refused = await unlockFree(subscriber, episodes[3]!)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('subscription_active')
    // Refusals start no timer.
    expect(await server.db.select().from(waitForFreeTimers).where(eq(waitForFreeTimers.userId, reader.uid))).toEqual([])
  })

  it('two tabs racing get one free unlock; racing for the same episode gets that one unlock', async () => {
    const reader = await createAccount('reader')
    const answers = await Promise.all(episodes.slice(3, 6).map((chapterId) => unlockFree(reader, chapterId)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409])
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.code === 'timer_running')).toBe(true)
    expect(await server.db.select().from(coinUnlocks).where(eq(coinUnlocks.userId, reader.uid))).toHaveLength(1)

    const other = await createAccount('reader')
    const same = await Promise.all(Array.from({ length: 4 }, () => unlockFree(other, episodes[4]!)))
    expect(same.map((a) => a.statusCode)).toEqual([200, 200, 200, 200])
    expect(await server.db.select().from(coinUnlocks).where(eq(coinUnlocks.userId, other.uid))).toHaveLength(1)
  })

  it('an AO comic is never answered to the mirror host', async () => {
    const reader = await createAccount('reader')
    expect((await status(reader, MIRROR)).statusCode).toBe(404)
    const refused = await unlockFree(reader, episodes[3]!, MIRROR)
    expect(refused.statusCode).toBe(404)
    expect(await server.db.select().from(waitForFreeTimers).where(eq(waitForFreeTimers.userId, reader.uid))).toEqual([])
  })
})
