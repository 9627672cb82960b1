import { connect } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server'

// A body refused before it was read (413: too large for a JSON route), over a real socket. Behind a load
// balancer that sends a buffered request whole (nginx), a server that closes with the body unread has
// the kernel reset the connection, and the balancer answers 502 instead of the 413. The server reads such
// a body through (up to the most it reads for any request) and keeps the connection.
const READ_UP_TO = 1_000_000
let server: TestServer
let port: number

beforeAll(async () => {
  server = await startTestServer({ config: { uploadRequestLimitBytes: READ_UP_TO } })
  await server.app.listen({ host: '127.0.0.1', port: 0 })
  port = (server.app.server.address() as { port: number }).port
})
afterAll(() => server?.close())

const request = (path: string, body: string) =>
  [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n')

/** Writes `bytes` at once (as a balancer sends a buffered request) and reads until the server closes or `expected` answers came. */
function exchange(bytes: string, expected: number): Promise<{ text: string; reset: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    let reset = false
    const done = () => {
      socket.destroy()
      resolve({ text, reset })
    }
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      if ((text.match(/HTTP\/1\.1 \d{3} /g) ?? []).length >= expected && /\r\n\r\n[\s\S]*\}$/.test(text)) setTimeout(done, 50)
    })
    socket.on('error', () => (reset = true))
    socket.on('close', done)
    socket.write(bytes)
  })
}

const bigJson = (bytes: number) => JSON.stringify({ limit: 1, offset: 0, filters: { id: Array.from({ length: Math.ceil(bytes / 10) }, () => '1234567') } })

it('an over-limit JSON body sent whole is answered 413, read through, and the connection then carries the next request', async () => {
  const body = bigJson(400_000)
  expect(Buffer.byteLength(body)).toBeGreaterThan(server.context.config.bodyLimitBytes)
  const { text, reset } = await exchange(request('/api/v1/comics/list', body) + request('/api/v1/genres/list', '{"limit":1,"offset":0}'), 2)
  const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]))
  expect(reset).toBe(false)
  expect(statuses).toEqual([413, 200])
  expect(text).toContain('"code":"body_too_large"')
})

it('a body announced longer than the server ever reads is still answered 413 and the connection closed', async () => {
  const body = bigJson(READ_UP_TO + 200_000)
  const { text } = await exchange(request('/api/v1/comics/list', body), 1)
  expect(text).toMatch(/^HTTP\/1\.1 413/)
  expect(text.toLowerCase()).toContain('connection: close')
})
