import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyRequest } from 'fastify'

/** Answers below this size go out as they are: the saving would not pay for the header. */
export const COMPRESS_THRESHOLD_BYTES = 1024
/** In the order the server prefers them when a client accepts both. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number]
/** Brotli at a middle quality: well under a millisecond for a page list, most of the saving. */
export const BROTLI_QUALITY = 5

const negotiator = new Negotiator<AnswerEncoding>({ supportedValues: [...ANSWER_ENCODINGS] })

/** The encoding to answer `request` in, as @fastify/compress picks it (`*` and x-gzip read as gzip), if any. */
export function answerEncoding(request: FastifyRequest): AnswerEncoding | undefined {
  const header = request.headers['accept-encoding']
  if (typeof header !== 'string' || header === '') return undefined
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip')) ?? undefined
}

export function compressAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body)
}
