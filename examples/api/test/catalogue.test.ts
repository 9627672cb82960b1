import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBodySchema, endpoints, envelope, ComicSchema } from '@comics/core/contract'
import * as z from 'zod'
import { createAccount, bearer, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { multipart } from './support/multipart'
import { comics } from '../src/db/schema'
import { startTestServer, type TestServer } from './support/test-server'
import { prepareResponse } from '../src/catalogue/catalogue-cache'
import { compressedBody } from '../src/http/register-endpoint'

let server: TestServer
let admin: Account

beforeAll(async () => {
  server = await startTestServer()
  admin = await createAccount('admin', { admin: true })
})
afterAll(() => server?.close())

const listComics = (host: string, body: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/api/v1/comics/list', headers: { host, ...headers }, payload: body as object })

describe('comics/list and host modes', () => {
  it('lists only AO comics on the adult host', async () => {
    const response = await listComics('adult.localhost:5173', { limit: 200, offset: 0 })
    expect(response.statusCode).toBe(200)
    const body = z.parse(endpoints.listComics.response, response.json()) as z.infer<ReturnType<typeof envelope<typeof ComicSchema>>>
    expect(body.data.length).toBeGreaterThan(0)
    expect(body.data.every((comic) => comic.contentRating === 'AO')).toBe(true)
  })

  it('lists only T and M comics shown on the mirror on a mirror host, even when AO is asked for', async () => {
    for (const filters of [{}, { contentRating: ['AO', 'T', 'M'] }]) {
      const response = await listComics('localhost:5173', { limit: 200, offset: 0, filters })
      const body = response.json() as { data: { contentRating: string; displayOnMirror: boolean }[] }
      expect(body.data.length).toBeGreaterThan(0)
      expect(body.data.every((c) => c.contentRating !== 'AO' && c.displayOnMirror)).toBe(true)
    }
    const onlyAo = await listComics('localhost:5173', { limit: 10, offset: 0, filters: { contentRating: ['AO'] } })
    expect(onlyAo.json()).toEqual({ data: [], total: 0 })
  })

  it('answers an unknown host in normal mode, never with AO comics', async () => {
    const response = await listComics('evil.example:80', { limit: 200, offset: 0 })
    const body = response.json() as { data: { contentRating: string }[] }
    expect(body.data.every((c) => c.contentRating !== 'AO')).toBe(true)
  })

  it('pages with limit and offset and reports the total', async () => {
    const first = (await listComics('adult.localhost:5173', { limit: 1, offset: 0 })).json() as { data: { id: string }[]; total: number }
    const second = (await listComics('adult.localhost:5173', { limit: 1, offset: 1 })).json() as { data: { id: string }[]; total: number }
    expect(first.data).toHaveLength(1)
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id)
    expect(first.total).toBeGreaterThan(1)
  })

  it('sorts by created_at descending and filters by id and genre', async () => {
    const all = (await listComics('adult.localhost:5173', { limit: 200, offset: 0, sort: { field: 'created_at', order: 'desc' } })).json() as {
      data: { id: string; createdAt: string; genres: { id: string }[] }[]
    }
    const dates = all.data.map((c) => Date.parse(c.createdAt))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    const target = all.data[0]!
    const byId = (await listComics('adult.localhost:5173', { limit: 5, offset: 0, filters: { id: [target.id] } })).json() as { data: { id: string }[] }
    expect(byId.data.map((c) => c.id)).toEqual([target.id])
    const genreId = target.genres[0]!.id
    const byGenre = (await listComics('adult.localhost:5173', { limit: 200, offset: 0, filters: { genres: [genreId] } })).json() as {
      data: { genres: { id: string }[] }[]
    }
    expect(byGenre.data.every((c) => c.genres.some((g) => g.id === genreId))).toBe(true)
  })

  it('answers 304 to a matching If-None-Match and a new ETag after an admin write', async () => {
    const body = { limit: 10, offset: 0 }
    const first = await server.app.inject({ method: 'POST', url: '/api/v1/genres/list', payload: body })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^".+"$/)
    const again = await server.app.inject({ method: 'POST', url: '/api/v1/genres/list', payload: body, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')

    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/genres',
      headers: bearer(admin),
      payload: { name: 'Aaa Cache Check', mature: false },
    })
    expect(created.statusCode).toBe(200)
    const after = await server.app.inject({ method: 'POST', url: '/api/v1/genres/list', payload: body, headers: { 'if-none-match': etag } })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(etag)
    expect((after.json() as { data: { name: string }[] }).data.map((g) => g.name)).toContain('Aaa Cache Check')
  })
})

