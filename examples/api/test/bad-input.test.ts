import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { ApiErrorBodySchema } from '@comics/core/contract'
import { bearer, createAccount, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { SVG_IMAGE, TEXT_FILE, testImage } from './support/images'
import { multipart } from './support/multipart'
import { startTestServer, type TestServer } from './support/test-server'
import { writtenState } from './support/written-state'

let server: TestServer
let admin: Account
let reader: Account
let facts: Awaited<ReturnType<typeof catalogueFacts>>
let image: Buffer

beforeAll(async () => {
  server = await startTestServer()
  admin = await createAccount('admin', { admin: true })
  reader = await createAccount('reader')
  facts = await catalogueFacts(server.db)
  image = await testImage(800, 1000)
})
afterAll(() => server?.close())

interface BadRequest {
  name: string
  request: () => InjectOptions
  status: number
  /** A fragment the message or a field error must carry, so the caller knows what to fix. */
  mentions: string
}

const list = (url: string, payload: unknown, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: `/api/v1${url}`,
  headers: { 'content-type': 'application/json', ...headers },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
})
const asAdmin = (options: InjectOptions): InjectOptions => ({ ...options, headers: { ...options.headers, ...bearer(admin) } })
const upload = (url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1], method: 'POST' | 'PATCH' = 'POST') => {
  const body = multipart(fields, files)
  return asAdmin({ method, url: `/api/v1${url}`, headers: body.headers, payload: body.payload })
}

