import { HttpResponse } from 'msw'
import type { Comment, CommentThread, EpisodeReactions, ModerationItem } from '@comics/core/contract'
import {
  canDeleteComment,
  canEditComment,
  canReplyTo,
  canReportComment,
  commenterName,
  commentSuspensionEnd,
  commentTextOf,
  commentWriteRefusal,
  compareComments,
  contentRatingsFor,
  isCommentListed,
  type CommentReportReason,
  type CommentStatus,
  type CommentSuspensionDays,
  type CommentViewer,
} from '@comics/core/rules'
import { errorResponse } from './errorResponse'
import { nextMockId, type MockState } from './mockState'
import type { Resolver, ResolverContext } from './resolverContext'

/** A comment as the mocks keep it. */
export interface MockComment {
  id: string
  chapterId: string
  parentId: string | null
  authorUid: string | null
  byCreator: boolean
  text: string
  spoiler: boolean
  pinned: boolean
  status: CommentStatus
  createdAt: string
  editedAt: string | null
  likedBy: string[]
  reports: { uid: string; reason: CommentReportReason; note: string; createdAt: string }[]
}

/** The comments, likes and suspensions behind the comment handlers. */
export interface MockCommentsState {
  comments: MockComment[]
  /** Episode likes: chapter id to the user ids who liked it. */
  episodeLikes: Record<string, string[]>
  /** Suspensions: user id to the ISO end. */
  suspendedUntil: Record<string, string>
}

type AnyContext = ResolverContext<never> & { state: MockState }

const commentsOf = (state: MockState): MockCommentsState => (state.comments ??= { comments: [], episodeLikes: {}, suspendedUntil: {} })
const viewerOf = ({ viewer }: { viewer: ResolverContext<never>['viewer'] }): CommentViewer =>
  viewer.userId ? { uid: viewer.userId, admin: viewer.admin } : null

function chapterShown(context: AnyContext, chapterId: string): boolean {
  const chapter = context.state.chapters.find((candidate) => candidate.id === chapterId)
  const comic = chapter && context.state.comics.find((candidate) => candidate.id === chapter.comicsId)
  if (!comic) return false
  if (!context.siteMode) return true
  return contentRatingsFor(context.siteMode).includes(comic.contentRating) && (context.siteMode === 'adult' || comic.displayOnMirror)
}

const notFound = (what: 'comment' | 'episode', id: string) =>
  errorResponse(404, { code: `${what}_not_found`, message: `No ${what} '${id}'` })

function viewOf(context: AnyContext, comment: MockComment): Comment {
  const uid = context.viewer.userId
  return {
    id: comment.id,
    chapterId: comment.chapterId,
    parentId: comment.parentId,
    authorName: commenterName(comment.authorUid, comment.byCreator),
    byCreator: comment.byCreator,
    mine: uid !== null && comment.authorUid === uid,
    text: comment.text,
    spoiler: comment.spoiler,
    pinned: comment.pinned,
    status: comment.status === 'hidden' ? 'hidden' : 'visible',
    likes: comment.likedBy.length,
    likedByMe: uid !== null && comment.likedBy.includes(uid),
    createdAt: comment.createdAt,
    editedAt: comment.editedAt,
  }
}

function findComment(context: AnyContext): MockComment | undefined {
  const comment = commentsOf(context.state).comments.find((candidate) => candidate.id === context.params.id)
  return comment && comment.status !== 'deleted' && chapterShown(context, comment.chapterId) ? comment : undefined
}

function refusal(context: AnyContext): Response | null {
  const until = commentsOf(context.state).suspendedUntil[context.viewer.userId ?? '']
  const refused = commentWriteRefusal(viewerOf(context), until ? new Date(until) : null, context.now)
  if (refused === 'suspended') return errorResponse(403, { code: 'commenting_suspended', message: `Commenting suspended until ${until}` })
  return null
}

function reactionsOf(context: AnyContext, chapterId: string): EpisodeReactions {
  const uid = context.viewer.userId
  const likes = commentsOf(context.state).episodeLikes[chapterId] ?? []
  return {
    chapterId,
    comments: commentsOf(context.state).comments.filter((comment) => comment.chapterId === chapterId && comment.status === 'visible').length,
    likes: likes.length,
    likedByMe: uid !== null && likes.includes(uid),
  }
}

