import type { FastifyInstance } from 'fastify'
import { API_PREFIX } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { buildOpenApiDocument } from './openapi-document'

/** GET /api/v1/openapi.json. */
export function registerOpenApiRoute(app: FastifyInstance, context: AppContext): void {
  const document = JSON.stringify(buildOpenApiDocument(context.config.publicUrl))
  app.get(`${API_PREFIX}/openapi.json`, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document),
  )
}
