import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { Readable } from 'node:stream'
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import fastifyCompress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { inlineScriptHashes, securityHeaders, styleAttributeHashes, withStyleAttributes, type SecurityHeadersEnv } from '../../securityHeaders'
import { resolveHost, type HostConfig, type SiteMode } from '@comics/core'
import type { SiteLoadContext } from '../app/loadContext'
import { registerApiProxy } from './apiProxy'
import { registerWebManifest } from './webManifest'
import { DEFAULT_MESSAGES } from '@comics/react'
import { APP_SHELL_PATH, SERVICE_WORKER_PATH } from '../offline/offlineConstants'

/** A fresh nonce for one response's Content-Security-Policy (128 random bits). */
export const newNonce = () => randomBytes(16).toString('base64')

export interface SiteServerOptions {
  /** The browser build (dist/client): assets/ with their .br and .gz copies, the public files. */
  distDir: string
  /** The framework's render of every page (`virtual:react-router/server-build`). */
  build: ServerBuild
  /**
   * Where the browser reaches the API: a path on the site (`/api/v1`, proxied to `apiTarget`) or another
   * origin (`https://api.example/api/v1`), given to the page in its HTML.
   */
  apiBaseUrl: string
  /** The API as the server reaches it, for its own calls and the same-origin proxy (e.g. http://127.0.0.1:8787). */
  apiTarget: string
  /** The build's settings the policy follows (the same VITE_ variables the page was built with). */
  policyEnv: SecurityHeadersEnv
  /** JSON lines on stdout from this level on (pino's: info writes a line per request), or none. */
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent'
  /**
   * The proxies in front of the site server (addresses or CIDR ranges, SITE_TRUST_PROXY) whose
   * X-Forwarded-For names the visitor; none by default: the connecting address is the visitor's.
   */
  trustProxy?: string[]
  /** How long a stop waits for what is in flight before it closes the remaining connections. */
  shutdownGraceMs?: number
  /**
   * The hosts the site serves, as configured (see readSiteEnv): every absolute address of a page's head,
   * robots.txt and the sitemaps is on them, never on a request's Host or X-Forwarded-Host.
   */
  hosts: HostConfig
  /** The scheme of those addresses (SITE_PUBLIC_PROTOCOL); https by default, http on loopback hosts. */
  publicProtocol?: 'http' | 'https'
}

export interface SiteServer {
  app: FastifyInstance
  /** From now on /readyz answers 503 and every answer closes its connection (the first step of a stop). */
  draining(): void
}

/** The request line as logged: the path only (a query can carry an email action's code or a token). */
const pathOf = (url: string) => url.split('?')[0]!

/** The mode of the host a request names, or null for a host the site does not serve. */
export function modeOfHost(hostHeader: string | undefined, hosts: HostConfig): SiteMode | null {
  if (!hostHeader) return null
  let url: string
  try {
    url = new URL(`http://${hostHeader}/`).href
  } catch {
    return null
  }
  const host = resolveHost(url, hosts)
  return 'mode' in host ? host.mode : null
}

/**
 * Cache-Control of a built file: hashed assets forever, anything else revalidated; the service worker's
 * script never kept (a browser checks it for a new version on each visit, and no cache may answer in its stead).
 */
export function fileCacheControl(distDir: string, file: string): string {
  const path = relative(distDir, file).split(sep).join('/')
  if (`/${path}` === SERVICE_WORKER_PATH) return 'no-cache, no-store, must-revalidate'
  return path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, no-cache'
}

/**
 * The reading service's production server (plain Node, Fastify): the built files with their Brotli and
 * gzip copies, every page's document with a per-request nonce on its scripts, the landing screens
 * rendered for a guest, the host policy and the guards answered with HTTP redirects, /healthz and
 * /readyz, and the API on /api/v1 when the page reaches it on the same origin.
 */
