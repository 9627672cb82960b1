import { readdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetRenditionUrl, withSearchParam } from '@comics/core/contract'
import { assets, files } from '../src/db/schema'
import { UrlSigner } from '../src/files/signed-urls'
import { catalogueFacts } from './support/catalogue-facts'
import { bearer, createAccount, type Account } from './support/accounts'
import { SVG_IMAGE, testImage, UNDECODABLE_WEBP } from './support/images'
import { multipart, type FilePart } from './support/multipart'
import { startTestServer, type TestServer } from './support/test-server'
import { writtenState } from './support/written-state'

/** The comics here are AO: their pages and images are read on the adult host, the only one that shows them. */
const ADULT_HOST = { host: 'adult.localhost:5173' }

let server: TestServer
let admin: Account

beforeAll(async () => {
  server = await startTestServer()
  admin = await createAccount('admin', { admin: true })
})
afterAll(() => server?.close())

const STORED_URL = /^\/api\/v1\/files\/[0-9a-f]{64}\.(webp|jpg|png|avif)$/
/** A page as an admin's answer lists it: at an address signed for an hour at most. */
const SIGNED_URL = /^\/api\/v1\/files\/[0-9a-f]{64}\.(webp|jpg|png|avif)\?expires=[0-9]+&signature=[A-Za-z0-9_-]{43}$/
const SIGNED_CACHING = /^public, max-age=([0-9]+), immutable$/
/** The stored name in a file address, without its query. */
const fileName = (url: string) => url.split('?')[0]!.split('/').pop()!

async function adminForm(method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, files: FilePart[]) {
  const body = multipart(fields, files)
  const response = await server.app.inject({ method, url: `/api/v1${url}`, headers: { ...body.headers, ...bearer(admin) }, payload: body.payload })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { data: Record<string, unknown>[] }
}

