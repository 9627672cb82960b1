import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bearer, createAccount, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { testImage } from './support/images'
import { multipart } from './support/multipart'
import { startTestServer, type TestServer } from './support/test-server'
import { writtenState } from './support/written-state'

// An admin's upload cut off by the client in the middle of the body, over a real socket: the server
// must record nothing of it (no page row, no file row, no file on disk, no temporary file) and go on
// answering, so the same upload sent again in full succeeds.
let server: TestServer
let port: number
let admin: Account
let facts: Awaited<ReturnType<typeof catalogueFacts>>
let pages: Buffer[]
/** Requests whose handler has finished, with the status it answered: what the test waits for. */
const finished: { url: string; status: number }[] = []
/** Requests that reached their handler, which reads the form as it streams in. */
const reading: string[] = []

beforeAll(async () => {
  server = await startTestServer({
    beforeReady: (app) => {
      // onSend: the handler is done (answered or failed) and its answer is on its way, to a client that may be gone.
      // preHandler: authorised and about to read the form; the body is still arriving.
      app.addHook('preHandler', async (request) => {
        reading.push(request.url)
      })
      app.addHook('onSend', async (request, reply, payload) => {
        finished.push({ url: request.url, status: reply.statusCode })
        return payload
      })
    },
  })
  await server.app.listen({ host: '127.0.0.1', port: 0 })
  port = (server.app.server.address() as { port: number }).port
  admin = await createAccount('admin', { admin: true })
  facts = await catalogueFacts(server.db)
  pages = [await testImage(800, 1200, 'webp', 15), await testImage(800, 900, 'png', 95), await testImage(800, 1000, 'jpeg', 175)]
})
afterAll(() => server?.close())

/** Sends the head and the first `sent` bytes of a request that announces the whole body, then hangs up. */
async function sendCutOff(path: string, form: ReturnType<typeof multipart>, sent: number): Promise<void> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  const head = [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Type: ${form.headers['content-type']}`,
    `Content-Length: ${form.payload.length}`,
    `Authorization: ${bearer(admin).authorization}`,
    '',
    '',
  ].join('\r\n')
  await new Promise<void>((resolve) => socket.write(head, () => resolve()))
  const readingBefore = reading.length
  await new Promise<void>((resolve) => socket.write(form.payload.subarray(0, sent), () => resolve()))
  // Hung up once the server has begun on the form, not after a guessed time.
  await vi.waitFor(() => expect(reading.slice(readingBefore)).toContain(path), { timeout: 10_000, interval: 10 })
  socket.destroy()
}

describe('an upload interrupted by the client', () => {
  const uploads = () => {
    const url = `/api/v1/comics/${facts.mirrorComic.comicId}/assets/legal`
    const form = multipart({ chapterId: facts.mirrorComic.freeChapterId }, pages.map((bytes, i) => ({ field: 'files', filename: `p${i}.img`, contentType: 'image/webp', bytes })))
    const firstFileEnds = form.payload.indexOf(pages[0]!) + pages[0]!.length
    return { url, form, firstFileEnds }
  }

  it.each([
    { name: 'in the middle of the first file', cut: (firstFileEnds: number) => Math.floor(firstFileEnds / 2) },
    { name: 'after the first file, in the second', cut: (firstFileEnds: number) => firstFileEnds + 2_000 },
    { name: 'just before the closing boundary', cut: (_: number, length: number) => length - 10 },
  ])('$name leaves no record and no file', async ({ cut }) => {
    const { url, form, firstFileEnds } = uploads()
    const before = await writtenState(server.db, server.filesDir)
    const done = finished.length
    await sendCutOff(url, form, cut(firstFileEnds, form.payload.length))
    // Wait until the server has finished with the request (however it ended), then look.
    await vi.waitFor(() => expect(finished.slice(done).map((entry) => entry.url)).toContain(url), { timeout: 10_000, interval: 50 })
    // A client error for a body that never arrived whole, not a server fault.
    expect(finished.slice(done).find((entry) => entry.url === url)!.status).toBe(400)
    expect(await writtenState(server.db, server.filesDir)).toEqual(before)
  })

  it('is accepted when sent again in full, and the server still answers', async () => {
    const { url, form } = uploads()
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { ...form.headers, ...bearer(admin) },
      body: form.payload,
    })
    expect(response.status, await response.clone().text()).toBe(200)
    const { data } = (await response.json()) as { data: { position: number; width: number; height: number }[] }
    expect(data.map((page) => [page.position, page.width, page.height])).toEqual([[1, 800, 1200], [2, 800, 900], [3, 800, 1000]])
  })
})