const cases: BadRequest[] = [
  { name: 'malformed JSON', request: () => list('/comics/list', '{"limit": 10,'), status: 400, mentions: 'JSON' },
  { name: 'empty JSON body', request: () => list('/comics/list', ''), status: 400, mentions: 'JSON' },
  { name: 'limit as a string', request: () => list('/comics/list', { limit: '10', offset: 0 }), status: 400, mentions: 'limit' },
  { name: 'filters as a list', request: () => list('/chapters/list', { limit: 10, offset: 0, filters: [] }), status: 400, mentions: 'filters' },
  { name: 'boolean where a list is expected', request: () => list('/genres/list', { limit: 10, offset: 0, filters: { id: true } }), status: 400, mentions: 'filters.id' },
  { name: 'unknown top-level field', request: () => list('/comics/list', { limit: 10, offset: 0, admin: true }), status: 400, mentions: 'admin' },
  { name: 'unknown filter', request: () => list('/comics/list', { limit: 10, offset: 0, filters: { rating: ['AO'] } }), status: 400, mentions: 'filters.rating' },
  { name: 'negative limit', request: () => list('/comics/list', { limit: -1, offset: 0 }), status: 400, mentions: 'limit' },
  { name: 'zero limit', request: () => list('/chapters/list', { limit: 0, offset: 0 }), status: 400, mentions: 'limit' },
  { name: 'huge limit', request: () => list('/comics/list', { limit: 1_000_000, offset: 0 }), status: 400, mentions: 'limit' },
  { name: 'fractional limit', request: () => list('/comics/list', { limit: 1.5, offset: 0 }), status: 400, mentions: 'limit' },
  { name: 'negative offset', request: () => list('/genres/list', { limit: 10, offset: -5 }), status: 400, mentions: 'offset' },
  { name: 'huge offset', request: () => list('/genres/list', { limit: 10, offset: 1e15 }), status: 400, mentions: 'offset' },
  { name: 'missing paging', request: () => list('/comics/list', {}), status: 400, mentions: 'limit' },
  { name: 'unknown content rating', request: () => list('/comics/list', { limit: 10, offset: 0, filters: { contentRating: ['X'] } }), status: 400, mentions: 'contentRating' },
  { name: 'SQL in an id filter', request: () => list('/comics/list', { limit: 10, offset: 0, filters: { id: ["1' OR '1'='1"] } }), status: 400, mentions: 'filters.id' },
  { name: 'SQL in a genre filter', request: () => list('/comics/list', { limit: 10, offset: 0, filters: { genres: ['1; DROP TABLE comics;--'] } }), status: 400, mentions: 'filters.genres' },
  { name: 'SQL in a chapter filter', request: () => list('/comics-assets/list', { limit: 10, offset: 0, filters: { chapterId: ['1) OR (1=1'] } }), status: 400, mentions: 'filters.chapterId' },
  { name: 'pages without an episode', request: () => list('/comics-assets/list', { limit: 10, offset: 0 }), status: 400, mentions: 'filters.chapterId' },
  { name: 'prototype pollution', request: () => list('/comics/list', '{"limit":10,"offset":0,"__proto__":{"admin":true}}'), status: 400, mentions: 'proto' },
  { name: 'oversize JSON body', request: () => list('/comics/list', { limit: 10, offset: 0, filters: { id: Array(20_000).fill('1234567') } }), status: 413, mentions: 'too large' },
  { name: 'text/plain body', request: () => ({ method: 'POST', url: '/api/v1/comics/list', headers: { 'content-type': 'text/plain' }, payload: 'limit=10' }), status: 415, mentions: 'text/plain' },
  { name: 'SQL in a path id', request: () => asAdmin({ method: 'PATCH', url: "/api/v1/genres/1'%20OR%201=1", headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ mature: true }) }), status: 404, mentions: 'not found' },
  { name: 'genre with an unknown field', request: () => asAdmin(list('/genres', { name: 'X', mature: false, id: '5' })), status: 400, mentions: 'id' },
  { name: 'genre with a blank name', request: () => asAdmin(list('/genres', { name: '   ', mature: false })), status: 400, mentions: 'name' },
  { name: 'NUL character in a genre name', request: () => asAdmin(list('/genres', { name: 'Null\u0000byte', mature: false })), status: 400, mentions: 'NUL' },
  { name: 'NUL character in a filter', request: () => asAdmin(list('/subscriptions/list', { limit: 10, offset: 0, filters: { userId: ['a\u0000b'] } })), status: 400, mentions: 'NUL' },
  {
    name: 'NUL character in a comic title, with a cover', status: 400, mentions: 'NUL',
    request: () => upload('/comics', { title: 'Null\u0000title', contentRating: 'T' }, [{ field: 'cover', filename: 'c.webp', contentType: 'image/webp', bytes: image }]),
  },
  { name: 'delete with SQL ids', request: () => asAdmin({ ...list('/comics', { ids: ['1 OR 1=1'] }), method: 'DELETE' }), status: 400, mentions: 'ids' },
  { name: 'checkout of an unknown plan', request: () => ({ ...list('/subscriptions/checkout', { level: 1, title: 'forever', urlSuccess: 'http://localhost:5173/account' }), headers: { 'content-type': 'application/json', ...bearer(reader) } }), status: 400, mentions: 'title' },
  { name: 'checkout with level 9', request: () => ({ ...list('/subscriptions/checkout', { level: 9, title: '1week', urlSuccess: 'http://localhost:5173/account' }), headers: { 'content-type': 'application/json', ...bearer(reader) } }), status: 400, mentions: 'level' },
  { name: 'JSON to a multipart call', request: () => asAdmin(list('/comics', { title: 'x' })), status: 415, mentions: 'multipart' },
  { name: 'comic form with a wrong boolean', request: () => upload('/comics', { title: 'Bad', contentRating: 'T', displayOnMirror: 'yes' }, []), status: 400, mentions: 'displayOnMirror' },
  { name: 'comic form with genres that are not JSON', request: () => upload('/comics', { title: 'Bad', contentRating: 'T', genres: '[1,' }, []), status: 400, mentions: 'genres' },
  { name: 'comic form with an unknown genre', request: () => upload('/comics', { title: 'Bad', contentRating: 'T', genres: '["99999"]' }, []), status: 400, mentions: 'genre' },
  { name: 'comic form with an unknown field', request: () => upload('/comics', { title: 'Bad', contentRating: 'T', owner: 'me' }, []), status: 400, mentions: 'owner' },
  {
    name: 'text file as a cover', status: 415, mentions: 'not a JPEG',
    request: () => upload('/comics', { title: 'Bad', contentRating: 'T' }, [{ field: 'cover', filename: 'cover.webp', contentType: 'image/webp', bytes: TEXT_FILE }]),
  },
  {
    name: 'SVG as a cover', status: 415, mentions: 'not a JPEG',
    request: () => upload('/comics', { title: 'Bad', contentRating: 'T' }, [{ field: 'cover', filename: 'cover.svg', contentType: 'image/svg+xml', bytes: SVG_IMAGE }]),
  },
  {
    name: 'truncated image', status: 415, mentions: 'could not be read',
    request: () => upload('/comics', { title: 'Bad', contentRating: 'T' }, [{ field: 'cover', filename: 'c.webp', contentType: 'image/webp', bytes: image.subarray(0, 40) }]),
  },
  {
    name: 'a second page file after a non-image', status: 415, mentions: 'files[1]',
    request: () => upload(`/comics/${facts.mirrorComic.comicId}/assets/legal`, { chapterId: facts.mirrorComic.freeChapterId }, [
      { field: 'files', filename: 'p1.webp', contentType: 'image/webp', bytes: image },
      { field: 'files', filename: 'p2.webp', contentType: 'image/webp', bytes: Buffer.from('%PDF-1.7 not an image') },
    ]),
  },
  {
    name: 'a file in an unknown field', status: 400, mentions: 'avatar',
    request: () => upload('/comics', { title: 'Bad', contentRating: 'T' }, [{ field: 'avatar', filename: 'a.webp', contentType: 'image/webp', bytes: image }]),
  },
  {
    name: 'a file over the size limit', status: 413, mentions: 'too large',
    request: () => upload('/comics', { title: 'Bad', contentRating: 'T' }, [
      { field: 'cover', filename: 'big.jpg', contentType: 'image/jpeg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024)]) },
    ]),
  },
  {
    name: 'pages for a chapter of another comic', status: 400, mentions: 'chapter',
    request: () => upload(`/comics/${facts.mirrorComic.comicId}/assets/legal`, { chapterId: facts.uncensoredComic.freeChapterId }, [
      { field: 'files', filename: 'p1.webp', contentType: 'image/webp', bytes: image },
    ]),
  },
  {
    name: 'an unknown variant', status: 400, mentions: 'variant',
    request: () => upload(`/comics/${facts.mirrorComic.comicId}/assets/raw`, { chapterId: facts.mirrorComic.freeChapterId }, [
      { field: 'files', filename: 'p1.webp', contentType: 'image/webp', bytes: image },
    ]),
  },
  {
    name: 'chapters with repeated numbers', status: 400, mentions: 'numbers',
    request: () => upload('/chapters', { comicsId: facts.mirrorComic.comicId, chapters: JSON.stringify([{ title: 'A', chapterNumber: 500, isFree: false }, { title: 'B', chapterNumber: 500, isFree: false }]) }, []),
  },
  {
    name: 'a chapter number that exists', status: 409, mentions: 'already exists',
    request: () => upload('/chapters', { comicsId: facts.mirrorComic.comicId, chapters: JSON.stringify([{ title: 'Again', chapterNumber: 1, isFree: true }]) }, []),
  },
]

describe('bad input gets a 4xx with a clear message, never a 5xx, and writes nothing', () => {
  it.each(cases)('$name', async ({ request, status, mentions }) => {
    const before = await writtenState(server.db, server.filesDir)
    const response = await server.app.inject(request())
    expect(response.statusCode, response.body).toBe(status)
    const body = z.parse(ApiErrorBodySchema, response.json())
    const said = [body.error.message, ...Object.keys(body.error.fieldErrors ?? {}), ...Object.values(body.error.fieldErrors ?? {}).flat()].join(' ')
    expect(said.toLowerCase()).toContain(mentions.toLowerCase())
    expect(await writtenState(server.db, server.filesDir)).toEqual(before)
  })
})

describe('text that looks like SQL is only text', () => {
  it('stores and returns a genre name full of SQL metacharacters verbatim', async () => {
    const name = `Robert'); DROP TABLE genres;-- %_\\`
    const created = await server.app.inject(asAdmin(list('/genres', { name, mature: false })))
    expect(created.statusCode).toBe(200)
    const listed = await server.app.inject(list('/genres/list', { limit: 200, offset: 0 }))
    expect((listed.json() as { data: { name: string }[] }).data.map((g) => g.name)).toContain(name)
  })
})
