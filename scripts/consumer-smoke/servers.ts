import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { freePort } from '@comics/test-stack/freePort'

/** One request the mock API answered: enough to tell the Next.js server's calls from the browser's. */
export interface ApiRequestRecord {
  method: string
  path: string
  userAgent: string
  authorized: boolean
}

export interface MockApi {
  /** The versioned API root, e.g. `http://127.0.0.1:40123/api/v1`. */
  baseUrl: string
  requests: ApiRequestRecord[]
  /** Requests no handler answered (each is also a 404 to the caller). */
  unhandled: string[]
  stop(): Promise<void>
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-max-age': '600',
}

async function listen(server: Server): Promise<string> {
  const port = await freePort()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return `http://127.0.0.1:${port}`
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * The @comics/mocks handlers, as packed and installed in `appDir`, served over HTTP on 127.0.0.1: each
 * request becomes a fetch `Request` that msw's `getResponse` answers from the handlers (no interception,
 * no service worker), so a Next.js server and a browser on another origin reach the same API. Any
 * origin may call it (CORS), as a partner's pages call the comics API from their own domain.
 */
export async function startMockApi(appDir: string): Promise<MockApi> {
  const require = createRequire(join(appDir, 'package.json'))
  const { getResponse } = require('msw') as typeof import('msw')
  const { createHandlers } = require('@comics/mocks') as typeof import('@comics/mocks')
  const handlers = createHandlers()
  const requests: ApiRequestRecord[] = []
  const unhandled: string[] = []

  const server = createServer((incoming, outgoing: ServerResponse) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', origin)
      if (incoming.method === 'OPTIONS') {
        outgoing.writeHead(204, CORS_HEADERS).end()
        return
      }
      requests.push({
        method: incoming.method ?? 'GET',
        path: url.pathname,
        userAgent: incoming.headers['user-agent'] ?? '',
        authorized: Boolean(incoming.headers.authorization),
      })
      const headers = new Headers()
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
      }
      const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD'
      const request = new Request(url, { method: incoming.method, headers, ...(hasBody ? { body: new Uint8Array(await bodyOf(incoming)) } : {}) })
      const response = await getResponse(handlers, request)
      if (!response) {
        unhandled.push(`${incoming.method} ${url.pathname}`)
        outgoing.writeHead(404, { ...CORS_HEADERS, 'content-type': 'application/json' }).end('{"message":"No mock handler"}')
        return
      }
      const answer: Record<string, string> = { ...CORS_HEADERS }
      response.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding') answer[name] = value
      })
      outgoing.writeHead(response.status, answer).end(Buffer.from(await response.arrayBuffer()))
    })().catch((error: unknown) => {
      unhandled.push(`${incoming.method} ${incoming.url}: ${error instanceof Error ? error.message : String(error)}`)
      if (!outgoing.headersSent) outgoing.writeHead(500, CORS_HEADERS)
      outgoing.end()
    })
  })
  const origin = await listen(server)
  return { baseUrl: `${origin}/api/v1`, requests, unhandled, stop: () => close(server) }
}

export interface StaticFile {
  /** The file on disk. */
  file: string
  type: string
  /** Changes the text before it is served (a page's API address). */
  transform?: (text: string) => string
}

/** A partner's plain web server on 127.0.0.1: a few files by path, 404 for anything else. */
export async function startStaticSite(files: Record<string, StaticFile>): Promise<{ origin: string; stop(): Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://localhost').pathname
    const entry = files[path]
    if (!entry) {
      outgoing.writeHead(404).end()
      return
    }
    readFile(entry.file, 'utf8').then(
      (text) => outgoing.writeHead(200, { 'content-type': entry.type }).end(entry.transform ? entry.transform(text) : text),
      () => outgoing.writeHead(500).end(),
    )
  })
  const origin = await listen(server)
  return { origin, stop: () => close(server) }
}
