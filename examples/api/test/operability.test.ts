import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggerOptions } from '../src/app'
import { openDatabase } from '../src/db/open-database'
import { FileStore } from '../src/files/file-store'
import { bearer, createAccount, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

// What a load balancer and an operator need of one instance: liveness and readiness probes, a request id
// that follows a request through the balancer into the logs and back, and logs that never hold a token.

/** Every line the server logs, parsed (pino writes one JSON object a line), and the text as written. */
const lines: Record<string, unknown>[] = []
let rawLog = ''
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    rawLog += chunk.toString('utf8')
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
    done()
  },
})

let server: TestServer
let reader: Account

beforeAll(async () => {
  server = await startTestServer({ logger: { ...(loggerOptions('debug') as object), stream: logStream } })
  reader = await createAccount('reader')
})
afterAll(() => server?.close())

describe('probes', () => {
  it('/healthz answers 200 without asking anything else', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('/readyz answers 200 when the database answers and the file storage takes a write', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/readyz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ready', checks: { database: { ok: true }, storage: { ok: true } } })
  })

  it('/readyz answers 503 naming the storage when it cannot be written', async () => {
    const { fileStore } = server.context
    const notAFolder = join(server.filesDir, '..', 'not-a-folder')
    await writeFile(notAFolder, 'a file where the storage folder should be')
    server.context.fileStore = FileStore.onDisk(join(notAFolder, 'files'), fileStore.publicBaseUrl)
    try {
      const response = await server.app.inject({ method: 'GET', url: '/readyz' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { database: { ok: true }, storage: { ok: false } } })
      // Alive all the same: the balancer must not restart it for a storage outage.
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    } finally {
      server.context.fileStore = fileStore
    }
  })

  it('/readyz answers 503 naming the database when it does not answer', async () => {
    const { db } = server.context
    // A database that was closed: every query fails.
    const closed = await openDatabase({ kind: 'pglite' })
    await closed.close()
    server.context.db = closed.db
    try {
      const response = await server.app.inject({ method: 'GET', url: '/readyz' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { database: { ok: false }, storage: { ok: true } } })
    } finally {
      server.context.db = db
    }
  })

  it('/readyz answers 503 while the instance is stopping, so the balancer drains it', async () => {
    server.context.lifecycle = { stopping: true }
    try {
      const response = await server.app.inject({ method: 'GET', url: '/readyz' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ status: 'stopping' })
    } finally {
      server.context.lifecycle = undefined
    }
  })
})

describe('request ids', () => {
  const genres = (headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/api/v1/genres/list', payload: { limit: 5, offset: 0 }, headers })

  it('takes a well-formed X-Request-Id, echoes it and logs it on the request line', async () => {
    const response = await genres({ 'x-request-id': 'lb-7f3a9c.42' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-request-id']).toBe('lb-7f3a9c.42')
    expect(lines.filter((line) => line.reqId === 'lb-7f3a9c.42' && line.msg === 'request completed')).toHaveLength(1)
  })

  it('replaces a malformed or oversized one with a new id, and makes one when none is given', async () => {
    for (const given of ['two words', 'x'.repeat(129), 'evil"}\u0000', '']) {
      const response = await genres({ 'x-request-id': given })
      const id = response.headers['x-request-id'] as string
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(lines.some((line) => line.reqId === id)).toBe(true)
    }
    const none = await genres()
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect((await genres()).headers['x-request-id']).not.toBe(none.headers['x-request-id'])
  })

  it('is on error answers too', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/genres/list', payload: '{', headers: { 'content-type': 'application/json', 'x-request-id': 'bad-json-1' } })
    expect(response.statusCode).toBe(400)
    expect(response.headers['x-request-id']).toBe('bad-json-1')
  })
})

describe('logs', () => {
  it('are JSON lines with a request id, and never hold an Authorization header or a token', async () => {
    const forged = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJmb3JnZWQtdG9rZW4tc2VjcmV0In0.'
    const calls = [
      // A signed-in call with a good token, one with a bad token (401), a public call with each.
      { url: '/api/v1/subscriptions/list', payload: { limit: 5, offset: 0, filters: {} }, authorization: bearer(reader).authorization },
      { url: '/api/v1/subscriptions/list', payload: { limit: 5, offset: 0, filters: {} }, authorization: `Bearer ${forged}` },
      { url: '/api/v1/genres/list', payload: { limit: 5, offset: 0 }, authorization: bearer(reader).authorization },
      { url: '/api/v1/genres/list', payload: { limit: 5, offset: 0 }, authorization: `Bearer ${forged}` },
      // A malformed body with a token: the error path logs the request too.
      { url: '/api/v1/subscriptions/list', payload: '{"limit":', authorization: bearer(reader).authorization },
    ]
    const statuses: number[] = []
    for (const call of calls) {
      const response = await server.app.inject({
        method: 'POST',
        url: call.url,
        payload: call.payload,
        headers: { authorization: call.authorization, 'content-type': 'application/json', cookie: 'session=cookie-secret' },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([200, 401, 200, 200, 400])
    const completed = lines.filter((line) => line.msg === 'request completed')
    expect(completed.length).toBeGreaterThanOrEqual(calls.length)
    for (const line of completed) expect(line.reqId).toEqual(expect.any(String))
    for (const secret of [reader.idToken, forged, 'forged-token-secret', 'Bearer', 'cookie-secret']) expect(rawLog).not.toContain(secret)
    expect(rawLog.split('\n').filter(Boolean).every((line) => line.startsWith('{') && line.endsWith('}'))).toBe(true)
  })

  it("log a reader's action at info, and the progress sync their client sends on each page turned at debug unless it fails", async () => {
    const { comicId, freeChapterId: chapterId } = (await catalogueFacts(server.db)).mirrorComic
    const call = async (id: string, url: string, payload: Record<string, unknown>) => {
      const response = await server.app.inject({ method: 'POST', url, payload, headers: { ...bearer(reader), 'x-request-id': id } })
      const line = lines.find((each) => each.reqId === id && each.msg === 'request completed')
      return { status: response.statusCode, level: line?.level }
    }
    const entry = { comicId, chapterId, chapterTitle: 'Episode 1', updatedAt: TEST_NOW.getTime() - 1_000 }
    // pino's levels: 20 debug, 30 info.
    expect(await call('sync-ok', '/api/v1/me/progress', { entries: [entry] })).toEqual({ status: 200, level: 20 })
    expect(await call('sync-refused', '/api/v1/me/progress', { entries: [{ ...entry, comicId: 'not-an-id' }] })).toEqual({ status: 400, level: 30 })
    expect(await call('follow', '/api/v1/me/follows', { comicId })).toEqual({ status: 200, level: 30 })
  })
})
