import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { AccountExportSchema, endpoints, type ReadingProgressEntry } from '@comics/core/contract'
import { PROGRESS_SYNC_LIMIT } from '@comics/core/rules'
import { chapters, comics } from '../src/db/schema'
import { bearer, createAccount, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

let server: TestServer
let facts: Awaited<ReturnType<typeof catalogueFacts>>
const ADULT = 'adult.localhost:5173'
const MIRROR = 'localhost:5173'

beforeAll(async () => {
  server = await startTestServer()
  facts = await catalogueFacts(server.db)
})
afterAll(() => server?.close())

const call = (account: Account, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, host = ADULT) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: { host, ...bearer(account) }, ...(payload ? { payload } : {}) })

async function sync(account: Account, entries: ReadingProgressEntry[]): Promise<ReadingProgressEntry[]> {
  const response = await call(account, 'POST', '/me/progress', { entries })
  expect(response.statusCode, response.body).toBe(200)
  return z.parse(endpoints.syncMyProgress.response, response.json()).data
}

const position = (comicId: string, chapterId: string, page: number, updatedAt: number): ReadingProgressEntry => ({
  comicId, chapterId, chapterTitle: 'Episode 2', page, offset: 12, updatedAt,
})

/** The first episode of each of the first `n` comics both hosts show (T or M, on the mirror). */
async function mirrorComics(n: number) {
  const shown = await server.db
    .select({ comicId: comics.id, chapterId: chapters.id })
    .from(comics)
    .innerJoin(chapters, eq(chapters.comicId, comics.id))
    .where(and(eq(comics.displayOnMirror, true), inArray(comics.contentRating, ['T', 'M'])))
    .orderBy(asc(comics.id), asc(chapters.chapterNumber))
  const first = [...new Map(shown.map((row) => [row.comicId, row])).values()].slice(0, n)
  expect(first).toHaveLength(n)
  return first
}

