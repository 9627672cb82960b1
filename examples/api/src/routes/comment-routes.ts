import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '@comics/core/contract'
import type { CommentSuspensionDays } from '@comics/core/rules'
import type { AppContext } from '../app-context'
import type { Caller } from '../auth/caller'
import {
  createComment,
  deleteComment,
  editComment,
  likeComment,
  likeEpisode,
  listCommentReports,
  listComments,
  listEpisodeReactions,
  moderateComment,
  pinComment,
  reportComment,
  suspendCommenter,
  viewerOf,
  type WriteOptions,
} from '../comments/comments'
import { siteModeResolver } from '../host/site-mode-of-request'
import { registerEndpoint } from '../http/register-endpoint'

/**
 * Comments and likes on episodes. Every call resolves the host's mode: an AO comic's comments and likes
 * are not found on the mirror host. Answers are never cached (they change with every write and the
 * caller's likes).
 */
export function registerCommentRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, clock } = context
  const siteModeOf = siteModeResolver(context.config.hosts)
  const modeOf = (request: FastifyRequest) => siteModeOf(request.headers.host)
  const writeOf = (caller: Caller, request: FastifyRequest): WriteOptions => ({
    writer: { viewer: viewerOf(caller)!, address: request.ip },
    mode: modeOf(request),
    rateLimitScale: context.config.commentRateLimitScale,
  })

  registerEndpoint(app, context, endpoints.listComments, async ({ body, caller, request, reply }) => {
    reply.header('cache-control', 'no-store')
    return listComments(db, clock, viewerOf(caller), modeOf(request), body as Parameters<typeof listComments>[4])
  })
  registerEndpoint(app, context, endpoints.listEpisodeReactions, async ({ body, caller, request, reply }) => {
    reply.header('cache-control', 'no-store')
    return { data: await listEpisodeReactions(db, clock, viewerOf(caller), modeOf(request), body.comicId) }
  })
  registerEndpoint(app, context, endpoints.createComment, async ({ body, caller, request }) => ({
    data: [await createComment(db, clock, writeOf(caller, request), body)],
  }))
  registerEndpoint(app, context, endpoints.editComment, async ({ params, body, caller, request }) => ({
    data: [await editComment(db, clock, writeOf(caller, request), params.id, body)],
  }))
  registerEndpoint(app, context, endpoints.deleteComment, async ({ params, caller, request }) => {
    await deleteComment(db, clock, caller, modeOf(request), params.id)
    return { data: [{ id: params.id }] }
  })
  for (const [endpoint, liked] of [
    [endpoints.likeComment, true],
    [endpoints.unlikeComment, false],
  ] as const) {
    registerEndpoint(app, context, endpoint, async ({ params, caller, request }) => ({
      data: [await likeComment(db, clock, writeOf(caller, request), params.id, liked)],
    }))
  }
  for (const [endpoint, liked] of [
    [endpoints.likeEpisode, true],
    [endpoints.unlikeEpisode, false],
  ] as const) {
    registerEndpoint(app, context, endpoint, async ({ params, caller, request }) => ({
      data: [await likeEpisode(db, clock, writeOf(caller, request), params.chapterId, liked)],
    }))
  }
  registerEndpoint(app, context, endpoints.reportComment, async ({ params, body, caller, request }) => {
    await reportComment(db, clock, writeOf(caller, request), params.id, body)
    return { data: [{ id: params.id }] }
  })
  registerEndpoint(app, context, endpoints.pinComment, async ({ params, body, caller, request }) => ({
    data: [await pinComment(db, clock, caller, modeOf(request), params.id, body.pinned)],
  }))
  registerEndpoint(app, context, endpoints.listCommentReports, async ({ body, caller, request, reply }) => {
    reply.header('cache-control', 'no-store')
    return listCommentReports(db, caller, modeOf(request), body)
  })
  registerEndpoint(app, context, endpoints.moderateComment, async ({ params, body, caller, request }) => {
    await moderateComment(db, clock, caller, modeOf(request), params.id, body.action)
    return { data: [{ id: params.id }] }
  })
  registerEndpoint(app, context, endpoints.suspendCommenter, async ({ params, body, caller, request }) => ({
    data: [await suspendCommenter(db, clock, caller, modeOf(request), params.id, body.days as CommentSuspensionDays)],
  }))
}