describe('a comic with its chapters and pages, uploaded and served', () => {
  let comicId: string
  let chapterId: string
  let pages: { id: string; url: string; width: number; height: number; widths?: number[]; position: number }[]
  const uploads: Buffer[] = []

  beforeAll(async () => {
    const cover = await testImage(600, 800, 'jpeg', 10)
    const banner = await testImage(1200, 500, 'png', 40)
    const comic = await adminForm('POST', '/comics', { title: 'Uploaded comic', description: 'From a test', contentRating: 'AO', genres: '["1"]', displayOnMirror: '0' }, [
      { field: 'cover', filename: 'cover.jpg', contentType: 'image/jpeg', bytes: cover },
      { field: 'banner', filename: 'banner.png', contentType: 'image/png', bytes: banner },
    ])
    comicId = comic.data[0]!.id as string
    expect(comic.data[0]!.coverImageUrl).toMatch(/\.jpg$/)
    expect(comic.data[0]!.bannerImageUrl).toMatch(/\.png$/)

    const preview = await testImage(400, 300, 'webp', 70)
    const chapters = await adminForm('POST', '/chapters', { comicsId: comicId, chapters: JSON.stringify([{ title: 'One', chapterNumber: 1, isFree: true }, { title: 'Two', chapterNumber: 2, isFree: false }]) }, [
      { field: 'files', filename: 'preview.webp', contentType: 'image/webp', bytes: preview },
    ])
    expect(chapters.data.map((c) => c.chapterNumber)).toEqual([1, 2])
    expect(chapters.data[0]!.previewImageUrl).toMatch(STORED_URL)
    expect(chapters.data[1]!.previewImageUrl).toBe('')
    chapterId = chapters.data[0]!.id as string

    uploads.push(await testImage(800, 1200, 'webp', 100), await testImage(800, 1500, 'jpeg', 130), await testImage(800, 1000, 'png', 160))
    const uploaded = await adminForm('POST', `/comics/${comicId}/assets/uncensored`, { chapterId }, [
      // Client file names never reach the disk, whatever they say.
      { field: 'files', filename: '../../../../tmp/evil.webp', contentType: 'image/webp', bytes: uploads[0]! },
      { field: 'files', filename: '..\\..\\windows\\evil.jpg', contentType: 'application/octet-stream', bytes: uploads[1]! },
      { field: 'files', filename: 'page.webp', contentType: 'image/webp', bytes: uploads[2]! },
    ])
    pages = uploaded.data as typeof pages
  })

  it('records each page with its width and height, typed by content, and the widths of its renditions', () => {
    expect(pages.map((p) => [p.width, p.height, p.position])).toEqual([[800, 1200, 1], [800, 1500, 2], [800, 1000, 3]])
    for (const page of pages) expect(page.widths).toEqual([480, 640, 750])
    expect(pages.map((p) => fileName(p.url).split('.').pop())).toEqual(['webp', 'jpg', 'png'])
    // Uncensored pages: never at a public address.
    for (const page of pages) expect(page.url).toMatch(SIGNED_URL)
  })

  it('lists the pages in reading order with their sizes', async () => {
    const level4 = await createAccount('level4')
    const { grantLevel } = await import('./support/accounts')
    await grantLevel(server.db, level4.uid, 4, server.clock.now())
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/comics-assets/list',
      headers: { ...ADULT_HOST, ...bearer(level4) },
      payload: { limit: 200, offset: 0, filters: { comicsId: [comicId], chapterId: [chapterId], variant: ['uncensored'] } },
    })
    expect(response.statusCode).toBe(200)
    const listed = (response.json() as { data: typeof pages }).data
    expect(listed.map((p) => [p.url, p.width, p.height, p.widths])).toEqual(pages.map((p) => [p.url, p.width, p.height, [480, 640, 750]]))
  })

  it('serves each file with its content type, its bytes and caching until its signed address expires', async () => {
    for (const [i, page] of pages.entries()) {
      const response = await server.app.inject({ method: 'GET', url: page.url, headers: ADULT_HOST })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe(['image/webp', 'image/jpeg', 'image/png'][i])
      const maxAge = Number(SIGNED_CACHING.exec(response.headers['cache-control'] as string)?.[1])
      expect(maxAge).toBeGreaterThan(0)
      expect(maxAge).toBeLessThanOrEqual(3600)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(Number(response.headers['content-length'])).toBe(uploads[i]!.length)
      expect(response.rawPayload.equals(uploads[i]!)).toBe(true)
      const again = await server.app.inject({ method: 'GET', url: page.url, headers: { ...ADULT_HOST, 'if-none-match': response.headers.etag as string } })
      expect(again.statusCode).toBe(304)
      // The bare address of a page that is not public is no address at all; nor is a forged signature.
      expect((await server.app.inject({ method: 'GET', url: page.url.split('?')[0]!, headers: ADULT_HOST })).statusCode).toBe(404)
      const forged = await server.app.inject({ method: 'GET', url: page.url.replace(/signature=./, (found) => `${found.slice(0, -1)}${found.endsWith('A') ? 'B' : 'A'}`), headers: ADULT_HOST })
      expect(forged.statusCode).toBe(403)
      expect(forged.json()).toMatchObject({ error: { code: 'invalid_signature' } })
    }
  })

  it('makes the renditions each page lists after the upload, before any reader asks for one', async () => {
    await server.context.renditions.settled()
    const made = await readdir(`${server.filesDir}/renditions`)
    for (const page of pages) {
      const file = fileName(page.url)
      const dot = file.lastIndexOf('.')
      for (const width of page.widths!) expect(made).toContain(`${file.slice(0, dot)}-w${width}${file.slice(dot)}`)
    }
  })

  it("serves each listed rendition in the image's format at its width, made once and kept, cached like the image", async () => {
    const sharp = (await import('sharp')).default
    for (const [i, page] of pages.entries()) {
      // Asked for twice at once: one encoding, the same bytes.
      const [first, second] = await Promise.all([0, 1].map(() => server.app.inject({ method: 'GET', url: assetRenditionUrl(page.url, 640), headers: ADULT_HOST })))
      for (const response of [first!, second!]) {
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe(['image/webp', 'image/jpeg', 'image/png'][i])
        expect(response.headers['cache-control']).toMatch(SIGNED_CACHING)
        expect(response.headers['x-content-type-options']).toBe('nosniff')
      }
      expect(second!.rawPayload.equals(first!.rawPayload)).toBe(true)
      const { width, height, format } = await sharp(first!.rawPayload).metadata()
      expect([width, height, format]).toEqual([640, Math.round((page.height * 640) / 800), ['webp', 'jpeg', 'png'][i]])
      expect(first!.rawPayload.length).toBeLessThan(uploads[i]!.length)
      expect(first!.headers.etag).not.toBe((await server.app.inject({ method: 'GET', url: page.url, headers: ADULT_HOST })).headers.etag)
      const again = await server.app.inject({ method: 'GET', url: withSearchParam(assetRenditionUrl(page.url, 640), 'comics-retry', 1), headers: { ...ADULT_HOST, 'if-none-match': first!.headers.etag as string } })
      expect(again.statusCode).toBe(304)
    }
    const kept = await readdir(`${server.filesDir}/renditions`)
    expect(kept.filter((name) => name.endsWith('-w640.webp') || name.endsWith('-w640.jpg') || name.endsWith('-w640.png'))).toHaveLength(3)
    for (const name of kept) expect(name).toMatch(/^[0-9a-f]{64}-w(480|640|750|828|1080)\.(webp|jpg|png|avif)$/)
    // Served from what was kept: the same bytes as the first time.
    const kept750 = await server.app.inject({ method: 'GET', url: assetRenditionUrl(pages[0]!.url, 750), headers: ADULT_HOST })
    const onDisk = await readFile(`${server.filesDir}/renditions/${fileName(pages[0]!.url).replace('.webp', '-w750.webp')}`)
    expect(kept750.rawPayload.equals(onDisk)).toBe(true)
  })

  it.each(['800', '1080', '700', '0750', '750.0', 'abc', ''])('answers ?w=%s, not a rendition of an 800-pixel image, with 404', async (width) => {
    const response = await server.app.inject({ method: 'GET', url: `${pages[0]!.url}&w=${width}`, headers: ADULT_HOST })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } })
  })

  it('lists no renditions for an image no wider than the narrowest one', async () => {
    const small = await adminForm('POST', `/comics/${comicId}/assets/censored`, { chapterId }, [
      { field: 'files', filename: 'small.webp', contentType: 'image/webp', bytes: await testImage(480, 700, 'webp', 210) },
    ])
    expect(small.data[0]).toMatchObject({ width: 480, height: 700 })
    expect(small.data[0]).not.toHaveProperty('widths')
    expect((await server.app.inject({ method: 'GET', url: `${small.data[0]!.url as string}&w=480`, headers: ADULT_HOST })).statusCode).toBe(404)
  })

  it('writes nothing outside the files folder and names every file by its content', async () => {
    const stored = await readdir(server.filesDir)
    for (const name of stored) expect(name).toMatch(/^([0-9a-f]{64}\.(webp|jpg|png|avif)|seed-image-pool\.json|renditions)$/)
    expect(await readdir(dirname(server.filesDir))).toEqual(['files'])
    const onDisk = await readFile(`${server.filesDir}/${fileName(pages[0]!.url)}`)
    expect(onDisk.equals(uploads[0]!)).toBe(true)
  })

  it('keeps one file for the same image uploaded twice', async () => {
    const before = (await readdir(server.filesDir)).length
    const again = await adminForm('POST', `/comics/${comicId}/assets/censored`, { chapterId }, [
      { field: 'files', filename: 'a.webp', contentType: 'image/webp', bytes: uploads[0]! },
      { field: 'files', filename: 'b.webp', contentType: 'image/webp', bytes: uploads[0]! },
    ])
    expect(new Set(again.data.map((p) => p.url)).size).toBe(1)
    expect((await readdir(server.filesDir)).length).toBe(before)
  })

  it('replaces a cover on PATCH and keeps the other fields', async () => {
    const cover = await testImage(600, 800, 'webp', 300)
    const updated = await adminForm('PATCH', `/comics/${comicId}`, { title: 'Renamed comic' }, [
      { field: 'coverImage', filename: 'new.webp', contentType: 'image/webp', bytes: cover },
    ])
    expect(updated.data[0]).toMatchObject({ title: 'Renamed comic', description: 'From a test', contentRating: 'AO' })
    expect(updated.data[0]!.coverImageUrl).toMatch(/\.webp$/)
  })
})

