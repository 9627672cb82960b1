// zod's compiler (zod/compile), installed before any schema of the contract is built: each schema is
// compiled to one function on its first parse, which a valid body or answer takes instead of zod's
// interpreter (docs/performance.md, "Signed-in writes on PostgreSQL"); an invalid one is parsed again by
// the interpreter, so the issues are zod's as before. The contract's schemas are built on first use
// (core `builtOnUse`), after this import.
import 'zod/compile'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import cors from '@fastify/cors'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import { MAX_UPLOAD_BYTES } from '@comics/core/contract'
import type { AppContext } from './app-context'
import { ANSWER_ENCODINGS, BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES } from './http/compression'
import { answerFrameworkError, installErrorHandling } from './http/error-handler'
import { HttpError } from './http/http-error'
import { verifiedCallerOf } from './auth/caller'
import { databaseRateLimitStore } from './http/database-rate-limit-store'
import { CatalogueMissBound, clientKeyResolver, ReadLimitedError, ReadRateLimit, refuseRead } from './http/read-limits'
import { API_SECURITY_HEADERS } from './http/security-headers'
import { shareAccountErasures } from './auth/account-erasures'
import { shareCatalogueChanges } from './catalogue/catalogue-changes'
import { onCoinsChanged } from './coins/coin-changes'
import { ReaderCache, shareReaderChanges } from './reading/reader-cache'
import { registerHealthRoutes } from './routes/health-routes'
import { registerAdminAssetRoutes } from './routes/admin-asset-routes'
import { registerAdminChapterRoutes } from './routes/admin-chapter-routes'
import { registerAdminComicRoutes } from './routes/admin-comic-routes'
import { registerAdminAuditRoutes } from './routes/admin-audit-routes'
import { registerAdminGenreRoutes } from './routes/admin-genre-routes'
import { registerCatalogueRoutes } from './routes/catalogue-routes'
import { registerCheckoutPageRoutes } from './routes/checkout-page-routes'
import { registerFileRoutes } from './routes/file-routes'
import { registerOpenApiRoute } from './routes/openapi-routes'
import { registerPaymentRoutes } from './routes/payment-routes'
import { registerSubscriptionRoutes } from './routes/subscription-routes'
import { registerAccountRoutes } from './routes/account-routes'
import { BALANCE_KEY, registerCoinRoutes } from './routes/coin-routes'
import { registerCommentRoutes } from './routes/comment-routes'
import { registerReadingRoutes } from './routes/reading-routes'
import { registerWaitForFreeRoutes } from './routes/wait-for-free-routes'
import { registerTranscriptRoutes } from './routes/transcript-routes'

declare module 'fastify' {
  interface FastifyRequest {
    /** The text of a JSON body, as received. */
    jsonText?: string
  }
  interface FastifyContextConfig {
    /** A read: counted in its client's read limit (READ_RATE_LIMIT). */
    read?: boolean
    /**
     * A write the reader's client sends by itself as they read (the progress sync of each page turned):
     * its success is logged at debug, as a read's is, not at info as a reader's action is.
     */
    background?: boolean
  }
}

/**
 * Log options: tokens and cookies never reach a log line, nor does a checkout id (it is the credential
 * of the sandbox payment page, and it travels in that page's path).
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'authorization'], censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: request.url.replace(/\/checkout\/[^/?#]+/, '/checkout/[redacted]'),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  }
}

/** The header a request id travels in, from the load balancer in and back to the client out. */
export const REQUEST_ID_HEADER = 'x-request-id'
/** A request id taken as given: short, and only characters that cannot forge a log line or a header. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:@\/+=-]{1,128}$/

/** The incoming X-Request-Id when it is well formed (one header, accepted characters), else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID()
}

/**
 * The access log: one structured line per request, written when it completes (Fastify's default is two).
 * Catalogue reads (GET and the list calls), by far the most frequent requests, and the writes a reader's
 * client sends by itself as they read (route config `background`: the progress sync), log at debug when
 * they succeed, so a busy server does not spend its time writing them; other writes log at info, client
 * errors at info, server errors at error.
 */
class AccessLog extends LogController {
  /**
   * At trace level only, a line once a request has been routed (its head read; the body may still be on
   * its way): a slow request is then seen in flight, and a stop that began after this line answers it.
   */
  override incomingRequest(request: FastifyRequest): void {
    request.log.trace({ req: request }, 'request received')
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode
    const frequent = request.method === 'GET' || request.url.endsWith('/list') || request.routeOptions.config.background === true
    const level = error || status >= 500 ? 'error' : frequent && status < 400 ? 'debug' : 'info'
    request.log[level]({ req: request, res: { statusCode: status }, responseTime: reply.elapsedTime, ...(error ? { err: error } : {}) }, 'request completed')
  }
}

