import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../src/config'
import { startServerOn, startTestServer, type TestServer } from './support/test-server'

// The payment calls' rate limit is counted in the database: two instances on one database share a
// client's allowance, and behind the configured proxies (TRUST_PROXY) the client is the address that
// X-Forwarded-For names; from a peer that is not one of them the header is ignored.

const LIMIT = 3
/** A payment call limited per client that needs no account: cancelling an unknown sandbox checkout (404). */
const cancel = (server: TestServer, from: { remoteAddress: string; forwardedFor?: string }) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${'x'.repeat(20)}/cancel`,
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  })

describe('two instances on one database', () => {
  let first: TestServer
  let second: TestServer

  beforeAll(async () => {
    first = await startTestServer({ config: { paymentRateLimitPerMinute: LIMIT } })
    const folder = await mkdtemp(join(tmpdir(), 'api-second-instance-'))
    // The second instance shares the first one's database (closed with the first) and nothing else.
    second = await startServerOn(
      { db: first.db, kind: inject('seededDatabase').kind, close: async () => {} },
      { folder, filesDir: first.filesDir, authEmulatorHost: inject('authEmulatorHost'), config: { paymentRateLimitPerMinute: LIMIT } },
    )
  })
  afterAll(async () => {
    await second?.close()
    await first?.close()
  })

  it('share one client bucket: the calls counted on one count on the other', async () => {
    const client = { remoteAddress: '198.51.100.7' }
    const statuses: number[] = []
    for (const server of [first, second, first, second, first]) statuses.push((await cancel(server, client)).statusCode)
    expect(statuses).toEqual([404, 404, 404, 429, 429])
    const limited = await cancel(second, client)
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another client is not affected.
    expect((await cancel(second, { remoteAddress: '198.51.100.8' })).statusCode).toBe(404)
  })

  it('counts at once under concurrent calls: exactly the limit gets through', async () => {
    const client = { remoteAddress: '198.51.100.9' }
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => cancel(i % 2 ? first : second, client).then((r) => r.statusCode)))
    expect(statuses.filter((status) => status === 404)).toHaveLength(LIMIT)
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - LIMIT)
  })
})

describe('TRUST_PROXY', () => {
  let behindProxy: TestServer

  beforeAll(async () => {
    behindProxy = await startTestServer({ config: { paymentRateLimitPerMinute: 2, trustProxy: ['10.0.0.0/8', '127.0.0.1'] } })
  })
  afterAll(() => behindProxy?.close())

  it('is read as addresses and CIDR ranges, the loopback addresses (the site server) by default; trusting every peer is refused', () => {
    expect(loadConfig({}).trustProxy).toEqual(['127.0.0.1', '::1'])
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toEqual([])
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1'])
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY lists the proxies' addresses/)
  })

  it('behind a trusted proxy, X-Forwarded-For decides whose bucket a call counts in', async () => {
    const proxy = '10.1.2.3'
    const statuses = async (forwardedFor: string) => {
      const answers: number[] = []
      for (let i = 0; i < 3; i++) answers.push((await cancel(behindProxy, { remoteAddress: proxy, forwardedFor })).statusCode)
      return answers
    }
    // Two readers behind the same balancer: each has their own allowance.
    expect(await statuses('203.0.113.10')).toEqual([404, 404, 429])
    expect(await statuses('203.0.113.11')).toEqual([404, 404, 429])
    // A client that prepends a made-up address: the proxy appends the real one, the rightmost untrusted.
    expect((await cancel(behindProxy, { remoteAddress: proxy, forwardedFor: '192.0.2.99, 203.0.113.10' })).statusCode).toBe(429)
  })

  it('from a peer that is not a trusted proxy, X-Forwarded-For is ignored', async () => {
    const peer = '192.0.2.50'
    const answers: number[] = []
    for (const forwardedFor of ['203.0.113.20', '203.0.113.21', '203.0.113.22']) {
      answers.push((await cancel(behindProxy, { remoteAddress: peer, forwardedFor })).statusCode)
    }
    expect(answers).toEqual([404, 404, 429])
  })
})
