import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod'
import { API_PREFIX } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { identifyCaller, type Caller } from '../auth/caller'
import type { PreparedResponse } from '../catalogue/catalogue-cache'
import { answerEncoding, compressAnswer, COMPRESS_THRESHOLD_BYTES, type AnswerEncoding } from './compression'
import { readMultipart, type UploadedImage } from '../files/read-multipart'
import { HttpError } from './http-error'
import { validationError } from './validation-error'

type Schema = z.core.$ZodType

/** The parts of a contract endpoint (see `endpoints` in @comics/core/contract) the server reads. */
export interface ContractEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  summary: string
  access: 'public' | 'user' | 'admin'
  params?: Schema
  body?: Schema
  multipart?: { fields: Schema; files: readonly string[] }
  response: Schema
}

type OutputOf<S> = S extends Schema ? z.core.output<S> : undefined

export interface EndpointCall<E extends ContractEndpoint> {
  params: OutputOf<E['params']>
  body: OutputOf<E['body']>
  fields: E['multipart'] extends { fields: infer F } ? OutputOf<F> : undefined
  files: Record<string, UploadedImage[]>
  caller: Caller
  request: FastifyRequest
  reply: FastifyReply
}

export type EndpointHandler<E extends ContractEndpoint> = (
  call: EndpointCall<E>,
) => Promise<z.core.output<E['response']> | Prepared>

/**
 * A response serialised ahead (a cached catalogue read), sent as is with its ETag; `vary` names the
 * request headers it depends on besides CORS's Origin.
 */
export class Prepared {
  constructor(readonly response: PreparedResponse, readonly cacheControl: string, readonly vary?: string) {}
}

/** The compressed bodies of prepared answers, made on first request and kept as long as the answer. */
const compressedBodies = new WeakMap<PreparedResponse, Partial<Record<AnswerEncoding, Buffer>>>()

/** `response`'s body in `encoding`, compressed on first use and kept with the answer. */
export function compressedBody(response: PreparedResponse, encoding: AnswerEncoding): Buffer {
  let bodies = compressedBodies.get(response)
  if (!bodies) compressedBodies.set(response, (bodies = {}))
  return (bodies[encoding] ??= compressAnswer(response.body, encoding))
}

function addVary(reply: FastifyReply, value: string): void {
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${String(vary)}, ${value}` : value)
}

/**
 * A prepared answer, compressed as the client accepts (as the compression plugin would, but once per
 * answer rather than once per request: remembered catalogue answers are the most requested).
 */
function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: Prepared): FastifyReply {
  const { response } = prepared
  if (prepared.vary) addVary(reply, prepared.vary)
  reply.header('etag', response.etag).header('cache-control', prepared.cacheControl)
  if (request.headers['if-none-match'] === response.etag) return reply.status(304).send()
  reply.type('application/json; charset=utf-8')
  if (response.body.length < COMPRESS_THRESHOLD_BYTES) return reply.send(response.body)
  addVary(reply, 'accept-encoding')
  const encoding = answerEncoding(request)
  if (!encoding) return reply.send(response.body)
  return reply.header('content-encoding', encoding).send(compressedBody(response, encoding))
}

/** A read: not an admin's call, and a GET or a listing. */
function isRead(endpoint: ContractEndpoint): boolean {
  return endpoint.access !== 'admin' && (endpoint.method === 'GET' || /\/(list|search)$/.test(endpoint.path))
}

function parse<S extends Schema>(schema: S, value: unknown, where: 'body' | 'params' | 'fields'): z.core.output<S> {
  const result = z.safeParse(schema, value)
  if (!result.success) throw validationError(result.error.issues, where)
  return result.data
}

export interface EndpointOptions {
  rateLimit?: { max: number; timeWindow: string }
  /**
   * For a catalogue read whose answer to a guest depends only on its JSON text and on what `varies` names
   * (the site mode, say): a guest's request seen before is answered from the catalogue cache's remembered
   * answers, before its body is validated again.
   */
  rememberGuestAnswers?: { varies?: (request: FastifyRequest) => string }
  /** A write the reader's client sends by itself as they read: logged at debug when it succeeds (app.ts `AccessLog`). */
  background?: boolean
}

/**
 * Serves one endpoint of the contract table: checks access (before anything else, so a guest learns
 * nothing from validation messages), validates params, body or multipart fields with the contract's
 * schemas, and checks the answer against the contract's response schema before it leaves.
 */
export function registerEndpoint<E extends ContractEndpoint>(
  app: FastifyInstance,
  context: AppContext,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const { cache } = context
  app.route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    // Calls with a limit of their own (payments) count there; other reads in the read limit.
    config: {
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : { read: isRead(endpoint) }),
      ...(options.background ? { background: true } : {}),
    },
    handler: async (request, reply) => {
      // Only successful answers are remembered, so a request answered from them was valid, and allowed
      // to a guest, when it was first seen; an admin write forgets them all.
      const guestAnswers = options.rememberGuestAnswers
      const answerKey =
        guestAnswers && request.jsonText !== undefined && request.headers.authorization === undefined
          ? `${endpoint.path}\n${guestAnswers.varies?.(request) ?? ''}\n${request.jsonText}`
          : undefined
      if (answerKey !== undefined) {
        const answer = cache.answer<Prepared>(answerKey)
        if (answer) return sendPrepared(request, reply, answer)
      }
      const generation = cache.generation
      const caller = await identifyCaller(request, context.verifier, endpoint.access)
      const params = endpoint.params ? parse(endpoint.params, request.params, 'params') : undefined
      let body: unknown
      let fields: unknown
      let files: Record<string, UploadedImage[]> = {}
      let discard = async () => {}
      if (endpoint.multipart) {
        const form = await readMultipart(request, {
          fileFields: endpoint.multipart.files,
          requestLimitBytes: context.config.uploadRequestLimitBytes,
        })
        discard = form.discard
        try {
          fields = parse(endpoint.multipart.fields, form.fields, 'fields')
        } catch (error) {
          await discard()
          throw error
        }
        files = form.files
      } else if (endpoint.body) {
        if (request.body === undefined) throw new HttpError(400, 'invalid_request', 'A JSON body is required', { body: ['Required'] })
        body = parse(endpoint.body, request.body, 'body')
      }

      // An upload's temporary files go once it is stored or refused.
      const result = await handler({ params, body, fields, files, caller, request, reply } as EndpointCall<E>).finally(discard)
      if (result instanceof Prepared) {
        if (answerKey !== undefined) cache.remember(answerKey, result, generation)
        return sendPrepared(request, reply, result)
      }
      const checked = z.safeParse(endpoint.response, result)
      if (!checked.success) {
        request.log.error({ issues: checked.error.issues }, 'response breaks the contract')
        throw new Error(`Response of ${endpoint.method} ${endpoint.path} breaks the contract`)
      }
      return reply.header('cache-control', 'no-store').send(checked.data)
    },
  })
}
