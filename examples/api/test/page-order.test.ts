import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets } from '../src/db/schema'
import { bearer, createAccount, grantLevel, type Account } from './support/accounts'
import { testImage } from './support/images'
import { multipart } from './support/multipart'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let admin: Account
let reader: Account
let comicId: string
let chapterId: string
let otherChapterId: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await createAccount('admin', { admin: true })
  reader = await createAccount('level4')
  await grantLevel(server.db, reader.uid, 4, server.clock.now())
  const comic = await adminCall('POST', '/comics', multipart({ title: 'Studio comic', description: 'Pages one by one', contentRating: 'AO', genres: '["1"]', displayOnMirror: '0' }, []))
  comicId = comic.data[0]!.id as string
  const chapters = await adminCall('POST', '/chapters', multipart({ comicsId: comicId, chapters: JSON.stringify([{ title: 'One', chapterNumber: 1, isFree: true }, { title: 'Two', chapterNumber: 2, isFree: true }]) }, []))
  chapterId = chapters.data[0]!.id as string
  otherChapterId = chapters.data[1]!.id as string
})
afterAll(() => server?.close())

async function inject(method: 'POST', url: string, options: { headers?: Record<string, string>; payload?: unknown }, account: Account | undefined = admin) {
  return server.app.inject({ method, url: `/api/v1${url}`, headers: { ...options.headers, ...bearer(account) }, payload: options.payload as string })
}

async function adminCall(method: 'POST', url: string, body: { headers: Record<string, string>; payload: unknown }) {
  const response = await inject(method, url, body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { data: Record<string, unknown>[] }
}

/** Sends one page whose height tells it apart. */
async function uploadPage(height: number, episode = chapterId) {
  const bytes = await testImage(400, height, 'png', height % 255)
  const { data } = await adminCall('POST', `/comics/${comicId}/chapters/${episode}/pages/censored`, multipart({}, [{ field: 'file', filename: `page-${height}.png`, contentType: 'image/png', bytes }]))
  return data[0] as { id: string; position: number; height: number; url: string }
}

const readerPages = async (episode = chapterId) => {
  // The comic is AO: its pages are listed on the adult host alone.
  const response = await inject('POST', '/comics-assets/list', { headers: { host: 'adult.localhost:5173' }, payload: { limit: 200, offset: 0, filters: { chapterId: [episode], variant: ['censored'] } } }, reader)
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { data: { id: string; height: number; position: number }[] }).data
}

const storedPositions = async (episode = chapterId) =>
  (
    await server.db
      .select({ id: assets.id, position: assets.position })
      .from(assets)
      .where(and(eq(assets.chapterId, Number(episode)), eq(assets.variant, 'censored')))
      .orderBy(asc(assets.position))
  ).map((row) => [String(row.id), row.position])

describe('pages sent one at a time, then put in order', () => {
  const sent: { id: string; height: number }[] = []

  beforeAll(async () => {
    for (const height of [501, 502, 503, 504]) sent.push(await uploadPage(height))
  })

  it('places each page after the pages the episode has, with its measured size', () => {
    expect(sent.map((page) => page.height)).toEqual([501, 502, 503, 504])
    expect(sent.map((page) => (page as { position?: number }).position)).toEqual([1, 2, 3, 4])
  })

  it('moves a misplaced page without any file sent again, and readers get the new order', async () => {
    const [a, b, c, d] = sent.map((page) => page.id)
    const { data } = await adminCall('POST', `/comics/${comicId}/chapters/${chapterId}/pages/censored/order`, {
      headers: {},
      payload: { assetIds: [a, c, b, d] },
    })
    expect(data.map((page) => [page.id, page.position, page.height])).toEqual([[a, 1, 501], [c, 2, 503], [b, 3, 502], [d, 4, 504]])
    expect((await readerPages()).map((page) => page.height)).toEqual([501, 503, 502, 504])
  })

  it.each([
    ['an id that is no page', (ids: string[]) => [...ids, '999999']],
    ['a page listed twice', (ids: string[]) => [...ids, ids[0]!]],
    ['a page of another episode', (ids: string[]) => [...ids, 'other']],
    ['no page at all', () => []],
  ])('refuses %s with 400 and changes nothing', async (_, listOf) => {
    const other = await uploadPage(700, otherChapterId)
    const before = await storedPositions()
    const ids = (before.map(([id]) => id) as string[]).map((id) => id)
    const assetIds = listOf(ids).map((id) => (id === 'other' ? other.id : id))
    const response = await inject('POST', `/comics/${comicId}/chapters/${chapterId}/pages/censored/order`, { payload: { assetIds } })
    expect(response.statusCode, response.body).toBe(400)
    expect(await storedPositions()).toEqual(before)
    expect((await storedPositions(otherChapterId)).map(([id]) => id)).toContain(other.id)
  })

  it('answers 404 for an episode of another comic, on both calls', async () => {
    const elsewhere = await inject('POST', `/comics/1/chapters/${chapterId}/pages/censored/order`, { payload: { assetIds: [sent[0]!.id] } })
    expect(elsewhere.statusCode).toBe(404)
    const body = multipart({}, [{ field: 'file', filename: 'p.png', contentType: 'image/png', bytes: await testImage(10, 10, 'png', 1) }])
    const upload = await inject('POST', `/comics/1/chapters/${chapterId}/pages/censored`, body)
    expect(upload.statusCode).toBe(404)
  })

  it('refuses an upload of two files, or none, in one call', async () => {
    const two = multipart({}, [
      { field: 'file', filename: 'a.png', contentType: 'image/png', bytes: await testImage(10, 10, 'png', 1) },
      { field: 'file', filename: 'b.png', contentType: 'image/png', bytes: await testImage(10, 12, 'png', 2) },
    ])
    const before = await storedPositions()
    expect((await inject('POST', `/comics/${comicId}/chapters/${chapterId}/pages/censored`, two)).statusCode).toBe(400)
    expect((await inject('POST', `/comics/${comicId}/chapters/${chapterId}/pages/censored`, multipart({}, []))).statusCode).toBe(400)
    expect(await storedPositions()).toEqual(before)
  })

  it('removes the pages left out of the order, keeping the others in the order given', async () => {
    const kept = [sent[3]!.id, sent[0]!.id]
    const { data } = await adminCall('POST', `/comics/${comicId}/chapters/${chapterId}/pages/censored/order`, { headers: {}, payload: { assetIds: kept } })
    expect(data.map((page) => page.id)).toEqual(kept)
    expect((await readerPages()).map((page) => page.height)).toEqual([504, 501])
  })

  it('gives pages sent at once each their own place', async () => {
    const before = (await storedPositions()).length
    const added = await Promise.all([801, 802, 803].map((height) => uploadPage(height)))
    expect(new Set(added.map((page) => page.position)).size).toBe(3)
    expect((await storedPositions()).map(([, position]) => position)).toEqual(Array.from({ length: before + 3 }, (_, i) => i + 1))
  })
})
