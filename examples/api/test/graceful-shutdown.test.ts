import { mkdtemp, rm } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, inject, it } from 'vitest'
import { startApiProcess, type ApiProcess } from './support/api-process'

// The real server process, stopped by SIGTERM (as a platform stops an instance during a rolling
// release) while a slow client is in the middle of a request: the request is answered in full, new
// connections are refused from the signal on, and the process ends by itself with code 0.

let api: ApiProcess | undefined
let folder: string | undefined
afterAll(async () => {
  await api?.kill()
  if (folder) await rm(folder, { recursive: true, force: true })
})

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}

/** The whole answer of a request written on `socket`, once the server has sent it. */
function answerOf(socket: Socket): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    let text = ''
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const end = text.indexOf('\r\n\r\n')
      if (end < 0) return
      const head = text.slice(0, end)
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? NaN)
      if (Buffer.byteLength(text.slice(end + 4)) >= length) resolve({ status: Number(head.split(' ')[1]), headers: head, body: text.slice(end + 4) })
    })
    socket.once('error', reject)
    socket.once('close', () => reject(new Error(`closed before a whole answer: ${text}`)))
  })
}

it('on SIGTERM finishes the request in flight, refuses new connections and exits 0', async () => {
  folder = await mkdtemp(join(tmpdir(), 'api-shutdown-'))
  api = await startApiProcess({
    DATA_DIR: folder,
    SEED_ON_FIRST_START: '0',
    // trace: the line of a request received, which the stop below waits for.
    LOG_LEVEL: 'trace',
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    MIGRATE_ON_START: undefined,
    NODE_ENV: undefined,
  })
  await api.waitForLog((line) => line.msg === 'api ready', 90_000)
  // Emulator trust was asked for, and said loudly (pino's warn level is 40).
  expect(api.logs().find((line) => String(line.msg).startsWith('FIREBASE_AUTH_EMULATOR_HOST is set'))).toMatchObject({ level: 40 })

  // A slow client: the head and half of the body, the rest after the signal.
  const body = JSON.stringify({ limit: 5, offset: 0, sort: { field: 'created_at', order: 'desc' } })
  const socket = connect(api.port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  const answer = answerOf(socket)
  const half = Math.floor(body.length / 2)
  socket.write(
    [
      'POST /api/v1/comics/list HTTP/1.1',
      `Host: localhost:5173`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Request-Id: slow-client-1',
      '',
      body.slice(0, half),
    ].join('\r\n'),
  )
  // In flight once the server has routed it (a stop that began before would answer 503, as for a request
  // that arrived after it): its line, not a guess at how long the server takes to read a head.
  await api.waitForLog((line) => line.msg === 'request received' && line.reqId === 'slow-client-1', 30_000)

  process.kill(api.pid, 'SIGTERM')
  await api.waitForLog((line) => String(line.msg).startsWith('stopping'), 10_000)
  // The listening socket is closed at once: a balancer's next connection fails over to another instance.
  await expect.poll(() => refused(api!.port), { timeout: 5_000, interval: 50 }).toBe(true)
  expect(api.child.exitCode).toBeNull()

  socket.write(body.slice(half))
  const { status, headers, body: answered } = await answer
  expect(status).toBe(200)
  expect(headers).toMatch(/x-request-id: slow-client-1/i)
  expect(JSON.parse(answered)).toMatchObject({ data: [], total: 0 })
  socket.destroy()

  expect(await api.exited).toBe(0)
  expect(api.logs().some((line) => line.msg === 'stopped')).toBe(true)
  expect(await refused(api.port)).toBe(true)
}, 120_000)
