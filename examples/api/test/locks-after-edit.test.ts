import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createAccount, type Account } from './support/accounts'
import { testImage } from './support/images'
import { multipart, type FilePart } from './support/multipart'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let admin: Account
let reader: Account
let page: Buffer

beforeAll(async () => {
  server = await startTestServer()
  ;[admin, reader] = await Promise.all([createAccount('admin', { admin: true }), createAccount('reader')])
  page = await testImage(800, 1200)
})
afterAll(() => server?.close())

async function adminForm(url: string, fields: Record<string, string>, files: FilePart[] = []) {
  const body = multipart(fields, files)
  const response = await server.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...body.headers, ...bearer(admin) }, payload: body.payload })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { data: { id: string; chapterNumber?: number }[] }).data
}

/**
 * Creates episodes of `comicId` with these numbers, each with one censored page unless `pages` is false
 * (an upload is an admin write too: without it, only the chapter write itself can move the locks).
 */
async function addEpisodes(comicId: string, numbers: number[], { pages = true } = {}): Promise<Map<number, string>> {
  const created = await adminForm('/chapters', {
    comicsId: comicId,
    chapters: JSON.stringify(numbers.map((n) => ({ title: `Episode ${n}`, chapterNumber: n, isFree: false }))),
  })
  const ids = new Map(created.map((chapter) => [chapter.chapterNumber!, chapter.id]))
  if (!pages) return ids
  for (const id of ids.values()) {
    await adminForm(`/comics/${comicId}/assets/censored`, { chapterId: id }, [{ field: 'files', filename: 'page.webp', contentType: 'image/webp', bytes: page }])
  }
  return ids
}

const listPages = (chapterIds: string[], account?: Account) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/comics-assets/list',
    headers: { host: 'adult.localhost:5173', ...bearer(account) },
    payload: { limit: 200, offset: 0, filters: { chapterId: chapterIds, variant: ['censored'] } },
  })

/** The status of a guest's page list of each episode, by episode number. */
async function guestStatuses(ids: Map<number, string>): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {}
  for (const [number, id] of [...ids].sort(([a], [b]) => a - b)) statuses[number] = (await listPages([id])).statusCode
  return statuses
}

describe('locks after an admin inserts an episode with a lower number', () => {
  it("moves the free episodes at once in the page lists, the guest's remembered answers included", async () => {
    const [comic] = await adminForm('/comics', { title: 'Lock moves', description: 'Episodes inserted before the first', contentRating: 'AO', genres: '["1"]', displayOnMirror: '1' }, [
      { field: 'cover', filename: 'cover.webp', contentType: 'image/webp', bytes: page },
    ])
    const ids = await addEpisodes(comic!.id, [10, 20, 30, 40])
    // Asked twice: the second answers come from what the API remembers (lock answers and whole answers).
    for (let round = 0; round < 2; round++) expect(await guestStatuses(ids)).toEqual({ 10: 200, 20: 200, 30: 200, 40: 401 })
    expect((await listPages([ids.get(30)!])).json().data).toHaveLength(1)

    for (const [number, id] of await addEpisodes(comic!.id, [5], { pages: false })) ids.set(number, id)
    expect(await guestStatuses(ids)).toEqual({ 5: 200, 10: 200, 20: 200, 30: 401, 40: 401 })
    // A signed-in reader without a subscription sees the same move, refused with a 403.
    expect((await listPages([ids.get(30)!], reader)).statusCode).toBe(403)
    expect((await listPages([ids.get(20)!], reader)).statusCode).toBe(200)

    // The episode list the site places its locks and Next by follows too: the new episode comes first.
    const chapters = await server.app.inject({
      method: 'POST',
      url: '/api/v1/chapters/list',
      headers: { host: 'adult.localhost:5173' },
      payload: { limit: 200, offset: 0, filters: { comicsId: [comic!.id] } },
    })
    expect((chapters.json() as { data: { chapterNumber: number }[] }).data.map((c) => c.chapterNumber)).toEqual([5, 10, 20, 30, 40])

    // Two more in front, in one call: only 1, 2 and 5 stay free.
    for (const [number, id] of await addEpisodes(comic!.id, [1, 2], { pages: false })) ids.set(number, id)
    expect(await guestStatuses(ids)).toEqual({ 1: 200, 2: 200, 5: 200, 10: 401, 20: 401, 30: 401, 40: 401 })
  })
})

describe('a page list asking for free and locked episodes at once', () => {
  let ids: Map<number, string>
  beforeAll(async () => {
    const [comic] = await adminForm('/comics', { title: 'Mixed asks', description: 'Free and locked together', contentRating: 'AO', genres: '["1"]', displayOnMirror: '1' }, [
      { field: 'cover', filename: 'cover.webp', contentType: 'image/webp', bytes: page },
    ])
    ids = await addEpisodes(comic!.id, [1, 2, 3, 4])
  })

  it('is refused whole, with no page of the free ones in the answer (docs/decisions.md)', async () => {
    const mixed = [ids.get(1)!, ids.get(4)!]
    const asGuest = await listPages(mixed)
    expect(asGuest.statusCode).toBe(401)
    expect(asGuest.json()).toMatchObject({ error: { code: 'sign_in_required' } })
    expect(asGuest.body).not.toMatch(/\/api\/v1\/files\//)
    const asReader = await listPages(mixed, reader)
    expect(asReader.statusCode).toBe(403)
    expect(asReader.json()).toMatchObject({ error: { code: 'subscription_required' } })
    expect(asReader.body).not.toMatch(/\/api\/v1\/files\//)
  })

  it('is answered when every episode asked for is free, with the pages of each', async () => {
    const response = await listPages([ids.get(1)!, ids.get(2)!, ids.get(3)!])
    expect(response.statusCode).toBe(200)
    expect(new Set((response.json() as { data: { chapterId: string }[] }).data.map((p) => p.chapterId))).toEqual(new Set([ids.get(1), ids.get(2), ids.get(3)]))
  })
})
