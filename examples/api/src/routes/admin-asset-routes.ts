import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { rowId } from '../db/row-id'
import { assets, chapters } from '../db/schema'
import { HttpError } from '../http/http-error'
import { registerEndpoint } from '../http/register-endpoint'
import { listedRenditions } from '../files/renditions'

/**
 * POST /comics/{comicId}/assets/{variant}: the pages of one chapter in one variant, in reading order.
 * The upload replaces that chapter's pages in that variant; each page keeps its measured size.
 */
export function registerAdminAssetRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, fileStore, cache, renditions } = context

  registerEndpoint(app, context, endpoints.uploadAssets, async ({ params, fields, files }) => {
    const comicId = rowId(params.comicId)
    const chapterId = rowId(fields.chapterId)
    const [chapter] =
      comicId === undefined || chapterId === undefined
        ? []
        : await db.select({ id: chapters.id }).from(chapters).where(and(eq(chapters.id, chapterId), eq(chapters.comicId, comicId)))
    if (!chapter) {
      throw new HttpError(400, 'invalid_request', `Chapter '${fields.chapterId}' is not a chapter of comic '${params.comicId}'`, {
        chapterId: ['Unknown chapter of this comic'],
      })
    }
    const pages = files.files ?? []
    if (pages.length === 0) throw new HttpError(400, 'invalid_request', 'Send the page images in `files`', { files: ['At least one image'] })
    // The files, their rows and the new page list are recorded together or not at all.
    const rows = await fileStore.storeWith(db, pages, async (tx, names) => {
      await tx.delete(assets).where(and(eq(assets.chapterId, chapter.id), eq(assets.variant, params.variant)))
      return tx
        .insert(assets)
        .values(names.map((file, i) => ({ comicId: comicId!, chapterId: chapter.id, variant: params.variant, position: i + 1, file })))
        .returning()
    })
    cache.invalidate()
    // Made ahead, so the first reader of these pages does not wait for their encoding.
    renditions.prepare(
      rows.map((row) => ({ name: row.file, width: pages[row.position - 1]!.width })),
      (error, image) => app.log.warn({ err: error, ...image }, 'rendition made ahead failed; it will be made on request'),
    )
    return {
      data: rows.sort((a, b) => a.position - b.position).map((row) => ({
        id: String(row.id),
        url: fileStore.urlOf(row.file),
        width: pages[row.position - 1]!.width,
        height: pages[row.position - 1]!.height,
        ...listedRenditions(pages[row.position - 1]!.width),
        comicsId: String(row.comicId),
        chapterId: String(row.chapterId),
        variant: row.variant,
        position: row.position,
      })),
    }
  })
}
