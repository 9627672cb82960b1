// Comments and likes on episodes: entities, requests and endpoints, in one file beside the main table
// (spread into `endpoints`). Limits come from core `rules/comments`.
import * as z from 'zod/mini'
import { builtOnUse, envelope } from './envelope'
import { IdSchema } from './entities'
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MODERATIONS,
  COMMENT_REPORT_NOTE_MAX_LENGTH,
  COMMENT_REPORT_REASONS,
  COMMENT_SORTS,
  COMMENT_SUSPENSION_DAYS,
  commentTextProblem,
} from '../rules/comments'

/** The largest page of comments a list call answers. */
export const COMMENT_PAGE_MAX = 50

/**
 * One comment as a viewer sees it. Plain text: clients render it as text, never as HTML, and never make
 * links of it. `authorName` is a pseudonym (core `commenterName`); `byCreator` marks an admin's comment
 * (a badge). `status` is 'hidden' only in an admin's list.
 */
const commentShape = () => ({
    id: IdSchema,
    chapterId: IdSchema,
    parentId: z.nullable(IdSchema),
    authorName: z.string(),
    byCreator: z.boolean(),
    /** The viewer wrote it (may edit and delete it). */
    mine: z.boolean(),
    text: z.string(),
    spoiler: z.boolean(),
    pinned: z.boolean(),
    status: z.enum(['visible', 'hidden']),
    likes: z.int().check(z.minimum(0)),
    likedByMe: z.boolean(),
    /** ISO timestamps. */
    createdAt: z.string(),
    editedAt: z.nullable(z.string()),
})
export const CommentSchema = builtOnUse(() => z.object(commentShape()))
export type Comment = z.infer<typeof CommentSchema>

/** A top-level comment with its replies (one level deep), oldest reply first. */
export const CommentThreadSchema = builtOnUse(() => z.object({ ...commentShape(), replies: z.array(CommentSchema) }))
export type CommentThread = z.infer<typeof CommentThreadSchema>

/** An episode's counts: shown comments (replies included), likes, and whether the viewer liked it. */
export const EpisodeReactionsSchema = builtOnUse(() =>
  z.object({
    chapterId: IdSchema,
    comments: z.int().check(z.minimum(0)),
    likes: z.int().check(z.minimum(0)),
    likedByMe: z.boolean(),
  }),
)
export type EpisodeReactions = z.infer<typeof EpisodeReactionsSchema>

/** A comment's likes after a like or unlike. */
export const CommentLikesSchema = builtOnUse(() => z.object({ id: IdSchema, likes: z.int().check(z.minimum(0)), likedByMe: z.boolean() }))
export type CommentLikes = z.infer<typeof CommentLikesSchema>

export const CommentReportReasonSchema = z.enum(COMMENT_REPORT_REASONS)

/**
 * A reported comment in the moderation queue (admin): the comment, its author's id (to recognise a
 * repeat offender), its reports, and until when its author is suspended (null if not).
 */
export const ModerationItemSchema = builtOnUse(() =>
  z.object({
    comment: CommentSchema,
    comicId: IdSchema,
    authorUid: z.nullable(z.string()),
    reports: z.array(z.object({ reason: CommentReportReasonSchema, note: z.string(), createdAt: z.string() })),
    suspendedUntil: z.nullable(z.string()),
  }),
)
export type ModerationItem = z.infer<typeof ModerationItemSchema>

const commentText = () =>
  z.string().check(
    z.maxLength(COMMENT_MAX_LENGTH * 4),
    z.refine((text) => commentTextProblem(text) === null, { message: `Write 1 to ${COMMENT_MAX_LENGTH} characters` }),
  )

/** POST /comments/list: an episode's shown comments, pinned first, then by `sort`; `total` counts threads. */
export const CommentsListRequestSchema = builtOnUse(() =>
  z.strictObject({
    chapterId: IdSchema,
    sort: z._default(z.enum(COMMENT_SORTS), 'top'),
    limit: z.int().check(z.minimum(1), z.maximum(COMMENT_PAGE_MAX)),
    offset: z.int().check(z.minimum(0), z.maximum(100_000)),
  }),
)
export type CommentsListRequest = z.input<typeof CommentsListRequestSchema>

/** POST /comments/counts: the counts of every published episode of a comic (the comic page sums them). */
export const EpisodeReactionsRequestSchema = builtOnUse(() => z.strictObject({ comicId: IdSchema }))
export type EpisodeReactionsRequest = z.infer<typeof EpisodeReactionsRequestSchema>

/** POST /comments: a comment on an episode, or a reply to a top-level comment (`parentId`). */
export const CreateCommentBodySchema = builtOnUse(() =>
  z.strictObject({ chapterId: IdSchema, parentId: z.optional(IdSchema), text: commentText(), spoiler: z.optional(z.boolean()) }),
)
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>

/** PATCH /comments/{id}: the author's new text and spoiler mark. */
export const EditCommentBodySchema = builtOnUse(() => z.strictObject({ text: commentText(), spoiler: z.optional(z.boolean()) }))
export type EditCommentBody = z.infer<typeof EditCommentBodySchema>

/** POST /comments/{id}/reports: why, and an optional note. */
export const ReportCommentBodySchema = builtOnUse(() =>
  z.strictObject({ reason: CommentReportReasonSchema, note: z.optional(z.string().check(z.maxLength(COMMENT_REPORT_NOTE_MAX_LENGTH))) }),
)
export type ReportCommentBody = z.infer<typeof ReportCommentBodySchema>

