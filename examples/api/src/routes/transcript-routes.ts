import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { endpoints, type Transcript } from '@comics/core/contract'
import type { AppContext } from '../app-context'
import { recordAudit } from '../audit/audit-log'
import { grantAssets } from '../catalogue/list-assets'
import { prepareChecked } from '../catalogue/prepare-checked'
import { unlockedEpisodeIds } from '../coins/unlock-episode'
import { rowId } from '../db/row-id'
import type { Database } from '../db/database'
import { chapters, episodeTranscripts } from '../db/schema'
import { siteModeResolver } from '../host/site-mode-of-request'
import { HttpError } from '../http/http-error'
import { Prepared, registerEndpoint } from '../http/register-endpoint'
import { activeLevelOfUser } from '../payments/active-level-of-user'

// Who may read a transcript depends on who asks (locks): never kept by a shared cache.
const PER_CALLER = 'private, no-cache'

type TranscriptRow = typeof episodeTranscripts.$inferSelect

const transcriptOf = (row: TranscriptRow): Transcript => ({
  chapterId: String(row.chapterId),
  entries: row.entries as Transcript['entries'],
  updatedAt: row.updatedAt.toISOString(),
})

/**
 * An episode's transcript: read under the very rules of its pages (`grantAssets`: a locked episode is a
 * 401 for a guest and a 403 for a reader without access; an episode not published, or not shown on this
 * host, is one without a transcript), written by admins from the studio.
 */
export function registerTranscriptRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, clock } = context
  const siteModeOf = siteModeResolver(context.config.hosts)

  registerEndpoint(app, context, endpoints.getTranscript, async ({ params, caller, request }) => {
    const now = clock.now()
    const grant = await grantAssets(
      db,
      context.cache,
      { filters: { chapterId: [params.chapterId] }, limit: 1, offset: 0 },
      caller,
      siteModeOf(request.headers.host),
      () => activeLevelOfUser(db, caller!.uid, now),
      now,
      (chapterIds) => unlockedEpisodeIds(db, caller!.uid, chapterIds),
    )
    const [chapterId] = grant.chapterIds
    const prepared = await context.cache.get(`transcript:${chapterId ?? 'none'}`, async () => {
      const [row] = chapterId === undefined ? [] : await db.select().from(episodeTranscripts).where(eq(episodeTranscripts.chapterId, chapterId))
      return prepareChecked(endpoints.getTranscript.response, { data: row ? [transcriptOf(row)] : [] })
    })
    return new Prepared(prepared, PER_CALLER, 'Authorization')
  })

  registerEndpoint(app, context, endpoints.putTranscript, async ({ params, body, caller }) => {
    const comicId = rowId(params.comicId)
    const chapterId = rowId(params.chapterId)
    const [chapter] =
      comicId === undefined || chapterId === undefined
        ? []
        : await db.select({ id: chapters.id, comicId: chapters.comicId }).from(chapters).where(and(eq(chapters.id, chapterId), eq(chapters.comicId, comicId)))
    if (!chapter) throw new HttpError(404, 'not_found', `Chapter '${params.chapterId}' is not a chapter of comic '${params.comicId}'`)
    const now = clock.now()
    const entries = body.entries.map(({ page, kind, speaker, text }) => ({ page, kind, ...(speaker ? { speaker } : {}), text }))
    await db.transaction(async (tx) => {
      if (entries.length === 0) {
        await tx.delete(episodeTranscripts).where(eq(episodeTranscripts.chapterId, chapter.id))
      } else {
        await tx
          .insert(episodeTranscripts)
          .values({ chapterId: chapter.id, entries, updatedAt: now })
          .onConflictDoUpdate({ target: episodeTranscripts.chapterId, set: { entries, updatedAt: now } })
      }
      await recordAudit(tx as unknown as Database, clock, caller, {
        action: 'edit', targetType: 'chapter', targetId: chapter.id, comicId: chapter.comicId,
        detail: { transcript: entries.length },
      })
    })
    context.cache.invalidate()
    return { data: [{ chapterId: String(chapter.id), entries, updatedAt: now.toISOString() }] }
  })
}
