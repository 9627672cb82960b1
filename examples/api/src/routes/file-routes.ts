import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { RENDITION_WIDTH_PARAM } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { STORED_FILE_NAME } from '../files/file-store'
import { isRenditionWidth } from '../files/renditions'
import { CONTENT_TYPE_BY_EXTENSION, type ImageType } from '../files/sniff-image-type'
import { notFound } from '../http/http-error'

export const FILES_PATH = '/api/v1/files'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves stored images. A name is the hash of the content, so a URL's bytes never change: a year of
 * immutable caching is safe. Only names of the stored shape are looked up; anything else is a 404.
 * `?w=` asks for a narrower rendition (one of RENDITION_WIDTHS, narrower than the image: the widths an
 * asset lists); another width is a 404. Renditions are usually made ahead (see Renditions.prepare).
 * Other query parameters (a client's retry marker) are ignored.
 */
export function registerFileRoutes(app: FastifyInstance, context: AppContext): void {
  const { renditions } = context
  app.get<{ Params: { name: string }; Querystring: Record<string, string | string[] | undefined> }>(`${FILES_PATH}/:name`, async (request, reply) => {
    const { name } = request.params
    if (!STORED_FILE_NAME.test(name)) throw notFound('File')
    const asked = request.query[RENDITION_WIDTH_PARAM]
    let path = context.fileStore.pathOf(name)
    let etag = `"${name.slice(0, 32)}"`
    let cacheControl = IMMUTABLE
    if (asked !== undefined) {
      const width = typeof asked === 'string' && /^[1-9][0-9]{0,4}$/.test(asked) ? Number(asked) : Number.NaN
      if (!isRenditionWidth(width)) throw notFound('Rendition')
      const rendition = await renditions.pathOf(name, width).catch((error: unknown) => {
        // The page is still readable: the image itself, not kept, so that the rendition is tried again.
        request.log.warn({ err: error, name, width }, 'rendition failed; serving the image itself')
        cacheControl = 'no-cache'
        return path
      })
      if (!rendition) throw notFound('Rendition')
      if (rendition !== path) etag = `"${name.slice(0, 32)}-w${width}"`
      path = rendition
    }
    const info = await stat(path).catch(() => undefined)
    if (!info?.isFile()) throw notFound('File')
    const extension = name.slice(name.lastIndexOf('.') + 1) as ImageType['extension']
    reply
      .header('cache-control', cacheControl)
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'cross-origin')
      .type(CONTENT_TYPE_BY_EXTENSION[extension])
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    reply.header('content-length', info.size)
    return reply.send(createReadStream(path))
  })
}