describe('POST and GET /me/progress', () => {
  it('merges per comic by the latest change: an older device never overwrites newer progress', async () => {
    const reader = await createAccount('reader')
    const { comicId, freeChapterId } = facts.uncensoredComic
    const t = TEST_NOW.getTime() - 60_000
    expect(await sync(reader, [position(comicId, freeChapterId, 20, t)])).toEqual([position(comicId, freeChapterId, 20, t)])
    // The laptop that read page 5 a minute earlier, offline, comes back: page 20 stays.
    expect(await sync(reader, [position(comicId, freeChapterId, 5, t - 60_000)])).toEqual([position(comicId, freeChapterId, 20, t)])
    // A later position replaces it; another comic is added. Each host answers the positions in the comics
    // it shows (core `isComicShownOn`): the mirror's last-read list never names the AO comic.
    const mirror = facts.mirrorComic
    const after = await sync(reader, [position(comicId, freeChapterId, 30, t + 1_000), position(mirror.comicId, mirror.freeChapterId, 2, t + 500)])
    expect(after.map((entry) => [entry.comicId, entry.page])).toEqual([[comicId, 30]])
    const listed = await call(reader, 'GET', '/me/progress')
    expect(listed.statusCode).toBe(200)
    expect(z.parse(endpoints.listMyProgress.response, listed.json()).data).toEqual(after)
    const onMirror = z.parse(endpoints.listMyProgress.response, (await call(reader, 'GET', '/me/progress', undefined, MIRROR)).json()).data
    expect(onMirror.map((entry) => [entry.comicId, entry.page])).toEqual([[mirror.comicId, 2]])
    // Nobody else sees it.
    const other = await createAccount('reader')
    expect((await call(other, 'GET', '/me/progress')).json()).toEqual({ data: [] })
  })

  it("takes a time ahead of the server's as the server's now, drops deleted comics, refuses what is no id or too many", async () => {
    const reader = await createAccount('reader')
    const { comicId, freeChapterId } = facts.uncensoredComic
    const [kept] = await sync(reader, [position(comicId, freeChapterId, 9, TEST_NOW.getTime() + 86_400_000), position('999999', '1', 1, 1)])
    expect(kept).toMatchObject({ page: 9, updatedAt: TEST_NOW.getTime() })
    expect(await sync(reader, [])).toHaveLength(1)
    const bad = await call(reader, 'POST', '/me/progress', { entries: [position("1' OR '1'='1", freeChapterId, 1, 1)] })
    expect(bad.statusCode).toBe(400)
    const many = Array.from({ length: PROGRESS_SYNC_LIMIT + 1 }, (_, i) => position(comicId, freeChapterId, i, i))
    expect((await call(reader, 'POST', '/me/progress', { entries: many })).statusCode).toBe(400)
    expect((await call(reader, 'POST', '/me/progress', { entries: [{ ...position(comicId, freeChapterId, -1, 1) }] })).statusCode).toBe(400)
    // Nothing of the refused calls was written.
    expect((await call(reader, 'GET', '/me/progress')).json().data).toEqual([kept])
  })

  it("answers a device that sends the account's positions again, one of them later and one earlier, with the account as GET gives it", async () => {
    const reader = await createAccount('reader')
    const three = await mirrorComics(3)
    const t = TEST_NOW.getTime() - 600_000
    const first = three.map((row, i) => position(String(row.comicId), String(row.chapterId), i + 1, t + i * 1_000))
    const put = (entries: ReadingProgressEntry[]) => call(reader, 'POST', '/me/progress', { entries }, MIRROR)
    expect((await put(first)).json().data).toEqual([...first].reverse())
    // The same three again: the first one read further since, the last one an older page from a stale tab.
    const again = [{ ...first[0]!, page: 7, updatedAt: t + 10_000 }, first[1]!, { ...first[2]!, page: 1, updatedAt: t - 1_000 }]
    const answer = (await put(again)).json().data
    expect(answer).toEqual([again[0], first[2], first[1]])
    expect((await call(reader, 'GET', '/me/progress', undefined, MIRROR)).json().data).toEqual(answer)
  })

  it('keeps the latest of several devices sending at once', async () => {
    const reader = await createAccount('reader')
    const { comicId, freeChapterId } = facts.uncensoredComic
    const t = TEST_NOW.getTime() - 60_000
    const devices = [3, 6, 1, 5, 2, 4]
    await Promise.all(devices.map((page) => sync(reader, [position(comicId, freeChapterId, page, t + page * 1_000)])))
    expect((await call(reader, 'GET', '/me/progress')).json().data).toEqual([position(comicId, freeChapterId, 6, t + 6_000)])
  })

  it('keeps every comic of devices sending at once, each answered with its own position or a later one', async () => {
    const reader = await createAccount('reader')
    const three = await mirrorComics(3)
    const t = TEST_NOW.getTime() - 600_000
    // Twelve syncs at once: each a comic of its own (the second or the third, in turn) and the first, later each time.
    const sent = Array.from({ length: 12 }, (_, i) => {
      const own = three[1 + (i % 2)]!
      return [position(String(own.comicId), String(own.chapterId), i + 1, t + i * 1_000), position(String(three[0]!.comicId), String(three[0]!.chapterId), 100 + i, t + i * 1_000 + 500)]
    })
    const answers = await Promise.all(sent.map((entries) => call(reader, 'POST', '/me/progress', { entries }, MIRROR)))
    for (const [i, answer] of answers.entries()) {
      expect(answer.statusCode, answer.body).toBe(200)
      const data = (answer.json() as { data: ReadingProgressEntry[] }).data
      for (const entry of sent[i]!) {
        const there = data.find((each) => each.comicId === entry.comicId)
        expect(there?.updatedAt, `sync ${i}, comic ${entry.comicId}`).toBeGreaterThanOrEqual(entry.updatedAt)
      }
    }
    // The account: per comic the latest sent (the shared comic's last, page 111, is the latest of all).
    const latest = new Map<string, ReadingProgressEntry>()
    for (const entry of sent.flat()) if ((latest.get(entry.comicId)?.updatedAt ?? -1) < entry.updatedAt) latest.set(entry.comicId, entry)
    const listed = (await call(reader, 'GET', '/me/progress', undefined, MIRROR)).json().data as ReadingProgressEntry[]
    expect(listed).toEqual([...latest.values()].sort((a, b) => b.updatedAt - a.updatedAt))
  })

  it('a guest is asked to sign in', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/me/progress' })
    expect(response.statusCode).toBe(401)
  })
})

