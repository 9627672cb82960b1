import type { FastifyInstance } from 'fastify'
import { eq, inArray } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import { comicById, listAllComics } from '../catalogue/list-comics'
import type { Database } from '../db/database'
import { rowId, rowIds } from '../db/row-id'
import { comicGenres, comics, genres } from '../db/schema'
import { singleFile } from '../files/single-file'
import { HttpError, notFound } from '../http/http-error'
import { requestedRowIds } from '../http/requested-row-ids'
import { registerEndpoint } from '../http/register-endpoint'

/** Genre ids of a form, all of which must exist. */
async function existingGenreIds(db: Database, ids: readonly string[]): Promise<number[]> {
  const wanted = [...new Set(ids)]
  const numeric = rowIds(wanted)
  const found = numeric.length > 0 ? await db.select({ id: genres.id }).from(genres).where(inArray(genres.id, numeric)) : []
  const known = new Set(found.map((row) => String(row.id)))
  const unknown = wanted.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw new HttpError(400, 'invalid_request', `Unknown genre ${unknown.join(', ')}`, { genres: unknown.map((id) => `Unknown genre '${id}'`) })
  }
  return found.map((row) => row.id)
}

/** A comic's cover and banner, either of which may be missing: those to store, and their stored names. */
function coverAndBanner<T>(cover: T | undefined, banner: T | undefined) {
  return {
    present: [cover, banner].filter((image) => image !== undefined),
    /** The names `storeWith` gave the images present, in that order. */
    named: (names: string[]) => ({ coverFile: cover ? names[0] : undefined, bannerFile: banner ? names[cover ? 1 : 0] : undefined }),
  }
}

/**
 * POST /admin/comics/list, POST /comics, PATCH /comics/{id}, DELETE /comics: admin only, each write empties
 * the catalogue cache. The admin listing is read from the database each time (no-store), whatever the host:
 * a T or M comic off the mirror is listed by no host, and this is where an admin finds it again.
 */
export function registerAdminComicRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, fileStore, cache, clock } = context

  registerEndpoint(app, context, endpoints.adminListComics, async ({ body }) => listAllComics(db, fileStore, body))

  registerEndpoint(app, context, endpoints.createComic, async ({ fields, files, caller }) => {
    const cover = singleFile(files, 'cover')
    const banner = singleFile(files, 'banner')
    const genreIds = await existingGenreIds(db, fields.genres)
    const images = coverAndBanner(cover, banner)
    // The comic, its genres and its images are recorded together or not at all.
    const id = await fileStore.storeWith(db, images.present, async (tx, names) => {
      const { coverFile, bannerFile } = images.named(names)
      const [row] = await tx
        .insert(comics)
        .values({
          title: fields.title,
          description: fields.description,
          contentRating: fields.contentRating,
          displayOnMirror: fields.displayOnMirror,
          coverFile: coverFile ?? null,
          bannerFile: bannerFile ?? null,
          createdAt: context.clock.now(),
        })
        .returning({ id: comics.id })
      if (genreIds.length > 0) await tx.insert(comicGenres).values(genreIds.map((genreId) => ({ comicId: row!.id, genreId })))
      await recordAudit(tx, clock, caller, {
        action: 'create', targetType: 'comic', targetId: row!.id, comicId: row!.id,
        detail: { title: fields.title, contentRating: fields.contentRating },
      })
      return row!.id
    })
    cache.invalidate()
    return { data: [(await comicById(db, fileStore, id))!] }
  })

  registerEndpoint(app, context, endpoints.updateComic, async ({ params, fields, files, caller }) => {
    const id = rowId(params.id)
    const exists = id !== undefined && (await db.select({ id: comics.id }).from(comics).where(eq(comics.id, id))).length > 0
    if (!exists) throw notFound(`Comic ${params.id}`)
    const cover = singleFile(files, 'coverImage')
    const banner = singleFile(files, 'bannerImage')
    const genreIds = fields.genres ? await existingGenreIds(db, fields.genres) : undefined
    const images = coverAndBanner(cover, banner)
    await fileStore.storeWith(db, images.present, async (tx, names) => {
      const { coverFile, bannerFile } = images.named(names)
      const changes = {
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.contentRating !== undefined ? { contentRating: fields.contentRating } : {}),
        ...(fields.displayOnMirror !== undefined ? { displayOnMirror: fields.displayOnMirror } : {}),
        ...(coverFile ? { coverFile } : {}),
        ...(bannerFile ? { bannerFile } : {}),
      }
      if (Object.keys(changes).length > 0) await tx.update(comics).set(changes).where(eq(comics.id, id!))
      if (genreIds) {
        await tx.delete(comicGenres).where(eq(comicGenres.comicId, id!))
        if (genreIds.length > 0) await tx.insert(comicGenres).values(genreIds.map((genreId) => ({ comicId: id!, genreId })))
      }
      const changed = [...Object.keys(changes), ...(genreIds ? ['genres'] : [])]
      await recordAudit(tx, clock, caller, { action: 'edit', targetType: 'comic', targetId: id!, comicId: id!, detail: { changed } })
    })
    cache.invalidate()
    return { data: [(await comicById(db, fileStore, id!))!] }
  })

  registerEndpoint(app, context, endpoints.deleteComics, async ({ body, caller }) => {
    const ids = requestedRowIds(body.ids, 'ids')
    // One audit row for the call, naming each comic deleted; none when nothing was deleted.
    const deleted = await db.transaction(async (tx) => {
      const rows = ids.length > 0 ? await tx.delete(comics).where(inArray(comics.id, ids)).returning({ id: comics.id, title: comics.title }) : []
      if (rows.length > 0) {
        await recordAudit(tx as unknown as Database, clock, caller, {
          action: 'delete', targetType: 'comic', targetId: rows.map((row) => row.id).join(','),
          comicId: rows.length === 1 ? rows[0]!.id : null,
          detail: { comics: rows.map((row) => ({ id: String(row.id), title: row.title })) },
        })
      }
      return rows
    })
    cache.invalidate()
    return { data: deleted.map((row) => ({ id: String(row.id) })) }
  })
}
