import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One call the site made to its token sync URL. */
export interface TokenSyncCall {
  method: string
  /** The `Authorization` header as sent ('Bearer <token>'). */
  authorization: string | undefined
  /** The page's origin, as the browser sent it. */
  origin: string | undefined
}

export const TOKEN_SYNC_PATH = '/session/token'
/** Where a test reads the calls received so far (GET, JSON array of TokenSyncCall). */
export const TOKEN_SYNC_CALLS_PATH = '/__calls'

export interface TokenSyncRecorder {
  /** What the site is built with as VITE_TOKEN_SYNC_URL. */
  url: string
  /** Where a test reads the calls (any Node process of the run). */
  callsUrl: string
  stop(): Promise<void>
}

/**
 * A stand-in for a partner's session endpoint on 127.0.0.1: it records every POST and DELETE to
 * TOKEN_SYNC_PATH with its bearer token, answers 204, and answers the browser's CORS preflight for a
 * cross-origin call with an Authorization header, as such an endpoint must.
 */
export async function startTokenSyncRecorder(port = 0): Promise<TokenSyncRecorder> {
  const calls: TokenSyncCall[] = []
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (request.method === 'GET' && path === TOKEN_SYNC_CALLS_PATH) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(calls))
      return
    }
    if (path !== TOKEN_SYNC_PATH) {
      response.writeHead(404).end()
      return
    }
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*')
    response.setHeader('Vary', 'Origin')
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, { 'Access-Control-Allow-Methods': 'POST, DELETE', 'Access-Control-Allow-Headers': 'Authorization', 'Access-Control-Max-Age': '600' })
        .end()
      return
    }
    if (request.method === 'POST' || request.method === 'DELETE') {
      calls.push({ method: request.method, authorization: request.headers.authorization, origin: request.headers.origin })
      request.resume()
      response.writeHead(204).end()
      return
    }
    response.writeHead(405).end()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${base}${TOKEN_SYNC_PATH}`,
    callsUrl: `${base}${TOKEN_SYNC_CALLS_PATH}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Chromium keeps connections alive; close waits for none of them.
        server.closeAllConnections()
      }),
  }
}
