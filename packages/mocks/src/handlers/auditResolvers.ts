import { HttpResponse } from 'msw'
import type { AuditAction, AuditEntry, AuditTargetType, EndpointName } from '@comics/core/contract'
import { nextMockId } from './mockState'
import { pageOf, passes } from './paging'
import type { Resolver, ResolverContext } from './resolverContext'

/**
 * POST /admin/audit/list (admin): the audit log, newest first, of some comics with `filters.comicsId`,
 * each entry with the names of what it is about while that exists, as the API answers.
 */
export const listAudit: Resolver<'listAudit'> = ({ body, state }) => {
  const named = (entry: AuditEntry): AuditEntry => {
    const comicTitle = state.comics.find((comic) => comic.id === entry.comicsId)?.title
    const episode = entry.targetType === 'chapter' || entry.targetType === 'pages' ? state.chapters.find((chapter) => chapter.id === entry.targetId) : undefined
    const targetName =
      entry.targetType === 'comic'
        ? state.comics.find((comic) => comic.id === entry.targetId)?.title
        : entry.targetType === 'genre'
          ? state.genres.find((genre) => genre.id === entry.targetId)?.name
          : episode?.title
    return {
      ...entry,
      ...(comicTitle !== undefined ? { comicTitle } : {}),
      ...(targetName !== undefined ? { targetName } : {}),
      ...(episode ? { episodeNumber: episode.chapterNumber } : {}),
    }
  }
  const rows = state.auditLog.filter((entry) => passes(body.filters.comicsId, entry.comicsId)).map(named)
  return HttpResponse.json(pageOf(body.sort?.order === 'asc' ? rows : [...rows].reverse(), body))
}

type Answered = { id?: string; comicsId?: string; chapterId?: string; publishAt?: string | null }[]
type Fact = { action: AuditAction; targetType: AuditTargetType; targetId: string; comicsId?: string; detail?: Record<string, unknown> }

const publishAction = (publishAt: string | null, now: Date): AuditAction =>
  publishAt === null ? 'unpublish' : new Date(publishAt).getTime() > now.getTime() ? 'schedule' : 'publish'

/** What each admin write records, as the API does: one entry per successful call. */
const facts: Partial<{ [N in EndpointName]: (context: ResolverContext<N>, data: Answered) => Fact }> = {
  createComic: ({ fields }, data) => ({ action: 'create', targetType: 'comic', targetId: data[0]!.id!, comicsId: data[0]!.id!, detail: { title: fields.title } }),
  updateComic: ({ params, fields }) => ({ action: 'edit', targetType: 'comic', targetId: params.id!, comicsId: params.id!, detail: { changed: Object.keys(fields) } }),
  deleteComics: (_, data) => ({
    action: 'delete', targetType: 'comic', targetId: data.map((row) => row.id).join(','),
    ...(data.length === 1 ? { comicsId: data[0]!.id! } : {}), detail: { comics: data.map((row) => ({ id: row.id })) },
  }),
  createChapters: ({ fields }, data) => ({ action: 'create', targetType: 'chapter', targetId: data.map((row) => row.id).join(','), comicsId: fields.comicsId }),
  updateChapter: ({ params, fields, now }, data) => ({
    action: fields.publishAt !== undefined ? publishAction(fields.publishAt, now) : 'edit',
    targetType: 'chapter', targetId: params.chapterId!, comicsId: data[0]!.comicsId, detail: { changed: Object.keys(fields) },
  }),
  uploadAssets: ({ params, fields, files }) => ({ action: 'upload', targetType: 'pages', targetId: fields.chapterId, comicsId: params.comicId!, detail: { variant: params.variant, pages: files.files?.length ?? 0 } }),
  uploadPage: ({ params }) => ({ action: 'upload', targetType: 'pages', targetId: params.chapterId!, comicsId: params.comicId!, detail: { variant: params.variant, pages: 1 } }),
  setPageAlt: ({ params, body }) => ({ action: 'edit', targetType: 'pages', targetId: params.chapterId!, comicsId: params.comicId!, detail: { variant: params.variant, altTexts: body.pages.length } }),
  putTranscript: ({ params, body }) => ({ action: 'edit', targetType: 'chapter', targetId: params.chapterId!, comicsId: params.comicId!, detail: { transcript: body.entries.length } }),
  setPageOrder: ({ params, body }) => ({ action: 'reorder', targetType: 'pages', targetId: params.chapterId!, comicsId: params.comicId!, detail: { variant: params.variant, pages: body.assetIds.length } }),
  createGenre: ({ body }, data) => ({ action: 'create', targetType: 'genre', targetId: data[0]!.id!, detail: { name: body.name } }),
  updateGenre: ({ params, body }) => ({ action: 'edit', targetType: 'genre', targetId: params.id!, detail: { changed: Object.keys(body) } }),
  setWaitForFree: ({ params, body }) => ({ action: 'edit', targetType: 'comic', targetId: params.comicId!, comicsId: params.comicId!, detail: { waitForFree: body } }),
  creditCoins: ({ body }) => ({ action: 'credit', targetType: 'coins', targetId: body.userId, detail: { coins: body.coins, reason: body.reason } }),
  refundCoinPack: ({ params }) => ({ action: 'refund', targetType: 'coins', targetId: params.id! }),
}

/** Adds the audit entry of an admin write that succeeded (a refused one adds none). */
export async function recordMockAudit<N extends EndpointName>(name: N, context: ResolverContext<N>, response: Response): Promise<void> {
  const fact = facts[name] as ((context: ResolverContext<N>, data: Answered) => Fact) | undefined
  if (!fact || !response.ok || !context.viewer.userId) return
  const { data } = (await response.clone().json()) as { data: Answered }
  if (data.length === 0) return
  const { comicsId, detail, ...rest } = fact(context, data)
  const entry: AuditEntry = {
    id: nextMockId(context.state, 'audit-'),
    actorUid: context.viewer.userId,
    ...(context.viewer.viewer.user?.email ? { actorEmail: context.viewer.viewer.user.email } : {}),
    ...rest,
    ...(comicsId ? { comicsId } : {}),
    detail: detail ?? {},
    createdAt: context.now.toISOString(),
  }
  context.state.auditLog.push(entry)
}
