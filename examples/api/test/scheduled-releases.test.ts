import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { comics } from '../src/db/schema'
import { bearer, createRoleAccounts, type Account, type Role } from './support/accounts'
import { testImage } from './support/images'
import { multipart } from './support/multipart'
import { DAY, HOUR } from './support/manual-clock'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

let server: TestServer
let accounts: Record<Exclude<Role, 'guest'>, Account>
let comicId: string
/** Episode id by number: 1, 3, 4 published, 2 scheduled a week ahead, 5 a draft. */
const episode: Record<number, string> = {}
const IN_A_WEEK = new Date(TEST_NOW.getTime() + 7 * DAY)
const ADULT = { host: 'adult.localhost:5173' }

const READERS: (Account | undefined)[] = []

beforeAll(async () => {
  server = await startTestServer()
  accounts = await createRoleAccounts(server.db, TEST_NOW)
  READERS.push(...([undefined, accounts.reader, accounts.level1, accounts.level4] as const))
  const [comic] = await server.db.insert(comics).values({ title: 'Scheduled', contentRating: 'AO' }).returning()
  comicId = String(comic!.id)
  const published = (n: number) => ({ title: `Episode ${n}`, chapterNumber: n, isFree: n <= 3 })
  const created = await adminForm('POST', '/chapters', {
    comicsId: comicId,
    chapters: JSON.stringify([
      published(1),
      { ...published(2), publishAt: IN_A_WEEK.toISOString() },
      published(3),
      { ...published(4), publishAt: new Date(TEST_NOW.getTime() - HOUR).toISOString() },
      { ...published(5), publishAt: null },
    ]),
  })
  for (const chapter of created.data) episode[chapter.chapterNumber as number] = chapter.id as string
  expect(created.data.map((c) => c.publishAt)).toEqual([
    TEST_NOW.toISOString(),
    IN_A_WEEK.toISOString(),
    TEST_NOW.toISOString(),
    new Date(TEST_NOW.getTime() - HOUR).toISOString(),
    null,
  ])
  // Pages for the draft and the scheduled episode, as an editor prepares them.
  const page = await testImage(400, 600)
  for (const n of [2, 5]) {
    await adminForm('POST', `/comics/${comicId}/assets/censored`, { chapterId: episode[n]! }, [
      { field: 'files', filename: 'page.webp', contentType: 'image/webp', bytes: page },
    ])
  }
})
afterAll(() => server?.close())

async function adminForm(method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) {
  const body = multipart(fields, files)
  const response = await server.app.inject({ method, url: `/api/v1${url}`, headers: { ...body.headers, ...bearer(accounts.admin) }, payload: body.payload })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { data: Record<string, unknown>[] }
}

const listChapters = (account: Account | undefined, filters: Record<string, unknown> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/chapters/list',
    headers: { ...ADULT, ...bearer(account) },
    payload: { limit: 200, offset: 0, filters: { comicsId: [comicId], ...filters } },
  })
const listPages = (account: Account | undefined, chapterId: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/comics-assets/list',
    headers: { ...ADULT, ...bearer(account) },
    payload: { limit: 200, offset: 0, filters: { chapterId: [chapterId], variant: ['censored'] } },
  })
const numbers = (body: { data: { chapterNumber: number }[] }) => body.data.map((c) => c.chapterNumber)

