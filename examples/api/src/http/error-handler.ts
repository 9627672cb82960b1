import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { databaseUnavailable } from '../db/database-unavailable'
import { isUnstorableText } from '../db/unstorable-text'
import { HttpError } from './http-error'
import { loggableError } from './loggable-error'

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

// Fastify and plugin error codes that deserve a precise client answer rather than a generic one.
const KNOWN_CLIENT_ERRORS: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json', message: 'The body is not valid JSON (or carries a __proto__ or constructor key)' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json', message: 'The JSON body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_content_length' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'file_too_large', message: 'An uploaded file is too large' },
  FST_FILES_LIMIT: { status: 413, code: 'too_many_files', message: 'Too many files in one request' },
  FST_PARTS_LIMIT: { status: 413, code: 'too_many_parts', message: 'Too many parts in one request' },
  FST_FIELDS_LIMIT: { status: 413, code: 'too_many_fields', message: 'Too many fields in one request' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Expected a multipart/form-data body' },
}

/**
 * Every error leaves as ApiErrorBodySchema; client errors keep their status, text the database cannot hold
 * is a 400, a database that cannot be reached is a 503 the client may retry, anything else is a 500
 * without details.
 *
 * A body refused before it was read (too large for its route, of a type no parser takes) is read through
 * and discarded when it announced a length up to `readRefusedBodiesUpTo` (the most the API reads for any
 * request), the connection kept: Fastify otherwise closes the socket with the body unread, the kernel
 * answers the rest with a reset, and a load balancer still sending it (nginx buffers a request, then
 * sends it whole) turns the 413 into a 502. A longer or unannounced body still closes the connection.
 */
export function installErrorHandling(app: FastifyInstance, options: { readRefusedBodiesUpTo?: number } = {}): void {
  const readUpTo = options.readRefusedBodiesUpTo ?? 0
  // A hook with a callback: every answer passes here, most of them at once, without a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && !request.raw.complete && reply.getHeader('connection') === 'close') {
      const announced = Number(request.headers['content-length'])
      if (request.headers['transfer-encoding'] === undefined && Number.isSafeInteger(announced) && announced <= readUpTo) {
        reply.removeHeader('connection')
        // Nobody else reads it now: Node discards the rest of the body to get to the connection's next request.
        if (!request.raw.readableFlowing) request.raw.resume()
      }
    }
    done(null, payload)
  })
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send({
        error: { code: error.code, message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) },
      })
    }
    const known = error.code ? KNOWN_CLIENT_ERRORS[error.code] : undefined
    if (known) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? `Unsupported content type '${String(request.headers['content-type']).slice(0, 100)}': send application/json (or multipart/form-data for uploads)`
          : (known.message ?? error.message)
      return reply.status(known.status).send({ error: { code: known.code, message } })
    }
    const status = error.statusCode ?? 500
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: error.message || 'Too many requests, retry later' } })
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: 'bad_request', message: error.message } })
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send({ error: { code: 'invalid_text', message: 'A text value holds the NUL character (\\u0000), which cannot be stored or searched for' } })
    }
    const fault = databaseUnavailable(error)
    if (fault) {
      // The fault only: drizzle's message would carry the query's parameters (a checkout id is a credential).
      request.log.warn({ fault }, 'database unavailable')
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'database_unavailable', message: `The database is unavailable, retry in ${DATABASE_RETRY_AFTER_SECONDS} s` } })
    }
    request.log.error(loggableError(error), 'request failed')
    return reply.status(500).send({ error: { code: 'internal_error', message: 'Something went wrong on our side' } })
  })
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` } }),
  )
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL whose %-escapes do not decode,
 * such as `/files/%ZZ`) get the same error body as every other answer instead of Fastify's own.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The request URL is not valid: a %-escape in it does not decode' : error.message
  void reply.status(400).send({ error: { code: error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request', message } })
}