describe('the admin listing: every comic, whatever the host', () => {
  const listAll = (body: unknown, account: Account | undefined, host = 'localhost:5173') =>
    server.app.inject({ method: 'POST', url: '/api/v1/admin/comics/list', headers: { host, ...bearer(account) }, payload: body as object })
  type Listed = { data: { id: string; title: string; contentRating: string; displayOnMirror: boolean }[]; total: number }

  it('lists a T comic off the mirror, which no host lists, to an admin, and refuses everyone else', async () => {
    const title = `Offstage ${Date.now().toString(36)}`
    const form = multipart({ title, contentRating: 'T', displayOnMirror: '0' })
    const created = await server.app.inject({ method: 'POST', url: '/api/v1/comics', headers: { ...form.headers, ...bearer(admin) }, payload: form.payload })
    expect(created.statusCode, created.body).toBe(200)
    const id = (created.json() as { data: { id: string }[] }).data[0]!.id

    for (const host of ['localhost:5173', 'adult.localhost:5173']) {
      const listed = (await listComics(host, { limit: 200, offset: 0 })).json() as Listed
      expect(listed.data.map((c) => c.id), host).not.toContain(id)
    }
    for (const host of ['localhost:5173', 'adult.localhost:5173']) {
      const response = await listAll({ limit: 200, offset: 0, filters: { title: title.toUpperCase() } }, admin, host)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const body = z.parse(endpoints.adminListComics.response, response.json()) as Listed
      expect(body.data).toEqual([expect.objectContaining({ id, title, contentRating: 'T', displayOnMirror: false })])
    }

    const reader = await createAccount('reader')
    const refusedReader = await listAll({ limit: 200, offset: 0 }, reader)
    expect(refusedReader.statusCode).toBe(403)
    const refusedGuest = await listAll({ limit: 200, offset: 0 }, undefined)
    expect(refusedGuest.statusCode).toBe(401)
    for (const refused of [refusedReader, refusedGuest]) {
      expect(z.parse(ApiErrorBodySchema, refused.json()).error.message.length).toBeGreaterThan(0)
      expect(refused.body).not.toContain(title)
    }
  })

  it('pages through every comic of every rating and mirror flag, and narrows by flag, rating and title as typed', async () => {
    const inDatabase = await server.db.select({ id: comics.id, title: comics.title, rating: comics.contentRating, mirror: comics.displayOnMirror }).from(comics)
    const seen: string[] = []
    for (let offset = 0; ; offset += 7) {
      const page = (await listAll({ limit: 7, offset, sort: { field: 'title', order: 'asc' } }, admin)).json() as Listed
      expect(page.total).toBe(inDatabase.length)
      if (page.data.length === 0) break
      seen.push(...page.data.map((c) => c.id))
    }
    expect(seen.sort()).toEqual(inDatabase.map((row) => String(row.id)).sort())
    expect(new Set(inDatabase.map((row) => row.rating))).toEqual(new Set(['AO', 'T', 'M']))

    const offMirror = (await listAll({ limit: 200, offset: 0, filters: { displayOnMirror: false, contentRating: ['T', 'M'] } }, admin)).json() as Listed
    expect(offMirror.data.map((c) => c.id).sort()).toEqual(
      inDatabase.filter((row) => !row.mirror && row.rating !== 'AO').map((row) => String(row.id)).sort(),
    )
    expect(offMirror.data.length).toBeGreaterThan(0)
    // `%` and `_` are letters of the title, not patterns.
    const wildcard = (await listAll({ limit: 200, offset: 0, filters: { title: '%' } }, admin)).json() as Listed
    expect(wildcard.total).toBe(inDatabase.filter((row) => row.title.includes('%')).length)
    expect(wildcard.total).toBeLessThan(inDatabase.length)
    const unknownKey = await listAll({ limit: 200, offset: 0, filters: { host: 'adult' } }, admin)
    expect(unknownKey.statusCode).toBe(400)
  })

  it('narrows to comics with a draft episode (no publish time), or to comics without one', async () => {
    const title = `Drafty ${Date.now().toString(36)}`
    // Off every host's lists, so that the public reads below keep their seeded comics.
    const form = multipart({ title, contentRating: 'T', displayOnMirror: '0' })
    const created = await server.app.inject({ method: 'POST', url: '/api/v1/comics', headers: { ...form.headers, ...bearer(admin) }, payload: form.payload })
    const id = (created.json() as { data: { id: string }[] }).data[0]!.id
    const withDrafts = async () => ((await listAll({ limit: 200, offset: 0, filters: { hasDrafts: true } }, admin)).json() as Listed).data.map((c) => c.id)
    const withoutDrafts = async () => ((await listAll({ limit: 200, offset: 0, filters: { hasDrafts: false } }, admin)).json() as Listed).data.map((c) => c.id)
    // No episode yet: no draft.
    expect(await withDrafts()).not.toContain(id)
    expect(await withoutDrafts()).toContain(id)
    // A scheduled episode is not a draft; one without a publish time is.
    const episodes = multipart({
      comicsId: id,
      chapters: JSON.stringify([
        { title: 'Later', chapterNumber: 1, isFree: true, publishAt: new Date(server.clock.now().getTime() + 86_400_000).toISOString() },
      ]),
    })
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/chapters', headers: { ...episodes.headers, ...bearer(admin) }, payload: episodes.payload })).statusCode).toBe(200)
    expect(await withDrafts()).not.toContain(id)
    const draft = multipart({ comicsId: id, chapters: JSON.stringify([{ title: 'Draft', chapterNumber: 2, isFree: false, publishAt: null }]) })
    const drafted = await server.app.inject({ method: 'POST', url: '/api/v1/chapters', headers: { ...draft.headers, ...bearer(admin) }, payload: draft.payload })
    expect(drafted.statusCode, drafted.body).toBe(200)
    expect(await withDrafts()).toContain(id)
    expect(await withoutDrafts()).not.toContain(id)
    const totalOf = async (hasDrafts: boolean) => ((await listAll({ limit: 1, offset: 0, filters: { hasDrafts } }, admin)).json() as Listed).total
    const inDatabase = await server.db.select({ id: comics.id }).from(comics)
    expect((await totalOf(true)) + (await totalOf(false))).toBe(inDatabase.length)
  })
})

