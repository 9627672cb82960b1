import type { FastifyInstance } from 'fastify'
import { API_PREFIX } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { buildOpenApiDocument } from './openapi-document'

/** GET /api/v1/openapi.json, generated on first use: it need not slow down every start. */
export function registerOpenApiRoute(app: FastifyInstance, context: AppContext): void {
  let document: string | undefined
  app.get(`${API_PREFIX}/openapi.json`, async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(context.config.publicUrl))
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document)
  })
}