/** POST /comments/list. */
export const listComments: Resolver<'listComments'> = (context) => {
  const { body } = context
  if (!chapterShown(context as AnyContext, body.chapterId)) return notFound('episode', body.chapterId)
  const viewer = viewerOf(context)
  const listed = commentsOf(context.state).comments.filter((comment) => comment.chapterId === body.chapterId && isCommentListed(viewer, comment))
  const threads = listed
    .filter((comment) => comment.parentId === null)
    .map((comment) => viewOf(context as AnyContext, comment))
    .sort(compareComments(body.sort))
  const data: CommentThread[] = threads.slice(body.offset, body.offset + body.limit).map((thread) => ({
    ...thread,
    replies: listed
      .filter((comment) => comment.parentId === thread.id)
      .map((comment) => viewOf(context as AnyContext, comment))
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)),
  }))
  return HttpResponse.json({ data, total: threads.length })
}

/** POST /comments/counts. */
export const listEpisodeReactions: Resolver<'listEpisodeReactions'> = (context) => {
  const chapters = context.state.chapters.filter((chapter) => chapter.comicsId === context.body.comicId)
  if (chapters.length > 0 && !chapterShown(context as AnyContext, chapters[0]!.id)) return HttpResponse.json({ data: [] })
  return HttpResponse.json({ data: chapters.map((chapter) => reactionsOf(context as AnyContext, chapter.id)) })
}

/** POST /comments. */
export const createComment: Resolver<'createComment'> = (context) => {
  const { body, state, now } = context
  if (!chapterShown(context as AnyContext, body.chapterId)) return notFound('episode', body.chapterId)
  const refused = refusal(context as AnyContext)
  if (refused) return refused
  if (body.parentId !== undefined) {
    const parent = commentsOf(state).comments.find((comment) => comment.id === body.parentId && comment.chapterId === body.chapterId)
    if (!parent) return notFound('comment', body.parentId)
    if (!canReplyTo(parent)) return errorResponse(409, { code: 'reply_not_allowed', message: 'Replies go one level deep' })
  }
  const comment: MockComment = {
    id: nextMockId(state),
    chapterId: body.chapterId,
    parentId: body.parentId ?? null,
    authorUid: context.viewer.userId,
    byCreator: context.viewer.admin,
    text: commentTextOf(body.text),
    spoiler: body.spoiler ?? false,
    pinned: false,
    status: 'visible',
    createdAt: now.toISOString(),
    editedAt: null,
    likedBy: [],
    reports: [],
  }
  commentsOf(state).comments.push(comment)
  return HttpResponse.json({ data: [viewOf(context as AnyContext, comment)] })
}

/** PATCH /comments/{id}. */
export const editComment: Resolver<'editComment'> = (context) => {
  const comment = findComment(context as AnyContext)
  if (!comment) return notFound('comment', context.params.id!)
  if (!canEditComment(viewerOf(context), comment)) return errorResponse(403, { code: 'not_your_comment', message: 'Only its author edits a comment' })
  comment.text = commentTextOf(context.body.text)
  if (context.body.spoiler !== undefined) comment.spoiler = context.body.spoiler
  comment.editedAt = context.now.toISOString()
  return HttpResponse.json({ data: [viewOf(context as AnyContext, comment)] })
}

/** DELETE /comments/{id}. */
export const deleteComment: Resolver<'deleteComment'> = (context) => {
  const comment = findComment(context as AnyContext)
  if (!comment) return notFound('comment', context.params.id!)
  if (!canDeleteComment(viewerOf(context), comment)) return errorResponse(403, { code: 'not_your_comment', message: 'Only its author deletes a comment' })
  comment.status = 'deleted'
  return HttpResponse.json({ data: [{ id: comment.id }] })
}

const likeCommentAs = (liked: boolean): Resolver<'likeComment'> => (context) => {
  const comment = findComment(context as AnyContext)
  if (!comment || comment.status !== 'visible') return notFound('comment', context.params.id!)
  const refused = refusal(context as AnyContext)
  if (refused) return refused
  const uid = context.viewer.userId!
  comment.likedBy = comment.likedBy.filter((liker) => liker !== uid)
  if (liked) comment.likedBy.push(uid)
  return HttpResponse.json({ data: [{ id: comment.id, likes: comment.likedBy.length, likedByMe: liked }] })
}
/** PUT /comments/{id}/like. */
export const likeComment = likeCommentAs(true)
/** DELETE /comments/{id}/like. */
export const unlikeComment = likeCommentAs(false) as unknown as Resolver<'unlikeComment'>

const likeEpisodeAs = (liked: boolean): Resolver<'likeEpisode'> => (context) => {
  const chapterId = context.params.chapterId!
  if (!chapterShown(context as AnyContext, chapterId)) return notFound('episode', chapterId)
  const refused = refusal(context as AnyContext)
  if (refused) return refused
  const uid = context.viewer.userId!
  const likes = commentsOf(context.state).episodeLikes
  likes[chapterId] = (likes[chapterId] ?? []).filter((liker) => liker !== uid)
  if (liked) likes[chapterId].push(uid)
  return HttpResponse.json({ data: [reactionsOf(context as AnyContext, chapterId)] })
}
/** PUT /episodes/{chapterId}/like. */
export const likeEpisode = likeEpisodeAs(true)
/** DELETE /episodes/{chapterId}/like. */
export const unlikeEpisode = likeEpisodeAs(false) as unknown as Resolver<'unlikeEpisode'>

