import type { FastifyInstance } from 'fastify'
import { and, asc, eq, inArray, max, notInArray, sql } from 'drizzle-orm'
import type { AssetVariant } from '@comics/core/contract'
import { normalizedPageAlt } from '@comics/core/rules'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import { rowId } from '../db/row-id'
import type { Database } from '../db/database'
import { assets, chapters, files as storedFiles } from '../db/schema'
import { pageAsset } from '../catalogue/list-assets'
import { HttpError } from '../http/http-error'
import { registerEndpoint } from '../http/register-endpoint'
import { signedFile, UrlSigner } from '../files/signed-urls'
import { singleFile } from '../files/single-file'

/** The chapter of `comicId` named by the path, or a 404. */
async function chapterOfComic(db: Database, comicId: string, chapterId: string): Promise<{ id: number; comicId: number }> {
  const comic = rowId(comicId)
  const chapter = rowId(chapterId)
  const [row] =
    comic === undefined || chapter === undefined
      ? []
      : await db.select({ id: chapters.id, comicId: chapters.comicId }).from(chapters).where(and(eq(chapters.id, chapter), eq(chapters.comicId, comic)))
  if (!row) throw new HttpError(404, 'not_found', `Chapter '${chapterId}' is not a chapter of comic '${comicId}'`)
  return row
}

/** The pages of one chapter in one variant, in reading order, as the contract's assets. */
async function episodePages(db: Database, context: Pick<AppContext, 'fileStore' | 'clock'>, signer: UrlSigner, chapterId: number, variant: AssetVariant) {
  const rows = await db
    .select({ id: assets.id, comicId: assets.comicId, chapterId: assets.chapterId, variant: assets.variant, position: assets.position, file: assets.file, alt: assets.alt, width: storedFiles.width, height: storedFiles.height })
    .from(assets)
    .innerJoin(storedFiles, eq(storedFiles.name, assets.file))
    .where(and(eq(assets.chapterId, chapterId), eq(assets.variant, variant)))
    .orderBy(asc(assets.position))
  return rows.map((row) => pageAsset(row, signedFile(signer, context.fileStore.urlOf(row.file), row.file, context.clock.now())))
}

/**
 * POST /comics/{comicId}/assets/{variant}: the pages of one chapter in one variant, in reading order.
 * The upload replaces that chapter's pages in that variant; each page keeps its measured size.
 */