/** The API server: every endpoint of the contract under /api/v1, the sandbox checkout page and the files. */
export async function buildApp(
  context: AppContext,
  options: { logger?: FastifyServerOptions['logger'] | false } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(context.config.logLevel),
    bodyLimit: context.config.bodyLimitBytes,
    // Only the configured proxies (TRUST_PROXY) may name the client in X-Forwarded-For: trusting any peer
    // would let every client pick its address, and so its rate-limit bucket.
    trustProxy: context.config.trustProxy.length > 0 ? context.config.trustProxy : false,
    // The request id of every log line: the load balancer's X-Request-Id when well formed, else a new one.
    genReqId: requestIdOf,
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    logController: new AccessLog(),
  })
  installErrorHandling(app, { readRefusedBodiesUpTo: context.config.uploadRequestLimitBytes })
  // Every body is JSON or multipart; a text/plain body is refused (415) rather than parsed as a string.
  app.removeContentTypeParser('text/plain')
  // JSON is parsed by Fastify's own parser (same limits, same errors); its text is kept for the
  // catalogue cache's remembered answers (see registerEndpoint).
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.decorateRequest('jsonText', undefined)
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    request.jsonText = String(text)
    parseJson(request, request.jsonText, done)
  })

  // Security headers (helmet's, recorded once) set with the reply's own headers.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(API_SECURITY_HEADERS)
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
  await app.register(cors, {
    origin: context.config.allowedOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id'],
    exposedHeaders: ['ETag', 'X-Request-Id'],
    maxAge: 600,
  })
  // Reads: a generous allowance per client, counted in this instance's memory (docs/decisions.md).
  const clientKeyOf = clientKeyResolver(context.config.trustProxy, (request) => verifiedCallerOf(request, context.verifier))
  const readLimit = new ReadRateLimit(context.config.readRateLimitPerMinute)
  // A hook with a callback: the calls that are not reads go on at once, without a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.read) return done()
    clientKeyOf(request)
      .then((client) => {
        if (client === null) return
        try {
          readLimit.take(client)
        } catch (error) {
          if (error instanceof ReadLimitedError) refuseRead(reply, error)
          throw error
        }
      })
      .then(() => done(), done)
  })
  const catalogueMisses = new CatalogueMissBound(context.config.catalogueMissesPerClient)
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: every instance on it shares a client's allowance.
    store: databaseRateLimitStore(context.db),
    // The reads' key (a signed-in reader's account, else the client's address); writes spare no client, so
    // the site's own server counts under its address.
    keyGenerator: async (request) => (await clientKeyOf(request)) ?? `ip:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`),
  })
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 500, fields: 50 } })
  // JSON answers (and the checkout page) compressed for clients that accept it: a reader's page list is
  // on the critical path of the first page, and Brotli shrinks it well. Brotli at a middle
  // quality costs little for such an answer (docs/performance.md); images are sent as stored.
  // Prepared answers (the catalogue's) are compressed once and kept beside them (register-endpoint.ts).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ANSWER_ENCODINGS],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  })

  // What a signed-in reader reads on every page, kept until their next write or a catalogue change.
  const readers = new ReaderCache(context.cache)
  // A transaction that changed a reader's coins drops their kept balance, here and on the other instances.
  const stopCoins = onCoinsChanged(context.db, (uid) => readers.changed(uid, (key) => key === BALANCE_KEY))
  app.addHook('onClose', async () => stopCoins())
  // Admin writes on any instance on this database clear this one's catalogue cache (and the reverse), and a
  // reader's writes drop what the others keep of that reader.
  if (context.notifications) {
    const stopSharing = await shareCatalogueChanges(context.cache, context.notifications, app.log)
    app.addHook('onClose', () => stopSharing())
    const stopErasures = await shareAccountErasures(context.verifier, context.notifications, app.log)
    app.addHook('onClose', () => stopErasures())
    const stopReaders = await shareReaderChanges(readers, context.notifications, app.log)
    app.addHook('onClose', () => stopReaders())
  }
  registerHealthRoutes(app, context)
  registerCatalogueRoutes(app, context, { misses: catalogueMisses, clientKeyOf })
  registerAdminComicRoutes(app, context)
  registerAdminChapterRoutes(app, context)
  registerAdminAssetRoutes(app, context)
  registerTranscriptRoutes(app, context)
  registerAdminGenreRoutes(app, context)
  registerAdminAuditRoutes(app, context)
  registerSubscriptionRoutes(app, context, readers)
  registerPaymentRoutes(app, context, readers)
  registerAccountRoutes(app, context)
  registerCoinRoutes(app, context, readers)
  registerReadingRoutes(app, context, readers)
  registerWaitForFreeRoutes(app, context)
  registerCommentRoutes(app, context)
  if (context.sandbox) await registerCheckoutPageRoutes(app, context, context.sandbox)
  registerFileRoutes(app, context)
  registerOpenApiRoute(app, context)
  // Renditions being made in the background are finished, the queued ones made within
  // `finishRenditionsWithinMs` or dropped, before the server's resources (its database, its files) go.
  // Durable jobs running here finish within the same budget or are handed back to the other instances.
  app.addHook('onClose', async () => {
    await context.jobs?.stop({ finishWithinMs: context.finishRenditionsWithinMs })
    await context.renditions.close({ finishWithinMs: context.finishRenditionsWithinMs })
  })
  // The sandbox's deliveries in flight end before the database goes.
  app.addHook('onClose', async () => context.sandbox?.stop())
  return app
}
