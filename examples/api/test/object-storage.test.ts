import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { assetRenditionUrl, withSearchParam } from '@comics/core/contract'
import { startS3Server, type RunningS3Server } from '@comics/s3-server'
import { openDatabase } from '../src/db/open-database'
import { assets } from '../src/db/schema'
import { FileStore } from '../src/files/file-store'
import { S3Storage } from '../src/files/object-storage'
import { seedCatalogue } from '../src/seed/seed-catalogue'
import { Renditions } from '../src/files/renditions'
import { SIGNED_URL_MIN_LIFETIME_MS, SIGNED_URL_TTL_MS } from '../src/files/signed-urls'
import { storageOf } from '../src/files/storage-of'
import { loadConfig } from '../src/config'
import { bearer, createAccount, grantLevel, type Account } from './support/accounts'
import { testImage } from './support/images'
import { multipart, type FilePart } from './support/multipart'
import { startServerOn, startTestServer, type TestServer } from './support/test-server'

/** The comics here are AO: their pages and images are read on the adult host, the only one that shows them. */
const ADULT_HOST = { host: 'adult.localhost:5173' }

/**
 * The same journey on both storages: the local disk (one machine's default) and an S3 bucket (s3rver,
 * spoken to through the AWS SDK as AWS S3, R2 or MinIO would be). Public images (covers, free pages) are
 * served at permanent addresses; locked and uncensored pages at signed ones that stop working when they
 * expire, by the API's clock.
 */
