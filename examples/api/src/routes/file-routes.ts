import type { FastifyInstance } from 'fastify'
import { RENDITION_WIDTH_PARAM, TILE_PARAM } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { STORED_FILE_NAME } from '../files/file-store'
import { isPublicFile } from '../files/public-files'
import { isFileShownOn } from '../files/file-shown-on'
import { siteModeResolver } from '../host/site-mode-of-request'
import { isRenditionWidth } from '../files/renditions'
import { EXPIRES_PARAM, SIGNATURE_PARAM, SIGNED_URL_TTL_MS, SIGNED_URL_WINDOW_MS, UrlSigner } from '../files/signed-urls'
import { CONTENT_TYPE_BY_EXTENSION, type ImageType } from '../files/sniff-image-type'
import { HttpError, notFound } from '../http/http-error'

export const FILES_PATH = '/api/v1/files'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves stored images, from the local disk or the S3 bucket. A name is the hash of the content, so a
 * URL's bytes never change: a year of immutable caching is safe for the public ones (covers, banners,
 * previews, the pages of free episodes). The other pages (core `isPagePublic`) are served to a signed URL
 * alone (`expires` and `signature`, see UrlSigner), until it expires: 403 after, or without a valid
 * signature. With the S3 backend a signed request is redirected to a presigned URL of the object expiring
 * at the same time, so its bytes come from the bucket. Only names of the stored shape are looked up;
 * anything else is a 404. `?w=` asks for a narrower rendition (one of RENDITION_WIDTHS, narrower than the
 * image: the widths an asset lists); another width is a 404. `?t=` asks for one tile of a tall page (the
 * tiles an asset lists, core `pageTileHeights`), with `?w=` for its rendition; another index is a 404. Other query parameters (a client's retry
 * marker) are ignored. An image the request's host does not show (core `isComicShownOn`, `variantsShownOn`:
 * a page of an AO comic or an uncensored page on the mirror host) is a 404, signed or not.
 */
export function registerFileRoutes(app: FastifyInstance, context: AppContext): void {
  const { renditions, fileStore } = context
  const storage = fileStore.storage
  const signer = new UrlSigner(context.config.filesSigningSecret)
  const siteModeOf = siteModeResolver(context.config.hosts)
  app.get<{ Params: { name: string }; Querystring: Record<string, string | string[] | undefined> }>(`${FILES_PATH}/:name`, { config: { read: true } }, async (request, reply) => {
    const { name } = request.params
    if (!STORED_FILE_NAME.test(name)) throw notFound('File')
    const now = context.clock.now()
    if (!(await isFileShownOn(context.db, context.cache, name, siteModeOf(request.headers.host)))) throw notFound('File')
    const signed = request.query[SIGNATURE_PARAM] !== undefined || request.query[EXPIRES_PARAM] !== undefined
    let expiresAt: Date | undefined
    if (signed) {
      const check = signer.check(name, request.query[EXPIRES_PARAM], request.query[SIGNATURE_PARAM], now)
      if (check === 'expired') throw new HttpError(403, 'url_expired', 'This address has expired: ask for the page list again')
      if (check === 'invalid') throw new HttpError(403, 'invalid_signature', 'This address is not validly signed')
      expiresAt = new Date(Number(request.query[EXPIRES_PARAM]) * 1000)
    } else if (!(await isPublicFile(context.db, context.cache, name, now))) {
      // A locked page's bare address, or an image no longer used: as if it did not exist.
      throw notFound('File')
    }
    const asked = request.query[RENDITION_WIDTH_PARAM]
    const tile = request.query[TILE_PARAM]
    let key = name
    let etag = `"${name.slice(0, 32)}"`
    let cacheControl = expiresAt ? signedCacheControl(now, expiresAt) : IMMUTABLE
    const width = asked === undefined ? undefined : typeof asked === 'string' && /^[1-9][0-9]{0,4}$/.test(asked) ? Number(asked) : Number.NaN
    if (width !== undefined && !isRenditionWidth(width)) throw notFound('Rendition')
    if (tile !== undefined) {
      // A tile failing to be made is an error (the whole page is not a tile): the reader retries it.
      const index = typeof tile === 'string' && /^(0|[1-9][0-9]{0,2})$/.test(tile) ? Number(tile) : undefined
      const tileKey = index === undefined ? undefined : await renditions.tileKeyOf(name, index, width)
      if (!tileKey) throw notFound('Tile')
      key = tileKey
      etag = `"${name.slice(0, 32)}-t${index}${width === undefined ? '' : `-w${width}`}"`
    } else if (width !== undefined) {
      const rendition = await renditions.keyOf(name, width).catch((error: unknown) => {
        // The page is still readable: the image itself, not kept, so that the rendition is tried again.
        request.log.warn({ err: error, name, width }, 'rendition failed; serving the image itself')
        cacheControl = 'no-cache'
        return name
      })
      if (!rendition) throw notFound('Rendition')
      if (rendition !== name) etag = `"${name.slice(0, 32)}-w${width}"`
      key = rendition
    }
    if (expiresAt) {
      // The bucket serves a signed page itself, to a presigned URL that expires with this one.
      // S3 checks its URLs by the real time: signed at the start of the real time's window, to expire
      // when this URL does (the same instant when the API's clock is the real one, as in production).
      const wallNow = (context.wallClock?.() ?? new Date()).getTime()
      const signedAt = Math.floor(wallNow / SIGNED_URL_WINDOW_MS) * SIGNED_URL_WINDOW_MS
      const wallExpiry = Math.min(signedAt + SIGNED_URL_TTL_MS, wallNow + (expiresAt.getTime() - now.getTime()))
      const presigned = await storage.presignedUrl(key, new Date(signedAt), new Date(wallExpiry))
      if (presigned) {
        return reply.header('cache-control', cacheControl).redirect(presigned, 302)
      }
    }
    const extension = name.slice(name.lastIndexOf('.') + 1) as ImageType['extension']
    reply
      .header('cache-control', cacheControl)
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'cross-origin')
      .type(CONTENT_TYPE_BY_EXTENSION[extension])
    if (request.headers['if-none-match'] === etag) {
      if (!(await storage.has(key))) throw notFound('File')
      return reply.status(304).send()
    }
    const stored = await storage.read(key)
    if (!stored) throw notFound('File')
    reply.header('content-length', stored.size)
    return reply.send(stored.body)
  })
}

/** A signed answer may be kept (by the browser or a CDN keyed on the whole URL) until the URL expires, not after. */
function signedCacheControl(now: Date, expiresAt: Date): string {
  const seconds = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))
  return `public, max-age=${seconds}, immutable`
}
