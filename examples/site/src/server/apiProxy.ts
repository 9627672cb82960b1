import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { FastifyInstance } from 'fastify'

/** Headers of one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-authorization', 'proxy-authenticate'])

const forwardable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())))

/**
 * `prefix` (the page's /api/v1) forwarded to the API at `target` as it came: method, body streamed,
 * headers with the visitor's Host (the API decides the rating mode by it) and X-Forwarded-*. For local
 * runs and any deployment that keeps the API on the site's origin; the API's answers keep its own headers.
 * X-Forwarded-For is replaced by the visitor's address as the site server knows it (`request.ip`: the
 * connecting address, or what a proxy the site trusts names), never a client's own header: the API, which
 * trusts the site server (TRUST_PROXY), keys its rate limits on it.
 */
export function registerApiProxy(app: FastifyInstance, options: { prefix: string; target: string }): void {
  const target = new URL(options.target)
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  void app.register(
    async (proxy) => {
      // The body is streamed to the API untouched (uploads included), never parsed here.
      proxy.removeAllContentTypeParsers()
      proxy.addContentTypeParser('*', (_request, _payload, done) => done(null))
      proxy.all('/*', (request, reply) => {
        const headers = forwardable(request.headers)
        const forwardedFor = request.ip
        const outgoing = send(
          new URL(request.url, target),
          {
            method: request.method,
            headers: { ...headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-host': request.headers.host ?? '', 'x-forwarded-proto': request.protocol },
          },
          (incoming) => {
            reply.code(incoming.statusCode ?? 502).headers(forwardable(incoming.headers))
            void reply.send(incoming)
          },
        )
        outgoing.on('error', (error) => {
          request.log.warn({ path: request.url.split('?')[0], error: error.message }, 'the API did not answer')
          if (!reply.sent) void reply.code(502).send({ error: 'Bad Gateway', message: 'The API did not answer.' })
        })
        request.raw.pipe(outgoing)
        return reply
      })
    },
    { prefix: options.prefix },
  )
}
