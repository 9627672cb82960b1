import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PreviewServer } from 'vite'
import { ANSWERS_ELEMENT_ID, previewServerRender, SERVER_RENDER_FILE, serverRenderDir } from '../../serverRender'
import { styleAttributeHashes } from '../../securityHeaders'

type Middleware = (request: object, response: object, next: () => void) => Promise<void> | void

/** A server render module as the build writes it: calls at /comic/…, the answers echoed in styled markup. */
const FAKE_MODULE = `
export function serverLanding(url) {
  if (!new URL(url).pathname.startsWith('/comic/')) return null
  return {
    calls: [{ key: 'listComics {"id":"7"}', path: '/comics/list', body: '{"id":"7"}' }],
    render: async (answers) => '<p style="color:red">' + answers.map(([key, answer]) => key + '=' + answer.status).join(',') + '</p>',
  }
}
`
const TEMPLATE = '<!doctype html><html><head><script>inline()</script></head><body><div id="root"></div></body></html>'

describe("the preview's server render", () => {
  let root: string
  let api: Server
  let apiOrigin: string
  const received: { url?: string; headers: IncomingHttpHeaders; body: string }[] = []

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'server-render-'))
    mkdirSync(join(root, 'dist'))
    mkdirSync(serverRenderDir(join(root, 'dist')))
    writeFileSync(join(root, 'dist', 'index.html'), TEMPLATE)
    writeFileSync(join(serverRenderDir(join(root, 'dist')), SERVER_RENDER_FILE), FAKE_MODULE)
    api = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk))
      request.on('end', () => {
        received.push({ url: request.url, headers: request.headers, body })
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ data: [{ id: '7' }], total: 1 }))
      })
    })
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => api.close(resolve))
    rmSync(root, { recursive: true, force: true })
  })

  /** The plugin's middleware, as `vite preview` runs it after its HTML fallback. */
  async function middleware(target = apiOrigin) {
    const used: Middleware[] = []
    const warn = vi.fn()
    const server = { config: { root, build: { outDir: 'dist' }, logger: { warn } }, middlewares: { use: (fn: Middleware) => used.push(fn) } }
    const hook = previewServerRender({ apiTarget: target, apiBaseUrl: '/api/v1' }).configurePreviewServer as (server: PreviewServer) => Promise<() => void> | (() => void)
    const after = await hook(server as unknown as PreviewServer)
    after()
    return { handle: used[0]!, warn }
  }

  /** A navigation to `path` after the fallback rewrote it to /index.html, with the policy already set. */
  async function navigate(handle: Middleware, path: string) {
    const headers: Record<string, string> = { 'Content-Security-Policy': "default-src 'self'; style-src 'self'" }
    let body: string | undefined
    const next = vi.fn()
    const response = {
      getHeader: (name: string) => headers[name],
      setHeader: (name: string, value: string) => void (headers[name] = value),
      end: (text: string) => void (body = text),
    }
    await handle({ method: 'GET', url: '/index.html', originalUrl: path, headers: { host: 'localhost:4173' } }, response, next)
    return { body, headers, next }
  }

  it("answers a landing with its render and the answers it used, asking the API with the visitor's Host", async () => {
    const { handle } = await middleware()
    const { body, headers, next } = await navigate(handle, '/comic/7')
    expect(next).not.toHaveBeenCalled()
    expect(received.at(-1)).toMatchObject({ url: '/api/v1/comics/list', body: '{"id":"7"}', headers: { host: 'localhost:4173' } })
    const answers = [['listComics {"id":"7"}', { status: 200, data: { data: [{ id: '7' }], total: 1 } }]]
    expect(body).toContain(`<script type="application/json" id="${ANSWERS_ELEMENT_ID}">${JSON.stringify(answers)}</script>`)
    expect(body).toContain('<div id="root" data-server-rendered><p style="color:red">listComics {"id":"7"}=200</p></div>')
    expect(headers['Content-Type']).toBe('text/html; charset=utf-8')
    // The render's one style attribute, and no other, by its hash.
    expect(headers['Content-Security-Policy']).toBe(
      `default-src 'self'; style-src 'self'; style-src-attr 'unsafe-hashes' ${styleAttributeHashes('<p style="color:red">').join(' ')}`,
    )
  })

  it('leaves other addresses and other files to the preview', async () => {
    const { handle } = await middleware()
    expect((await navigate(handle, '/categories')).next).toHaveBeenCalledOnce()
    const next = vi.fn()
    await handle({ method: 'GET', url: '/assets/a.js', headers: {} }, {}, next)
    expect(next).toHaveBeenCalledOnce()
  })

  it('sends the plain document when the API cannot be reached, and says why', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const { handle, warn } = await middleware(`http://127.0.0.1:${port}`)
    const { body, next } = await navigate(handle, '/comic/7')
    expect(body).toBeUndefined()
    expect(next).toHaveBeenCalledOnce()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('server render of /comic/7 failed'))
  })
})

describe('style attribute hashes', () => {
  it('hash each distinct value once, as the browser reads it (entities decoded)', () => {
    const hashes = styleAttributeHashes('<li style="a:1"></li><li style="a:1"></li><p style="content:&quot;x&quot;">')
    expect(hashes).toHaveLength(2)
    expect(hashes[1]).toBe(styleAttributeHashes(`<p style='x' style="content:&quot;x&quot;">`)[0])
  })
})
