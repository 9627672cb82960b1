import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../app-context'
import { STORED_FILE_NAME } from '../files/file-store'
import { CONTENT_TYPE_BY_EXTENSION, type ImageType } from '../files/sniff-image-type'
import { notFound } from '../http/http-error'

export const FILES_PATH = '/api/v1/files'

/**
 * Serves stored images. A name is the hash of the content, so a URL's bytes never change: a year of
 * immutable caching is safe. Only names of the stored shape are looked up; anything else is a 404.
 */
export function registerFileRoutes(app: FastifyInstance, context: AppContext): void {
  app.get<{ Params: { name: string } }>(`${FILES_PATH}/:name`, async (request, reply) => {
    const { name } = request.params
    if (!STORED_FILE_NAME.test(name)) throw notFound('File')
    const path = context.fileStore.pathOf(name)
    const info = await stat(path).catch(() => undefined)
    if (!info?.isFile()) throw notFound('File')
    const extension = name.slice(name.lastIndexOf('.') + 1) as ImageType['extension']
    const etag = `"${name.slice(0, 32)}"`
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'cross-origin')
      .type(CONTENT_TYPE_BY_EXTENSION[extension])
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    reply.header('content-length', info.size)
    return reply.send(createReadStream(path))
  })
}