export const PinCommentBodySchema = builtOnUse(() => z.strictObject({ pinned: z.boolean() }))
export const ModerateCommentBodySchema = builtOnUse(() => z.strictObject({ action: z.enum(COMMENT_MODERATIONS) }))
export type ModerateCommentBody = z.infer<typeof ModerateCommentBodySchema>
export const SuspendCommenterBodySchema = builtOnUse(() =>
  z.strictObject({
    days: z.int().check(
      z.refine((days) => (COMMENT_SUSPENSION_DAYS as readonly number[]).includes(days), { message: `One of ${COMMENT_SUSPENSION_DAYS.join(', ')}` }),
    ),
  }),
)
export type SuspendCommenterBody = z.infer<typeof SuspendCommenterBodySchema>
export const ModerationListRequestSchema = builtOnUse(() =>
  z.strictObject({
    limit: z.int().check(z.minimum(1), z.maximum(COMMENT_PAGE_MAX)),
    offset: z.int().check(z.minimum(0), z.maximum(100_000)),
  }),
)
export type ModerationListRequest = z.infer<typeof ModerationListRequestSchema>

const CommentIdParams = builtOnUse(() => z.object({ id: IdSchema }))
const ChapterIdParams = builtOnUse(() => z.object({ chapterId: IdSchema }))

/** The comment and like calls, spread into the contract's `endpoints` table. */
export const commentEndpoints = {
  listComments: {
    method: 'POST', path: '/comments/list', access: 'public',
    summary: "An episode's shown comments with their replies, pinned first, then top or newest (an admin sees hidden ones too)",
    body: CommentsListRequestSchema, response: envelope(CommentThreadSchema),
  },
  listEpisodeReactions: {
    method: 'POST', path: '/comments/counts', access: 'public',
    summary: "Comment and like counts of a comic's published episodes, and whether the caller liked each",
    body: EpisodeReactionsRequestSchema, response: envelope(EpisodeReactionsSchema),
  },
  createComment: {
    method: 'POST', path: '/comments', access: 'user',
    summary: 'Comment on an episode or reply to a top-level comment (403 commenting_suspended, 409 reply_not_allowed, 429 rate_limited)',
    body: CreateCommentBodySchema, response: envelope(CommentSchema),
  },
  editComment: {
    method: 'PATCH', path: '/comments/:id', access: 'user', summary: 'Edit your own shown comment',
    params: CommentIdParams, body: EditCommentBodySchema, response: envelope(CommentSchema),
  },
  deleteComment: {
    method: 'DELETE', path: '/comments/:id', access: 'user', summary: 'Delete your own comment (an admin: any comment, audited)',
    params: CommentIdParams, response: envelope(CommentIdParams),
  },
  likeComment: {
    method: 'PUT', path: '/comments/:id/like', access: 'user', summary: 'Like a comment (liking again changes nothing)',
    params: CommentIdParams, response: envelope(CommentLikesSchema),
  },
  unlikeComment: {
    method: 'DELETE', path: '/comments/:id/like', access: 'user', summary: 'Take back a like of a comment',
    params: CommentIdParams, response: envelope(CommentLikesSchema),
  },
  likeEpisode: {
    method: 'PUT', path: '/episodes/:chapterId/like', access: 'user', summary: 'Like an episode (liking again changes nothing)',
    params: ChapterIdParams, response: envelope(EpisodeReactionsSchema),
  },
  unlikeEpisode: {
    method: 'DELETE', path: '/episodes/:chapterId/like', access: 'user', summary: 'Take back a like of an episode',
    params: ChapterIdParams, response: envelope(EpisodeReactionsSchema),
  },
  reportComment: {
    method: 'POST', path: '/comments/:id/reports', access: 'user',
    summary: "Report someone else's comment with a reason, into the moderation queue (once per reader)",
    params: CommentIdParams, body: ReportCommentBodySchema, response: envelope(CommentIdParams),
  },
  pinComment: {
    method: 'POST', path: '/admin/comments/:id/pin', access: 'admin', summary: 'Pin or unpin a top-level comment (admin, audited)',
    params: CommentIdParams, body: PinCommentBodySchema, response: envelope(CommentSchema),
  },
  listCommentReports: {
    method: 'POST', path: '/admin/comments/reports/list', access: 'admin',
    summary: 'The moderation queue: reported comments not yet dealt with, most reported first (admin)',
    body: ModerationListRequestSchema, response: envelope(ModerationItemSchema),
  },
  moderateComment: {
    method: 'POST', path: '/admin/comments/:id/moderation', access: 'admin',
    summary: 'Hide, restore or delete a comment; its reports are closed (admin, audited)',
    params: CommentIdParams, body: ModerateCommentBodySchema, response: envelope(CommentIdParams),
  },
  suspendCommenter: {
    method: 'POST', path: '/admin/comments/:id/suspension', access: 'admin',
    summary: "Suspend a comment's author from commenting and liking for a number of days (admin, audited)",
    params: CommentIdParams, body: SuspendCommenterBodySchema,
    response: envelope(builtOnUse(() => z.object({ suspendedUntil: z.string() }))),
  },
} as const