describe('an episode not yet published', () => {
  it('is absent from the chapters list and its count for guests, readers, subscribers and admins reading as readers', async () => {
    for (const account of [...READERS, accounts.admin]) {
      const response = await listChapters(account)
      expect(response.statusCode).toBe(200)
      expect(numbers(response.json())).toEqual([1, 3, 4])
      expect(response.json().total).toBe(3)
    }
  })

  it('has no pages for anyone but an admin, as an episode that does not exist', async () => {
    for (const account of READERS) {
      for (const n of [2, 5]) {
        const response = await listPages(account, episode[n]!)
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json()).toEqual({ data: [], total: 0 })
      }
    }
    // An admin previews the draft and the scheduled episode.
    for (const n of [2, 5]) {
      const preview = await listPages(accounts.admin, episode[n]!)
      expect(preview.statusCode, preview.body).toBe(200)
      expect(preview.json().total).toBe(1)
    }
  })

  it('is listed to an admin who asks for unpublished episodes, with its publish time, and to no one else', async () => {
    const all = await listChapters(accounts.admin, { includeUnpublished: true })
    expect(all.statusCode).toBe(200)
    expect(all.headers['cache-control']).toBe('private, no-store')
    const body = all.json() as { data: { chapterNumber: number; publishAt: string | null }[] }
    expect(body.data.map((c) => [c.chapterNumber, c.publishAt])).toEqual([
      [1, TEST_NOW.toISOString()],
      [2, IN_A_WEEK.toISOString()],
      [3, TEST_NOW.toISOString()],
      [4, new Date(TEST_NOW.getTime() - HOUR).toISOString()],
      [5, null],
    ])
    expect((await listChapters(undefined, { includeUnpublished: true })).statusCode).toBe(401)
    for (const account of [accounts.reader, accounts.level4]) {
      const refused = await listChapters(account, { includeUnpublished: true })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.code).toBe('admin_required')
    }
  })

  it('does not count for the free episodes: the third published one is free until the scheduled one comes out', async () => {
    // Episode 4 is the third published episode: free to a guest.
    expect((await listPages(undefined, episode[4]!)).statusCode).toBe(200)
    expect((await listPages(accounts.reader, episode[4]!)).statusCode).toBe(200)
  })
})

describe('when its time comes', () => {
  it('appears in the cached and remembered lists, takes its place, and locks the episode after the third', async () => {
    // Asked twice before: the second answer comes from what the cache remembered.
    for (let i = 0; i < 2; i++) expect(numbers((await listChapters(undefined)).json())).toEqual([1, 3, 4])
    server.clock.set(new Date(IN_A_WEEK.getTime() - 1))
    expect(numbers((await listChapters(undefined)).json())).toEqual([1, 3, 4])
    expect((await listPages(undefined, episode[2]!)).json().total).toBe(0)
    server.clock.set(IN_A_WEEK)
    for (const account of READERS) {
      const response = await listChapters(account)
      expect(numbers(response.json())).toEqual([1, 2, 3, 4])
      expect(response.json().total).toBe(4)
    }
    expect((await listPages(undefined, episode[2]!)).json().total).toBe(1)
    // Episode 4 is now the fourth: locked for a guest (401) and a reader without a subscription (403).
    expect((await listPages(undefined, episode[4]!)).statusCode).toBe(401)
    expect((await listPages(accounts.reader, episode[4]!)).statusCode).toBe(403)
    expect((await listPages(accounts.level4, episode[4]!)).statusCode).toBe(200)
  })

  it('is taken back to a draft, or published now, by an admin editing its publish time', async () => {
    await adminForm('PATCH', `/chapters/${episode[2]}`, { publishAt: '' })
    expect(numbers((await listChapters(undefined)).json())).toEqual([1, 3, 4])
    expect((await listPages(undefined, episode[4]!)).statusCode).toBe(200)
    const edited = await adminForm('PATCH', `/chapters/${episode[5]}`, { publishAt: server.clock.now().toISOString() })
    expect(edited.data[0]!.publishAt).toBe(server.clock.now().toISOString())
    expect(numbers((await listChapters(undefined)).json())).toEqual([1, 3, 4, 5])
  })

  it('refuses a publish time that is not an ISO timestamp, and changes nothing', async () => {
    for (const publishAt of ['tomorrow', '2026-13-01T00:00:00Z', '2026-03-01']) {
      const body = multipart({ publishAt })
      const response = await server.app.inject({
        method: 'PATCH',
        url: `/api/v1/chapters/${episode[5]}`,
        headers: { ...body.headers, ...bearer(accounts.admin) },
        payload: body.payload,
      })
      expect(response.statusCode, publishAt).toBe(400)
      expect(response.json().error.fieldErrors).toHaveProperty('publishAt')
    }
    expect(numbers((await listChapters(undefined)).json())).toEqual([1, 3, 4, 5])
  })
})