describe.each(['local', 's3'] as const)('images on the %s storage', (backend) => {
  let s3: RunningS3Server | undefined
  let server: TestServer
  let admin: Account
  let subscriber: Account
  const uploaded: Record<'cover' | 'free' | 'locked' | 'uncensored', Buffer> = {} as never
  let comicId: string
  let coverUrl: string
  let chapterIds: string[]

  async function adminForm(url: string, fields: Record<string, string>, files: FilePart[]) {
    const body = multipart(fields, files)
    const response = await server.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...body.headers, ...bearer(admin) }, payload: body.payload })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { data: Record<string, unknown>[] }
  }

  const listPages = async (chapterId: string, variant: string, account: Account | undefined = subscriber) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/comics-assets/list',
      headers: { ...ADULT_HOST, ...bearer(account) },
      payload: { limit: 50, offset: 0, filters: { chapterId: [chapterId], variant: [variant] } },
    })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { data: { url: string; expiresAt?: string; widths?: number[] }[] }).data
  }

  /** What a browser gets at `url`: the API's answer, and for a redirect (S3) the bucket's answer to it. */
  async function load(url: string): Promise<{ status: number; bytes: Buffer; cacheControl: string | undefined; redirected: boolean }> {
    const response = await server.app.inject({ method: 'GET', url, headers: ADULT_HOST })
    const cacheControl = response.headers['cache-control'] as string | undefined
    if (response.statusCode !== 302) return { status: response.statusCode, bytes: response.rawPayload, cacheControl, redirected: false }
    const location = response.headers.location as string
    const followed = await fetch(location)
    return { status: followed.status, bytes: Buffer.from(await followed.arrayBuffer()), cacheControl, redirected: true }
  }

  beforeAll(async () => {
    if (backend === 's3') s3 = await startS3Server({ bucket: 'comics-test' })
    const storage = s3 ? storageOf(loadConfig({ ...s3.env })) : undefined
    server = await startTestServer(storage ? { storage } : {})
    admin = await createAccount('admin', { admin: true })
    subscriber = await createAccount('level4')
    await grantLevel(server.db, subscriber.uid, 4, server.clock.now())

    uploaded.cover = await testImage(600, 800, 'jpeg', 11)
    const comic = await adminForm('/comics', { title: `Stored on ${backend}`, contentRating: 'AO', genres: '["1"]' }, [
      { field: 'cover', filename: 'cover.jpg', contentType: 'image/jpeg', bytes: uploaded.cover },
    ])
    comicId = comic.data[0]!.id as string
    coverUrl = comic.data[0]!.coverImageUrl as string
    const chapters = await adminForm('/chapters', {
      comicsId: comicId,
      chapters: JSON.stringify([1, 2, 3, 4].map((n) => ({ title: `Episode ${n}`, chapterNumber: n, isFree: n <= 3 }))),
    }, [])
    chapterIds = chapters.data.map((chapter) => chapter.id as string)
    const pages: [keyof typeof uploaded, string, string][] = [
      ['free', chapterIds[0]!, 'censored'],
      ['locked', chapterIds[3]!, 'censored'],
      ['uncensored', chapterIds[0]!, 'uncensored'],
    ]
    for (const [which, chapterId, variant] of pages) {
      uploaded[which] = await testImage(800, 1100, 'webp', which.length * 40)
      await adminForm(`/comics/${comicId}/assets/${variant}`, { chapterId }, [{ field: 'files', filename: 'page.webp', contentType: 'image/webp', bytes: uploaded[which] }])
    }
    await server.context.renditions.settled()
  })
  afterAll(async () => {
    await server?.close()
    await s3?.stop()
  })

  it('keeps every uploaded image and its renditions in that storage', async () => {
    const [page] = await listPages(chapterIds[3]!, 'censored')
    const name = page!.url.split('?')[0]!.split('/').pop()!
    if (s3) {
      const client = new S3Client({
        endpoint: s3.endpoint, region: s3.region, forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      })
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }))
        expect(Buffer.from(await object.Body!.transformToByteArray()).equals(uploaded.locked)).toBe(true)
        expect(object.ContentType).toBe('image/webp')
        await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: Renditions.keyOf(name, 640) }))
      } finally {
        client.destroy()
      }
      // Nothing of it on the local disk.
      expect(await readdir(server.filesDir)).not.toContain(name)
    } else {
      expect(await readdir(server.filesDir)).toContain(name)
      expect(await readdir(`${server.filesDir}/renditions`)).toContain(Renditions.keyOf(name, 640).slice('renditions/'.length))
    }
  })

  it('serves a cover and a free page at permanent public addresses, immutable for a year', async () => {
    const [free] = await listPages(chapterIds[0]!, 'censored', undefined)
    expect(free!.url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{64}\.webp$/)
    expect(free).not.toHaveProperty('expiresAt')
    for (const [url, bytes] of [[free!.url, uploaded.free], [coverUrl, uploaded.cover]] as const) {
      const served = await load(url)
      expect(served).toMatchObject({ status: 200, cacheControl: 'public, max-age=31536000, immutable', redirected: false })
      expect(served.bytes.equals(bytes)).toBe(true)
    }
    const rendition = await load(assetRenditionUrl(free!.url, 640))
    expect(rendition.status).toBe(200)
    expect((await (await import('sharp')).default(rendition.bytes).metadata()).width).toBe(640)
  })

  it.each([
    ['a locked episode', 3, 'censored', 'locked'],
    ['an uncensored edition', 0, 'uncensored', 'uncensored'],
  ] as const)('serves the pages of %s at signed addresses that stop working when they expire', async (_, chapter, variant, which) => {
    const [page] = await listPages(chapterIds[chapter]!, variant)
    expect(page!.url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{64}\.webp\?expires=[0-9]+&signature=[A-Za-z0-9_-]+$/)
    const expiresAt = new Date(page!.expiresAt!)
    const lifetime = expiresAt.getTime() - server.clock.now().getTime()
    expect(lifetime).toBeGreaterThanOrEqual(SIGNED_URL_MIN_LIFETIME_MS)
    expect(lifetime).toBeLessThanOrEqual(SIGNED_URL_TTL_MS)

    const served = await load(page!.url)
    expect(served.status).toBe(200)
    expect(served.bytes.equals(uploaded[which])).toBe(true)
    // From the bucket itself, to a presigned URL, with the S3 storage; from the API on the local disk.
    expect(served.redirected).toBe(backend === 's3')
    expect(served.cacheControl).toMatch(/^public, max-age=[0-9]+, immutable$/)
    const rendition = await load(withSearchParam(assetRenditionUrl(page!.url, 480), 'comics-retry', 1))
    expect(rendition.status).toBe(200)
    expect((await (await import('sharp')).default(rendition.bytes).metadata()).width).toBe(480)

    // The bare address of the page is none at all.
    expect((await server.app.inject({ method: 'GET', url: page!.url.split('?')[0]!, headers: ADULT_HOST })).statusCode).toBe(404)

    // The address copied from this answer, tried once it has expired: refused, and so is its rendition.
    server.clock.set(expiresAt)
    try {
      for (const url of [page!.url, assetRenditionUrl(page!.url, 480)]) {
        const expired = await server.app.inject({ method: 'GET', url, headers: ADULT_HOST })
        expect(expired.statusCode).toBe(403)
        expect(expired.json()).toMatchObject({ error: { code: 'url_expired' } })
      }
      // Asked again, the list has a new address that works.
      const [again] = await listPages(chapterIds[chapter]!, variant)
      expect(again!.url).not.toBe(page!.url)
      expect(new Date(again!.expiresAt!).getTime()).toBeGreaterThan(expiresAt.getTime())
      const reloaded = await load(again!.url)
      expect(reloaded.status).toBe(200)
      expect(reloaded.bytes.equals(uploaded[which])).toBe(true)
    } finally {
      server.clock.set(new Date(expiresAt.getTime() - lifetime))
    }
  })

  it('answers /readyz after a write to the storage', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/readyz', headers: ADULT_HOST })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ checks: { storage: { ok: true } } })
  })
})