describe("a guest's repeated request, answered from the remembered answers", () => {
  const rawList = (url: string, text: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: text })
  const ratingsOf = (response: { json(): unknown }) => new Set((response.json() as { data: { contentRating: string }[] }).data.map((c) => c.contentRating))

  it('keeps the site mode apart: the same text lists AO on the adult host only', async () => {
    const text = '{"limit":50,"offset":0}'
    for (let round = 0; round < 2; round++) {
      const adult = await rawList('/api/v1/comics/list', text, { host: 'adult.localhost:5173' })
      const mirror = await rawList('/api/v1/comics/list', text, { host: 'localhost:5173' })
      expect(ratingsOf(adult)).toEqual(new Set(['AO']))
      expect(ratingsOf(mirror).has('AO')).toBe(false)
      expect(adult.headers.etag).not.toBe(mirror.headers.etag)
    }
  })

  it('answers the same request written differently with the same answer, and bad text with its error every time', async () => {
    const compact = await rawList('/api/v1/genres/list', '{"limit":5,"offset":0}')
    const spaced = await rawList('/api/v1/genres/list', '{ "offset": 0, "limit": 5 }')
    expect(spaced.statusCode).toBe(200)
    expect(spaced.headers.etag).toBe(compact.headers.etag)
    for (let round = 0; round < 2; round++) {
      const invalid = await rawList('/api/v1/genres/list', '{"limit":-1,"offset":0}')
      expect(invalid.statusCode).toBe(400)
      expect(ApiErrorBodySchema.parse(invalid.json()).error.fieldErrors).toHaveProperty('limit')
      const malformed = await rawList('/api/v1/genres/list', '{"limit":5,')
      expect(malformed.statusCode).toBe(400)
    }
  })

  it('never remembers a refusal, never answers a signed-in caller from a guest answer, and varies on Origin and Authorization', async () => {
    const facts = await catalogueFacts(server.db)
    const pages = (chapterId: string) => JSON.stringify({ limit: 200, offset: 0, filters: { chapterId: [chapterId], variant: ['censored'] } })
    const origin = { origin: 'http://adult.localhost:5173', host: 'adult.localhost:5173' }
    for (let round = 0; round < 2; round++) {
      const free = await rawList('/api/v1/comics-assets/list', pages(facts.uncensoredComic.freeChapterId), origin)
      expect(free.statusCode).toBe(200)
      expect(String(free.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['Origin', 'Authorization']))
      const locked = await rawList('/api/v1/comics-assets/list', pages(facts.uncensoredComic.lockedChapterId), origin)
      expect(locked.statusCode).toBe(401)
      expect(locked.body).not.toContain('/files/')
    }
    // The same text with a token goes through the caller's checks: a reader without a subscription is refused.
    const reader = await createAccount('reader')
    const refused = await rawList('/api/v1/comics-assets/list', pages(facts.uncensoredComic.lockedChapterId), { ...origin, ...bearer(reader) })
    expect(refused.statusCode).toBe(403)
  })

  it('compresses answers for clients that accept it, the same JSON decompressed, small answers and images as they are', async () => {
    const facts = await catalogueFacts(server.db)
    const text = JSON.stringify({ limit: 200, offset: 0, filters: { chapterId: [facts.uncensoredComic.freeChapterId], variant: ['censored'] } })
    const host = { host: 'adult.localhost:5173' }
    const plain = await rawList('/api/v1/comics-assets/list', text, host)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    // A cache in between must not hand this plain answer to a client that asked for Brotli, or the reverse.
    expect(String(plain.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['accept-encoding']))
    for (const round of [0, 1]) {
      // A remembered guest answer (the second round) is compressed the same way.
      const brotli = await rawList('/api/v1/comics-assets/list', text, { ...host, 'accept-encoding': 'gzip, deflate, br, zstd' })
      expect(brotli.headers['content-encoding'], `round ${round}`).toBe('br')
      expect(String(brotli.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['accept-encoding']))
      expect(brotli.headers['x-content-type-options']).toBe('nosniff')
      expect(brotli.rawPayload.length).toBeLessThan(plain.body.length / 2)
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body)
    }
    const gzip = await rawList('/api/v1/comics-assets/list', text, { ...host, 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    for (const refused of ['identity', 'br;q=0, gzip;q=0']) {
      const asIs = await rawList('/api/v1/comics-assets/list', text, { ...host, 'accept-encoding': refused })
      expect(asIs.headers['content-encoding'], refused).toBeUndefined()
      expect(asIs.body).toBe(plain.body)
    }

    const small = await rawList('/api/v1/comics/list', '{"limit":1,"offset":0}', { ...host, 'accept-encoding': 'br' })
    expect(small.statusCode).toBe(200)
    expect(small.body.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()

    const page = (plain.json() as { data: { url: string }[] }).data[0]!
    const image = await server.app.inject({ method: 'GET', url: page.url, headers: { 'accept-encoding': 'br, gzip' } })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-encoding']).toBeUndefined()
    expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length)
  })
})