export async function createSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  if (!existsSync(options.distDir)) throw new Error(`siteServer: no build at ${options.distDir} (run pnpm --filter site build)`)
  const sameOriginApi = !/^https?:/.test(options.apiBaseUrl)
  const apiBase = sameOriginApi ? `${options.apiTarget.replace(/\/$/, '')}${options.apiBaseUrl}` : options.apiBaseUrl
  const policyEnv: SecurityHeadersEnv = { ...options.policyEnv, VITE_API_BASE_URL: options.apiBaseUrl }
  const handleDocument = createRequestHandler(options.build, 'production')

  const app = Fastify({
    // Requests that arrive on a kept-alive connection while the server stops are still answered.
    return503OnClosing: false,
    // The visitor's address (request.ip) is what the API proxy forwards: only configured proxies may name it.
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? options.trustProxy : false,
    forceCloseConnections: 'idle',
    // Fastify's own request lines are off: the onResponse hook writes one per answer (below).
    logController: new LogController({ disableRequestLogging: true }),
    // Any line naming a request (an error's) gives its method and path only: never its headers or query.
    logger: { level: options.logLevel ?? 'info', serializers: { req: (request: { method?: string; url?: string }) => ({ method: request.method, path: pathOf(request.url ?? '') }) } },
  })
  let ready = true
  const draining = () => {
    ready = false
  }

  // One line per answer, without headers: no cookie, token or query string is ever written. A passing
  // health check (a load balancer asks every few seconds) only at debug level.
  app.addHook('onResponse', async (request, reply) => {
    const healthCheck = (request.url === '/healthz' || request.url === '/readyz') && reply.statusCode === 200
    request.log[healthCheck ? 'debug' : 'info'](
      { method: request.method, path: pathOf(request.url), host: request.headers.host, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    )
  })
  app.addHook('onSend', async (request, reply) => {
    // While it stops, the server tells each client not to send more on the same connection.
    if (!ready) reply.header('connection', 'close')
    // Every file of the site's own is taken for the type it is sent as (the API's answers keep the API's headers).
    if (!(sameOriginApi && request.url.startsWith(`${options.apiBaseUrl}/`))) reply.header('x-content-type-options', 'nosniff')
  })

  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (_request, reply) => (ready ? { status: 'ready' } : reply.code(503).send({ status: 'stopping' })))

  if (sameOriginApi) registerApiProxy(app, { prefix: options.apiBaseUrl, target: options.apiTarget })

  registerWebManifest(app, { modeOf: (hostHeader) => modeOfHost(hostHeader, options.hosts), messages: DEFAULT_MESSAGES })

  // Documents in Brotli or gzip as the browser accepts (the built files have their copies beside them).
  await app.register(fastifyCompress, { global: false, encodings: ['br', 'gzip'] })

  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: '/',
    // Routes for the files the build wrote, the document excepted (it is rendered for each request).
    wildcard: false,
    globIgnore: ['index.html', '**/*.br', '**/*.gz', '.vite/**'],
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, file) => {
      response.setHeader('cache-control', fileCacheControl(options.distDir, file))
      // The worker's scope is the whole site, where its script already sits: said outright.
      if (file === join(options.distDir, SERVICE_WORKER_PATH)) response.setHeader('service-worker-allowed', '/')
      // The same address answers in Brotli, gzip or plain: a shared cache keeps one copy of each.
      response.setHeader('vary', 'Accept-Encoding')
    },
  })

  /** Every page's document: the framework's render, streamed, compressed, with this response's nonce. */
  async function sendDocument(request: FastifyRequest, reply: FastifyReply) {
    const nonce = newNonce()
    const context: SiteLoadContext = {
      nonce,
      apiBaseUrl: options.apiBaseUrl,
      apiBase,
      hosts: options.hosts,
      ...(options.publicProtocol ? { publicProtocol: options.publicProtocol } : {}),
      securityHeaders(html, { shared = false } = {}) {
        const headers = securityHeaders(policyEnv, shared ? { scriptHashes: inlineScriptHashes(html) } : { scriptNonce: nonce })
        const csp = 'Content-Security-Policy'
        return { ...headers, [csp]: withStyleAttributes(headers[csp]!, styleAttributeHashes(html)) }
      },
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value)
      else if (Array.isArray(value)) for (const each of value) headers.append(name, each)
    }
    const aborted = new AbortController()
    reply.raw.once('close', () => aborted.abort())
    const response = await handleDocument(new Request(`http://${request.headers.host ?? 'localhost'}${request.url}`, { method: request.method, headers, signal: aborted.signal }), context)
    reply.status(response.status)
    for (const [name, value] of response.headers) reply.header(name, value)
    if (!response.body || request.method === 'HEAD') return reply.send()
    // Compressed: on a phone's link the document's bytes are on every visit's critical path.
    return reply.compress(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
  }

  const notFound = (reply: FastifyReply) => reply.code(404).header('cache-control', 'no-cache').send({ error: 'Not Found' })
  // Every other address asked for as a page is the framework's (a route, or its not-found screen).
  app.route({
    method: ['GET', 'HEAD'],
    url: '*',
    handler: async (request, reply) => {
      const accept = request.headers.accept ?? '*/*'
      const isDocument = !request.url.startsWith('/assets/') && /text\/html|\*\/\*/.test(accept)
      return isDocument ? sendDocument(request, reply) : notFound(reply)
    },
  })
  app.setNotFoundHandler(async (_request, reply) => notFound(reply))

  return { app, draining }
}