describe('uploads are typed by their content, never by their name or declared type', () => {
  const svgs = [
    ['plain SVG', SVG_IMAGE],
    ['SVG after an XML prolog and a byte-order mark', Buffer.from('\ufeff<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['SVG behind leading white space', Buffer.from(`   \n${SVG_IMAGE.toString()}`)],
  ] as const
  it.each(svgs)('refuses %s named page.webp and sent as image/webp (415), storing nothing', async (_, bytes) => {
    const before = await writtenState(server.db, server.filesDir)
    const body = multipart({ title: 'Disguised', contentRating: 'T' }, [{ field: 'cover', filename: 'page.webp', contentType: 'image/webp', bytes }])
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/comics', headers: { ...body.headers, ...bearer(admin) }, payload: body.payload })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ error: { code: 'unsupported_image_type' } })
    expect(await writtenState(server.db, server.filesDir)).toEqual(before)
  })

  it('stores a WebP named evil.svg and sent as image/svg+xml as a WebP, and serves it as one', async () => {
    const bytes = await testImage(300, 200, 'webp', 20)
    // A T comic shown on the mirror host (the adult host shows AO comics alone), read there.
    const created = await adminForm('POST', '/comics', { title: 'Named like an SVG', contentRating: 'T', displayOnMirror: '1' }, [
      { field: 'cover', filename: 'evil.svg', contentType: 'image/svg+xml', bytes },
    ])
    const url = created.data[0]!.coverImageUrl as string
    expect(url).toMatch(STORED_URL)
    expect(url).toMatch(/\.webp$/)
    const served = await server.app.inject({ method: 'GET', url, headers: { host: 'localhost:5173' } })
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('the files route', () => {
  it('serves the image itself, not to be kept, when its rendition cannot be made', async () => {
    const { writeFile } = await import('node:fs/promises')
    const name = `${'c'.repeat(64)}.webp`
    const bytes = UNDECODABLE_WEBP
    await writeFile(`${server.filesDir}/${name}`, bytes)
    // A page of an AO comic's episode, so that the adult host serves it (an image no comic shows is not served).
    const { comicId, freeChapterId } = (await catalogueFacts(server.db)).uncensoredComic
    await server.db.insert(files).values({ name, contentType: 'image/webp', byteSize: bytes.length, width: 16, height: 16 })
    await server.db.insert(assets).values({ comicId: Number(comicId), chapterId: Number(freeChapterId), variant: 'censored', position: 9_999, file: name })
    const signed = new UrlSigner(server.context.config.filesSigningSecret).sign(`/api/v1/files/${name}`, name, new Date(server.clock.now().getTime() + 60_000))
    const response = await server.app.inject({ method: 'GET', url: `${signed}&w=480`, headers: ADULT_HOST })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.rawPayload.equals(bytes)).toBe(true)
    expect(await readdir(`${server.filesDir}/renditions`).catch(() => [])).not.toContain(`${'c'.repeat(64)}-w480.webp`)
  })

  it.each([
    '/api/v1/files/..%2F..%2F..%2Fetc%2Fpasswd',
    '/api/v1/files/../../package.json',
    '/api/v1/files/%2e%2e%2fseed-image-pool.json',
    '/api/v1/files/seed-image-pool.json',
    `/api/v1/files/${'a'.repeat(64)}.webp`,
    `/api/v1/files/${'a'.repeat(64)}.svg`,
  ])('answers %s with 404', async (url) => {
    const response = await server.app.inject({ method: 'GET', url, headers: ADULT_HOST })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
  })
})
