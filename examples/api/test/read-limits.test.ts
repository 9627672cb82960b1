import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CatalogueMissBound, ReadLimitedError } from '../src/http/read-limits'
import { startTestServer, type TestServer } from './support/test-server'

// Reads have a per-client allowance (READ_RATE_LIMIT) counted in the instance's memory, the client being
// the address the trusted proxy (loopback by default) names in X-Forwarded-For; the site's own server
// (a trusted peer naming no client) reads for every visitor and is not limited.

const LIMIT = 3

describe('the read limit', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ config: { readRateLimitPerMinute: LIMIT } })
  })
  afterAll(() => server?.close())

  const genres = (forwardedFor?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/genres/list',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { limit: 10, offset: 0 },
    })

  it('refuses one address past its allowance, with Retry-After; another address and the site server read on', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await genres('203.0.113.1')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    const limited = await genres('203.0.113.1')
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)

    expect((await genres('203.0.113.2')).statusCode).toBe(200)
    for (let i = 0; i < LIMIT + 1; i++) expect((await genres()).statusCode).toBe(200)
  })

  it('counts page images as reads', async () => {
    const image = () => server.app.inject({ method: 'GET', url: `/api/v1/files/${'0'.repeat(64)}.png`, headers: { 'x-forwarded-for': '203.0.113.3' } })
    const statuses: number[] = []
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await image()).statusCode)
    expect(statuses).toEqual([404, 404, 404, 429])
  })
})

describe('catalogue queries in flight per client', () => {
  /** A query that ends when the test says so. */
  function heldQuery(log: string[], name: string) {
    let finish!: () => void
    const done = new Promise<void>((resolve) => (finish = resolve))
    return {
      finish,
      run: async () => {
        log.push(`start ${name}`)
        await done
        return name
      },
    }
  }

  it('runs the bound at once, queues three times as many, refuses the rest; another client runs meanwhile', async () => {
    const bound = new CatalogueMissBound(1)
    const log: string[] = []
    const queries = Array.from({ length: 5 }, (_, i) => heldQuery(log, `q${i}`))
    const results = queries.map((query) => bound.run('ip:203.0.113.4', query.run).catch((error: unknown) => error))
    const other = heldQuery(log, 'other')
    const otherResult = bound.run('ip:203.0.113.5', other.run)
    await Promise.resolve()
    expect(log).toEqual(['start q0', 'start other'])
    // The fifth (one running, three waiting) is refused at once.
    const refused = await results[4]
    expect(refused).toBeInstanceOf(ReadLimitedError)
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 1 })

    queries[0]!.finish()
    expect(await results[0]).toBe('q0')
    expect(log).toEqual(['start q0', 'start other', 'start q1'])
    for (const query of queries.slice(1, 4)) query.finish()
    expect(await Promise.all(results.slice(1, 4))).toEqual(['q1', 'q2', 'q3'])
    other.finish()
    expect(await otherResult).toBe('other')
    // The unbounded caller (the site's own server) is never queued.
    expect(await bound.run(null, async () => 'site')).toBe('site')
  })
})