/** POST /comments/{id}/reports. */
export const reportComment: Resolver<'reportComment'> = (context) => {
  const comment = findComment(context as AnyContext)
  if (!comment) return notFound('comment', context.params.id!)
  if (!canReportComment(viewerOf(context), comment)) return errorResponse(403, { code: 'report_not_allowed', message: 'You cannot report this comment' })
  const uid = context.viewer.userId!
  if (!comment.reports.some((report) => report.uid === uid)) {
    comment.reports.push({ uid, reason: context.body.reason, note: context.body.note ?? '', createdAt: context.now.toISOString() })
  }
  return HttpResponse.json({ data: [{ id: comment.id }] })
}

/** POST /admin/comments/{id}/pin. */
export const pinComment: Resolver<'pinComment'> = (context) => {
  const comment = findComment(context as AnyContext)
  if (!comment) return notFound('comment', context.params.id!)
  if (comment.parentId !== null) return errorResponse(409, { code: 'pin_not_allowed', message: 'Only top-level comments are pinned' })
  comment.pinned = context.body.pinned
  return HttpResponse.json({ data: [viewOf(context as AnyContext, comment)] })
}

function moderationItem(context: AnyContext, comment: MockComment): ModerationItem {
  const chapter = context.state.chapters.find((candidate) => candidate.id === comment.chapterId)!
  return {
    comment: viewOf(context, comment),
    comicId: chapter.comicsId,
    authorUid: comment.authorUid,
    reports: comment.reports.map(({ reason, note, createdAt }) => ({ reason, note, createdAt })),
    suspendedUntil: commentsOf(context.state).suspendedUntil[comment.authorUid ?? ''] ?? null,
  }
}

/** POST /admin/comments/reports/list. */
export const listCommentReports: Resolver<'listCommentReports'> = (context) => {
  const queue = commentsOf(context.state)
    .comments.filter((comment) => comment.reports.length > 0 && comment.status !== 'deleted' && chapterShown(context as AnyContext, comment.chapterId))
    .sort((a, b) => b.reports.length - a.reports.length)
  const data = queue.slice(context.body.offset, context.body.offset + context.body.limit).map((comment) => moderationItem(context as AnyContext, comment))
  return HttpResponse.json({ data, total: queue.length })
}

/** POST /admin/comments/{id}/moderation. */
export const moderateComment: Resolver<'moderateComment'> = (context) => {
  const comment = commentsOf(context.state).comments.find((candidate) => candidate.id === context.params.id && candidate.status !== 'deleted')
  if (!comment || !chapterShown(context as AnyContext, comment.chapterId)) return notFound('comment', context.params.id!)
  comment.status = context.body.action === 'hide' ? 'hidden' : context.body.action === 'delete' ? 'deleted' : 'visible'
  comment.reports = []
  return HttpResponse.json({ data: [{ id: comment.id }] })
}

/** POST /admin/comments/{id}/suspension. */
export const suspendCommenter: Resolver<'suspendCommenter'> = (context) => {
  const comment = commentsOf(context.state).comments.find((candidate) => candidate.id === context.params.id)
  if (!comment || comment.authorUid === null) return notFound('comment', context.params.id!)
  const suspendedUntil = commentSuspensionEnd(context.now, context.body.days as CommentSuspensionDays).toISOString()
  commentsOf(context.state).suspendedUntil[comment.authorUid] = suspendedUntil
  return HttpResponse.json({ data: [{ suspendedUntil }] })
}

/**
 * Puts comments on an episode of the state (stories, tests): each given fields over a shown comment by
 * `user-level1`; ids in order from 'c1'.
 * @example seedMockComments(state, '401', [{ text: 'Loved it', likedBy: ['user-reader'] }])
 */
export function seedMockComments(state: MockState, chapterId: string, comments: Partial<MockComment>[]): MockComment[] {
  const store = commentsOf(state)
  const made = comments.map((fields, index) => ({
    id: `c${store.comments.length + index + 1}`,
    chapterId,
    parentId: null,
    authorUid: 'user-level1',
    byCreator: false,
    text: 'A comment',
    spoiler: false,
    pinned: false,
    status: 'visible' as const,
    createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
    editedAt: null,
    likedBy: [],
    reports: [],
    ...fields,
  }))
  store.comments.push(...made)
  return made
}