export function registerAdminAssetRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, fileStore, cache, renditions, clock } = context
  // An admin's answers list every page at a signed address: whether a page is public depends on its
  // episode's place, and the admin sees the pages of drafts and locked episodes too.
  const signer = new UrlSigner(context.config.filesSigningSecret)

  registerEndpoint(app, context, endpoints.uploadAssets, async ({ params, fields, files, caller }) => {
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
      await recordAudit(tx, clock, caller, {
        action: 'upload', targetType: 'pages', targetId: chapter.id, comicId: comicId!,
        detail: { variant: params.variant, pages: names.length, replaced: true },
      })
      return tx
        .insert(assets)
        .values(names.map((file, i) => ({ comicId: comicId!, chapterId: chapter.id, variant: params.variant, position: i + 1, file })))
        .returning()
    })
    cache.invalidate()
    // Made ahead, so the first reader of these pages does not wait for their encoding.
    renditions.prepare(
      rows.map((row) => ({ name: row.file, width: pages[row.position - 1]!.width, height: pages[row.position - 1]!.height })),
      (error, image) => app.log.warn({ err: error, ...image }, 'rendition made ahead failed; it will be made on request'),
    )
    return {
      data: rows.sort((a, b) => a.position - b.position).map((row) => {
        const page = pages[row.position - 1]!
        // A page just uploaded has no alt text yet.
        return pageAsset({ ...row, alt: null, width: page.width, height: page.height }, signedFile(signer, fileStore.urlOf(row.file), row.file, clock.now()))
      }),
    }
  })

  /*
   * POST /comics/{comicId}/chapters/{chapterId}/pages/{variant}: one page, placed after the episode's
   * pages. The chapter row is locked for the insert, so pages sent at once each get their own place.
   */
  registerEndpoint(app, context, endpoints.uploadPage, async ({ params, files, caller }) => {
    const chapter = await chapterOfComic(db, params.comicId, params.chapterId)
    const page = singleFile(files, 'file')
    if (!page) throw new HttpError(400, 'invalid_request', 'Send the page image in `file`', { file: ['One image'] })
    const [row] = await fileStore.storeWith(db, [page], async (tx, [name]) => {
      await tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.id, chapter.id)).for('update')
      const [last] = await tx
        .select({ position: max(assets.position) })
        .from(assets)
        .where(and(eq(assets.chapterId, chapter.id), eq(assets.variant, params.variant)))
      const position = (last?.position ?? 0) + 1
      await recordAudit(tx, clock, caller, {
        action: 'upload', targetType: 'pages', targetId: chapter.id, comicId: chapter.comicId,
        detail: { variant: params.variant, pages: 1, position },
      })
      return tx
        .insert(assets)
        .values({ comicId: chapter.comicId, chapterId: chapter.id, variant: params.variant, position, file: name! })
        .returning()
    })
    cache.invalidate()
    renditions.prepare([{ name: row!.file, width: page.width, height: page.height }], (error, image) =>
      app.log.warn({ err: error, ...image }, 'rendition made ahead failed; it will be made on request'),
    )
    // A replaced page keeps its alt text until the studio writes another.
    return {
      data: [pageAsset({ ...row!, alt: row!.alt ?? null, width: page.width, height: page.height }, signedFile(signer, fileStore.urlOf(row!.file), row!.file, clock.now()))],
    }
  })

  /*
   * POST /comics/{comicId}/chapters/{chapterId}/pages/{variant}/order: the pages listed, in that order,
   * become the episode's pages; no file is sent again. Every id must be one of the episode's pages in
   * that variant, once; the pages left out are removed. One transaction: readers see the old list or
   * the new one.
   */
  registerEndpoint(app, context, endpoints.setPageOrder, async ({ params, body, caller }) => {
    const chapter = await chapterOfComic(db, params.comicId, params.chapterId)
    const ids = body.assetIds.map((id) => rowId(id))
    await db.transaction(async (tx) => {
      await tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.id, chapter.id)).for('update')
      const ofEpisode = and(eq(assets.chapterId, chapter.id), eq(assets.variant, params.variant))
      const current = new Set((await tx.select({ id: assets.id }).from(assets).where(ofEpisode)).map((row) => row.id))
      const unknown = body.assetIds.filter((id, index) => ids[index] === undefined || !current.has(ids[index]!))
      if (unknown.length > 0 || new Set(ids).size !== ids.length) {
        throw new HttpError(400, 'invalid_request', 'List each page of this episode in this variant once', {
          assetIds: [unknown.length > 0 ? `Not a page of this episode: ${unknown.join(', ')}` : 'A page is listed twice'],
        })
      }
      const listed = ids as number[]
      await tx.delete(assets).where(and(ofEpisode, notInArray(assets.id, listed)))
      // Through negative places first: (chapter, variant, position) is unique at every step.
      for (const [index, id] of listed.entries()) await tx.update(assets).set({ position: -(index + 1) }).where(eq(assets.id, id))
      await tx.update(assets).set({ position: sql`-${assets.position}` }).where(and(ofEpisode, inArray(assets.id, listed)))
      await recordAudit(tx as unknown as Database, clock, caller, {
        action: 'reorder', targetType: 'pages', targetId: chapter.id, comicId: chapter.comicId,
        detail: { variant: params.variant, pages: listed.length, removed: current.size - listed.length },
      })
    })
    cache.invalidate()
    return { data: await episodePages(db, context, signer, chapter.id, params.variant) }
  })

  /*
   * PUT /comics/{comicId}/chapters/{chapterId}/pages/{variant}/alt: the alt text of the pages listed;
   * null or an empty text removes it. Every id must be one of the episode's pages in that variant, once.
   * One transaction with its audit row.
   */
  registerEndpoint(app, context, endpoints.setPageAlt, async ({ params, body, caller }) => {
    const chapter = await chapterOfComic(db, params.comicId, params.chapterId)
    const ids = body.pages.map((page) => rowId(page.assetId))
    await db.transaction(async (tx) => {
      const ofEpisode = and(eq(assets.chapterId, chapter.id), eq(assets.variant, params.variant))
      const current = new Set((await tx.select({ id: assets.id }).from(assets).where(ofEpisode)).map((row) => row.id))
      const unknown = body.pages.filter((_, index) => ids[index] === undefined || !current.has(ids[index]!)).map((page) => page.assetId)
      if (unknown.length > 0 || new Set(ids).size !== ids.length) {
        throw new HttpError(400, 'invalid_request', 'List each page of this episode in this variant once', {
          pages: [unknown.length > 0 ? `Not a page of this episode: ${unknown.join(', ')}` : 'A page is listed twice'],
        })
      }
      for (const [index, page] of body.pages.entries()) {
        await tx.update(assets).set({ alt: normalizedPageAlt(page.alt) }).where(eq(assets.id, ids[index]!))
      }
      await recordAudit(tx as unknown as Database, clock, caller, {
        action: 'edit', targetType: 'pages', targetId: chapter.id, comicId: chapter.comicId,
        detail: { variant: params.variant, altTexts: body.pages.length },
      })
    })
    cache.invalidate()
    return { data: await episodePages(db, context, signer, chapter.id, params.variant) }
  })
}