describe('a prepared answer in Brotli or gzip', () => {
  it('is compressed once and kept: every request for it gets the same bytes without compressing again', () => {
    const response = prepareResponse({ data: Array.from({ length: 50 }, (_, i) => ({ id: String(i), url: `/api/v1/files/${i}.webp` })) })
    const brotli = compressedBody(response, 'br')
    expect(compressedBody(response, 'br')).toBe(brotli)
    expect(brotliDecompressSync(brotli).equals(response.body)).toBe(true)
    const gzip = compressedBody(response, 'gzip')
    expect(compressedBody(response, 'gzip')).toBe(gzip)
    expect(gunzipSync(gzip).equals(response.body)).toBe(true)
  })
})

describe('other public reads', () => {
  it('lists chapters by chapter number with their preview images', async () => {
    const comics = (await listComics('adult.localhost:5173', { limit: 1, offset: 0 })).json() as { data: { id: string }[] }
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/chapters/list',
      headers: { host: 'adult.localhost:5173' },
      payload: { limit: 200, offset: 0, filters: { comicsId: [comics.data[0]!.id] } },
    })
    const body = z.parse(endpoints.listChapters.response, response.json()) as { data: { chapterNumber: number; previewImageUrl: string }[] }
    expect(body.data.map((c) => c.chapterNumber)).toEqual(body.data.map((_, i) => i + 1))
    expect(body.data[0]!.previewImageUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f]{64}\.webp$/)
  })

  it('lists the uncensored genre among the mature genres', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/genres/list', payload: { limit: 200, offset: 0, filters: { mature: true } } })
    const names = (response.json() as { data: { name: string }[] }).data.map((g) => g.name)
    expect(names).toContain('Uncensored')
  })

  it('answers payment methods with deposit and other types, keyed by currency', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/subscriptions/betatransfer/payment-systems' })
    const body = z.parse(endpoints.listPaymentSystems.response, response.json()) as { data: { type: string; orderCurrency: Record<string, unknown> }[] }
    expect(body.data.some((m) => m.type === 'deposit')).toBe(true)
    expect(body.data.some((m) => m.type !== 'deposit')).toBe(true)
    expect(Object.keys(body.data[0]!.orderCurrency)).toContain('USD')
  })

  it('serves an OpenAPI document with every endpoint of the contract', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> }
    expect(document.openapi).toMatch(/^3\./)
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId))
    expect(operations.sort()).toEqual(Object.keys(endpoints).sort())
    expect(document.paths['/api/v1/comics/{id}']?.patch).toBeDefined()
    expect(document.paths['/api/v1/coins/unlocks']?.post?.operationId).toBe('unlockEpisode')
    expect(document.paths['/api/v1/admin/coins/{userId}/balance']?.get?.operationId).toBe('adminCoinBalance')
    expect(document.paths['/api/v1/admin/audit/list']?.post?.operationId).toBe('listAudit')
    expect(document.paths['/api/v1/comics/search']?.post?.operationId).toBe('searchComics')
    expect(document.paths['/api/v1/me/progress']?.post?.operationId).toBe('syncMyProgress')
    expect(document.paths['/api/v1/me/follows/{comicId}']?.delete?.operationId).toBe('unfollowComic')
    expect(document.paths['/api/v1/me/reader-settings']?.put?.operationId).toBe('putReaderSettings')
    expect(document.paths['/api/v1/me/reader-settings']?.get?.operationId).toBe('getReaderSettings')
  })

  it('answers unknown routes with the error body', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(() => z.parse(ApiErrorBodySchema, response.json())).not.toThrow()
  })
})
