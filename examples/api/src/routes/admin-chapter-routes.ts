import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { endpoints } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { publishAction, recordAudit } from '../audit/audit-log'
import { chapterFromRow } from '../catalogue/list-chapters'
import { rowId } from '../db/row-id'
import { chapters, comics } from '../db/schema'
import { isUniqueViolation } from '../db/unique-violation'
import { singleFile } from '../files/single-file'
import { HttpError, notFound } from '../http/http-error'
import { registerEndpoint } from '../http/register-endpoint'

/** POST /chapters and PATCH /chapters/{chapterId}: admin only; both set when readers see an episode (`publishAt`). */
export function registerAdminChapterRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, fileStore, cache, clock } = context

  registerEndpoint(app, context, endpoints.createChapters, async ({ fields, files, caller }) => {
    const comicId = rowId(fields.comicsId)
    const comic = comicId === undefined ? [] : await db.select({ id: comics.id }).from(comics).where(eq(comics.id, comicId))
    if (comic.length === 0) throw new HttpError(400, 'invalid_request', `Unknown comic '${fields.comicsId}'`, { comicsId: ['Unknown comic'] })
    const numbers = fields.chapters.map((chapter) => chapter.chapterNumber)
    if (new Set(numbers).size !== numbers.length) {
      throw new HttpError(400, 'invalid_request', 'Chapter numbers repeat in the list', { chapters: ['Chapter numbers must be unique'] })
    }
    const previews = files.files ?? []
    if (previews.length > fields.chapters.length) {
      throw new HttpError(400, 'invalid_request', 'More preview files than chapters', { files: ['At most one preview per chapter'] })
    }
    try {
      // The chapters and their previews are recorded together or not at all: a number that exists
      // already leaves no preview file behind.
      const rows = await fileStore.storeWith(db, previews, async (tx, previewNames) => {
        const created = await tx
          .insert(chapters)
          .values(
            fields.chapters.map((chapter, i) => ({
              comicId: comicId!,
              title: chapter.title,
              chapterNumber: chapter.chapterNumber,
              isFree: chapter.isFree,
              previewFile: previewNames[i] ?? null,
              // Absent: published at once, as before scheduled releases; null: a draft.
              publishAt: chapter.publishAt === undefined ? context.clock.now() : publishTime(chapter.publishAt),
            })),
          )
          .returning()
        // One audit row for the call, naming each episode created with its publish time.
        await recordAudit(tx, clock, caller, {
          action: 'create', targetType: 'chapter', targetId: created.map((row) => row.id).join(','), comicId: comicId!,
          detail: {
            chapters: created.map((row) => ({
              id: String(row.id), chapterNumber: row.chapterNumber, title: row.title, publishAt: row.publishAt?.toISOString() ?? null,
            })),
          },
        })
        return created
      })
      cache.invalidate()
      return { data: rows.map((row) => chapterFromRow(row, fileStore)) }
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new HttpError(409, 'chapter_exists', 'A chapter with one of these numbers already exists in this comic')
      }
      throw error
    }
  })

  registerEndpoint(app, context, endpoints.updateChapter, async ({ params, fields, files, caller }) => {
    const id = rowId(params.chapterId)
    const [current] = id === undefined ? [] : await db.select().from(chapters).where(eq(chapters.id, id))
    if (!current) throw notFound(`Chapter ${params.chapterId}`)
    const preview = singleFile(files, 'files')
    const [row] = await fileStore.storeWith(db, preview ? [preview] : [], async (tx, [previewFile]) => {
      const changes = {
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.isFree !== undefined ? { isFree: fields.isFree } : {}),
        ...(fields.publishAt !== undefined ? { publishAt: publishTime(fields.publishAt) } : {}),
        ...(previewFile ? { previewFile } : {}),
      }
      const rows = Object.keys(changes).length > 0 ? await tx.update(chapters).set(changes).where(eq(chapters.id, current.id)).returning() : [current]
      // A change of the publish time is a publication (or a schedule, or back to a draft); else an edit.
      const newPublishAt = 'publishAt' in changes ? (changes.publishAt ?? null) : undefined
      const publishChanged = newPublishAt !== undefined && newPublishAt?.getTime() !== current.publishAt?.getTime()
      await recordAudit(tx, clock, caller, {
        action: publishChanged ? publishAction(newPublishAt, clock.now()) : 'edit',
        targetType: 'chapter', targetId: current.id, comicId: current.comicId,
        detail: {
          changed: Object.keys(changes),
          ...(publishChanged ? { publishAt: newPublishAt?.toISOString() ?? null, was: current.publishAt?.toISOString() ?? null } : {}),
        },
      })
      return rows
    })
    cache.invalidate()
    return { data: [chapterFromRow(row!, fileStore)] }
  })
}

/** A contract publish time as stored: null stays a draft. */
function publishTime(publishAt: string | null): Date | null {
  return publishAt === null ? null : new Date(publishAt)
}