describe('the S3 storage', () => {
  it('takes the seed: its images and renditions in the bucket, served from there, the local folder holding only its manifest', async () => {
    const s3 = await startS3Server({ bucket: 'comics-seed' })
    const folder = await mkdtemp(join(tmpdir(), 'api-s3-seed-'))
    const filesDir = join(folder, 'files')
    const config = loadConfig({ ...s3.env, FILES_DIR: filesDir })
    const storage = storageOf(config)
    const database = await openDatabase({ kind: 'pglite' })
    const fileStore = new FileStore(storage, config.filesPublicUrl, filesDir)
    const renditions = new Renditions(fileStore)
    await seedCatalogue(database.db, fileStore, { episodes: 4, poolSize: 1, renditions })
    await renditions.settled()
    await renditions.close()
    const server = await startServerOn(database, { folder, filesDir, authEmulatorHost: inject('authEmulatorHost'), storage })
    try {
      expect(await readdir(filesDir)).toEqual(['seed-image-pool.json'])
      const listed = await server.app.inject({ method: 'POST', url: '/api/v1/comics/list', headers: { host: 'adult.localhost:5173' }, payload: { limit: 1, offset: 0 } })
      const cover = (listed.json() as { data: { coverImageUrl: string }[] }).data[0]!.coverImageUrl
      const name = cover.split('/').pop()!
      expect(await storage.has(name)).toBe(true)
      const served = await server.app.inject({ method: 'GET', url: cover, headers: ADULT_HOST })
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.length).toBeGreaterThan(0)
      const [page] = await database.db.select({ file: assets.file }).from(assets).limit(1)
      expect(await storage.has(Renditions.keyOf(page!.file, 480))).toBe(true)
    } finally {
      await server.close()
      await s3.stop()
    }
  }, 120_000)

  it('is refused by the bucket past its expiry: a presigned URL is checked by S3 itself', async () => {
    const s3 = await startS3Server({ bucket: 'comics-expiry' })
    const storage = storageOf(loadConfig({ ...s3.env })) as S3Storage
    try {
      const name = `${'e'.repeat(64)}.webp`
      const bytes = await testImage(100, 100, 'webp', 5)
      await storage.put(name, bytes, 'image/webp')
      const now = Date.now()
      const fresh = await storage.presignedUrl(name, new Date(now - 60_000), new Date(now + 3_540_000))
      expect((await fetch(fresh)).status).toBe(200)
      const expired = await storage.presignedUrl(name, new Date(now - 3_660_000), new Date(now - 60_000))
      const refused = await fetch(expired)
      expect(refused.status).toBe(403)
      expect(await refused.text()).toMatch(/expired/i)
    } finally {
      await storage.close()
      await s3.stop()
    }
  })

  it('makes /readyz answer 503 naming the storage when the bucket is out of reach, the database still up', async () => {
    const s3 = await startS3Server({ bucket: 'comics-readyz' })
    const storage = storageOf(loadConfig({ ...s3.env }))
    const server = await startTestServer({ storage })
    try {
      expect((await server.app.inject({ method: 'GET', url: '/readyz', headers: ADULT_HOST })).statusCode).toBe(200)
      await s3.stop()
      const response = await server.app.inject({ method: 'GET', url: '/readyz', headers: ADULT_HOST })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { database: { ok: true }, storage: { ok: false } } })
    } finally {
      await server.close()
      await s3.stop()
    }
  })
})
