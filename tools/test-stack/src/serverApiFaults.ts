import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the switch file holds while the site server's own calls fail. */
export const SERVER_API_DOWN = 'down'

/** Headers of one connection, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'])
const forwardable = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name)))

export interface ServerApiFaults {
  /** The API as the site's server is told to reach it (SITE_API_TARGET). */
  url: string
  /** Write SERVER_API_DOWN here and the site server's own calls fail; write '' and they reach the API again. */
  switchFile: string
  stop(): Promise<void>
}

/**
 * The API as the site's server reaches it, on 127.0.0.1:`port`: every request forwarded to `target` as it
 * came, except, while `switchFile` holds SERVER_API_DOWN, the site server's own calls (its loaders'
 * prefetches, which carry no X-Forwarded-Host: the browser's calls come through the server's /api/v1
 * proxy, which adds one). Their connection is then closed without an answer, as an API that is down would
 * leave it: the server sends its pages without the API's data, and the browser's calls, which the tests
 * fault in the browser, are left as they are.
 */
export async function startServerApiFaults(options: { target: string; port: number; switchFile: string }): Promise<ServerApiFaults> {
  writeFileSync(options.switchFile, '')
  const target = new URL(options.target)
  const down = () => {
    try {
      return readFileSync(options.switchFile, 'utf8').trim() === SERVER_API_DOWN
    } catch {
      return false
    }
  }
  const server: Server = createServer((incoming, answer) => {
    if (!incoming.headers['x-forwarded-host'] && down()) {
      incoming.socket.destroy()
      return
    }
    const outgoing = httpRequest(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: forwardable(incoming.headers) },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, forwardable(response.headers))
        response.pipe(answer)
      },
    )
    outgoing.on('error', () => {
      if (!answer.headersSent) answer.writeHead(502, { 'content-type': 'application/json' })
      answer.end(JSON.stringify({ error: 'Bad Gateway' }))
    })
    incoming.pipe(outgoing)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    switchFile: options.switchFile,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