describe('/me/follows', () => {
  it('counts the episodes published since following, until the reader reads the comic again', async () => {
    const reader = await createAccount('reader')
    const { comicId } = facts.uncensoredComic
    const followed = await call(reader, 'POST', '/me/follows', { comicId })
    expect(followed.statusCode, followed.body).toBe(200)
    const [follow] = z.parse(endpoints.followComic.response, followed.json()).data
    expect(follow).toMatchObject({ comicId, followedAt: TEST_NOW.getTime(), lastReadAt: null, newEpisodes: 0, newChapterIds: [] })
    expect(follow!.title.length).toBeGreaterThan(0)
    // Following again keeps the first time.
    server.clock.advance(1_000)
    expect((await call(reader, 'POST', '/me/follows', { comicId })).json().data[0].followedAt).toBe(TEST_NOW.getTime())

    // An episode comes out an hour later, another is scheduled for tomorrow.
    const numbers = await server.db.select({ n: chapters.chapterNumber }).from(chapters).where(eq(chapters.comicId, Number(comicId)))
    const last = Math.max(...numbers.map((row) => row.n))
    const hour = new Date(TEST_NOW.getTime() + 3_600_000)
    const [released] = await server.db.insert(chapters).values({ comicId: Number(comicId), title: 'Fresh', chapterNumber: last + 1, publishAt: hour }).returning()
    await server.db.insert(chapters).values({ comicId: Number(comicId), title: 'Tomorrow', chapterNumber: last + 2, publishAt: new Date(hour.getTime() + 86_400_000) })
    server.clock.set(new Date(hour.getTime() + 60_000))
    const listed = z.parse(endpoints.listMyFollows.response, (await call(reader, 'GET', '/me/follows')).json()).data
    expect(listed).toMatchObject([{ comicId, newEpisodes: 1, newChapterIds: [String(released!.id)] }])

    // Reading it (a synced position after it came out) clears it.
    await sync(reader, [position(comicId, String(released!.id), 0, hour.getTime() + 30_000)])
    const after = (await call(reader, 'GET', '/me/follows')).json().data
    expect(after).toMatchObject([{ comicId, newEpisodes: 0, newChapterIds: [], lastReadAt: hour.getTime() + 30_000 }])

    // The export holds both; unfollowing removes the follow.
    const exported = AccountExportSchema.parse((await call(reader, 'GET', '/me/export')).json())
    expect(exported.follows).toEqual([{ comicId, followedAt: TEST_NOW.toISOString() }])
    expect(exported.readingProgress).toMatchObject([{ comicId, chapterId: String(released!.id) }])
    expect((await call(reader, 'DELETE', `/me/follows/${comicId}`)).statusCode).toBe(200)
    expect((await call(reader, 'GET', '/me/follows')).json()).toEqual({ data: [] })
    server.clock.set(TEST_NOW)
  })

  it("never follows or lists a comic the host does not show; an unknown comic is a 404", async () => {
    const reader = await createAccount('reader')
    const adultOnly = facts.uncensoredComic.comicId
    const [row] = await server.db.select({ mirror: comics.displayOnMirror, rating: comics.contentRating }).from(comics).where(eq(comics.id, Number(adultOnly)))
    expect(row).toMatchObject({ rating: 'AO' })
    const refused = await call(reader, 'POST', '/me/follows', { comicId: adultOnly }, MIRROR)
    expect(refused.statusCode).toBe(404)
    expect(refused.json().error.code).toBe('comic_not_found')
    expect((await call(reader, 'POST', '/me/follows', { comicId: '999999' })).statusCode).toBe(404)
    expect((await call(reader, 'POST', '/me/follows', { comicId: adultOnly })).statusCode).toBe(200)
    expect((await call(reader, 'GET', '/me/follows', undefined, MIRROR)).json()).toEqual({ data: [] })
    expect((await call(reader, 'GET', '/me/follows')).json().data).toHaveLength(1)
  })
})
