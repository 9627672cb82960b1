import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggerOptions } from '../src/app'
import { bearer, createAccount, type Account } from './support/accounts'
import { startTestServer, type TestServer } from './support/test-server'

// These tests go through a real socket on 127.0.0.1: headers as a browser sees them, CORS, logs.
let server: TestServer
let base: string
let reader: Account
const logLines: string[] = []

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  const logger = { ...(loggerOptions('trace') as object), stream: sink }
  server = await startTestServer({ logger })
  base = await server.app.listen({ host: '127.0.0.1', port: 0 })
  reader = await createAccount('reader')
})
afterAll(() => server?.close())

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe('over a real socket', () => {
  it('sends the security headers of an API answer, and the document headers on the checkout page only', async () => {
    const response = await post('/api/v1/genres/list', { limit: 5, offset: 0 })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    // Headers that only concern HTML documents are not spent on JSON answers.
    for (const documentOnly of ['referrer-policy', 'cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-xss-protection']) {
      expect(response.headers.get(documentOnly), documentOnly).toBeNull()
    }
    const refused = await post('/api/v1/subscriptions/list', { limit: 5, offset: 0 })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff')

    const checkout = await post('/api/v1/subscriptions/checkout', { level: 1, title: '1week', urlSuccess: 'http://localhost:5173/account' }, bearer(reader))
    const page = await fetch(((await checkout.json()) as { url: string }).url.replace(/^https?:\/\/[^/]+/, base))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('content-security-policy')).toContain('form-action')
    const missing = await fetch(`${base}/api/v1/checkout/${'x'.repeat(20)}`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('allows CORS for configured origins only', async () => {
    const allowed = await post('/api/v1/genres/list', { limit: 5, offset: 0 }, { origin: 'http://adult.localhost:5173' })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://adult.localhost:5173')
    expect(allowed.headers.get('access-control-expose-headers')).toContain('ETag')
    const foreign = await post('/api/v1/genres/list', { limit: 5, offset: 0 }, { origin: 'https://evil.example' })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()

    const preflight = await fetch(`${base}/api/v1/subscriptions/list`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
  })

  it('revalidates catalogue reads with ETags', async () => {
    const first = await post('/api/v1/comics/list', { limit: 10, offset: 0 }, { host: 'adult.localhost:5173' })
    const etag = first.headers.get('etag')!
    const second = await post('/api/v1/comics/list', { limit: 10, offset: 0 }, { host: 'adult.localhost:5173', 'if-none-match': etag })
    expect(second.status).toBe(304)
  })

  it('never writes a token into the logs', async () => {
    const response = await post('/api/v1/subscriptions/list', { limit: 5, offset: 0 }, bearer(reader))
    expect(response.status).toBe(200)
    await post('/api/v1/subscriptions/list', { limit: 5, offset: 0 }, { authorization: 'Bearer not-a-real-token-value' })
    const logs = logLines.join('')
    expect(logs).toContain('/api/v1/subscriptions/list')
    expect(logs).not.toContain(reader.idToken)
    expect(logs).not.toContain('not-a-real-token-value')
  })

  it('never writes a checkout id (the payment page credential) into the logs', async () => {
    const checkout = await post('/api/v1/subscriptions/checkout', { level: 1, title: '1week', urlSuccess: 'http://localhost:5173/account' }, bearer(reader))
    const id = new URL(((await checkout.json()) as { url: string }).url).pathname.split('/').pop()!
    const page = await fetch(`${base}/api/v1/checkout/${id}`)
    expect(page.status).toBe(200)
    const logs = logLines.join('')
    expect(logs).toContain('/api/v1/checkout/[redacted]')
    expect(logs).not.toContain(id)
  })
})
