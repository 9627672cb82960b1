import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm'
import type {
  Comment,
  CommentLikes,
  CommentThread,
  CommentsListRequest,
  CreateCommentBody,
  EditCommentBody,
  EpisodeReactions,
  ModerationItem,
  ReportCommentBody,
} from '@comics/core/contract'
import {
  canDeleteComment,
  canEditComment,
  canReplyTo,
  canReportComment,
  COMMENT_RATE_LIMITS,
  commenterName,
  commentSuspensionEnd,
  commentTextOf,
  commentWriteRefusal,
  isCommentListed,
  type CommentModeration,
  type CommentRateLimitKind,
  type CommentSort,
  type CommentSuspensionDays,
  type CommentViewer,
  type SiteMode,
} from '@comics/core/rules'
import { recordAudit } from '../audit/audit-log'
import type { Caller } from '../auth/caller'
import { hostComicConditions } from '../catalogue/list-comics'
import type { Clock } from '../clock'
import type { Database } from '../db/database'
import { chapters, commentLikes, commentReports, comments, commentSuspensions, comics, episodeLikes } from '../db/schema'
import { countRateLimitHit } from '../http/database-rate-limit-store'
import { HttpError } from '../http/http-error'

type CommentRow = typeof comments.$inferSelect

export const viewerOf = (caller: Caller): CommentViewer => (caller ? { uid: caller.uid, admin: caller.admin } : null)

const rowId = (id: string): number => {
  const value = Number(id)
  return Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : -1
}

const episodeNotFound = (id: string) => new HttpError(404, 'episode_not_found', `Episode '${id}' not found`)
const commentNotFound = (id: string) => new HttpError(404, 'comment_not_found', `Comment '${id}' not found`)

/** The host shows the comic (its ratings; the mirror only mirror comics): an AO comic's comments never reach the mirror. */
const shownOnHost = (mode: SiteMode): SQL[] => hostComicConditions(mode)!

/** A published episode of a comic the host shows (an admin: any episode of such a comic), else 404. */
export async function episodeOnHost(db: Database, clock: Clock, viewer: CommentViewer, mode: SiteMode, chapterId: string) {
  const conditions = [eq(chapters.id, rowId(chapterId)), ...shownOnHost(mode)]
  if (!viewer?.admin) conditions.push(isNotNull(chapters.publishAt), lte(chapters.publishAt, clock.now()))
  const [row] = await db
    .select({ id: chapters.id, comicId: chapters.comicId })
    .from(chapters)
    .innerJoin(comics, eq(comics.id, chapters.comicId))
    .where(and(...conditions))
  if (!row) throw episodeNotFound(chapterId)
  return row
}

/** A comment not deleted, on a comic the host shows, else 404. */
async function commentOnHost(db: Database, mode: SiteMode, id: string): Promise<CommentRow> {
  const [row] = await db
    .select({ comment: comments })
    .from(comments)
    .innerJoin(comics, eq(comics.id, comments.comicId))
    .where(and(eq(comments.id, rowId(id)), ne(comments.status, 'deleted'), ...shownOnHost(mode)))
  if (!row) throw commentNotFound(id)
  return row.comment
}

// Outer columns named in full: drizzle leaves the table out of a column of a one-table query, and a bare
// "id" inside a subquery would name the subquery's own table.
const commentIdColumn = sql.raw('"comments"."id"')
const chapterIdColumn = sql.raw('"chapters"."id"')
const likesOf = sql<number>`(select count(*) from comment_likes l where l.comment_id = ${commentIdColumn})::int`
const likedBy = (uid: string | null) =>
  uid === null ? sql<boolean>`false` : sql<boolean>`exists (select 1 from comment_likes l where l.comment_id = ${commentIdColumn} and l.user_id = ${uid})`

function commentFromRow(row: CommentRow, likes: number, likedByMe: boolean, viewer: CommentViewer): Comment {
  return {
    id: String(row.id),
    chapterId: String(row.chapterId),
    parentId: row.parentId === null ? null : String(row.parentId),
    authorName: commenterName(row.authorUid, row.byCreator),
    byCreator: row.byCreator,
    mine: viewer !== null && viewer.uid === row.authorUid,
    text: row.text,
    spoiler: row.spoiler,
    pinned: row.pinned,
    status: row.status === 'hidden' ? 'hidden' : 'visible',
    likes: Number(likes),
    likedByMe: Boolean(likedByMe),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
  }
}

async function commentView(db: Database, viewer: CommentViewer, id: number): Promise<Comment> {
  const [row] = await db.select({ comment: comments, likes: likesOf, liked: likedBy(viewer?.uid ?? null) }).from(comments).where(eq(comments.id, id))
  return commentFromRow(row!.comment, row!.likes, row!.liked, viewer)
}

/** The statuses a viewer sees listed (core `isCommentListed`). */
const listedStatuses = (viewer: CommentViewer): ('visible' | 'hidden')[] =>
  (['visible', 'hidden'] as const).filter((status) => isCommentListed(viewer, { status, authorUid: null, parentId: null }))

const orderOf = (sort: CommentSort): SQL[] => [
  desc(comments.pinned),
  ...(sort === 'top' ? [desc(likesOf)] : []),
  desc(comments.createdAt),
  desc(comments.id),
]

/** POST /comments/list: an episode's listed threads, pinned first then by `sort`, with their replies oldest first. */
export async function listComments(
  db: Database,
  clock: Clock,
  viewer: CommentViewer,
  mode: SiteMode,
  request: Required<CommentsListRequest>,
): Promise<{ data: CommentThread[]; total: number }> {
  const episode = await episodeOnHost(db, clock, viewer, mode, request.chapterId)
  const statuses = listedStatuses(viewer)
  const uid = viewer?.uid ?? null
  const topLevel = and(eq(comments.chapterId, episode.id), isNull(comments.parentId), inArray(comments.status, statuses))
  const [threads, [counted]] = await Promise.all([
    db
      .select({ comment: comments, likes: likesOf, liked: likedBy(uid) })
      .from(comments)
      .where(topLevel)
      .orderBy(...orderOf(request.sort))
      .limit(request.limit)
      .offset(request.offset),
    db.select({ total: count() }).from(comments).where(topLevel),
  ])
  const replies =
    threads.length === 0
      ? []
      : await db
          .select({ comment: comments, likes: likesOf, liked: likedBy(uid) })
          .from(comments)
          .where(and(inArray(comments.parentId, threads.map((thread) => thread.comment.id)), inArray(comments.status, statuses)))
          .orderBy(asc(comments.createdAt), asc(comments.id))
  return {
    total: Number(counted?.total ?? 0),
    data: threads.map((thread) => ({
      ...commentFromRow(thread.comment, thread.likes, thread.liked, viewer),
      replies: replies
        .filter((reply) => reply.comment.parentId === thread.comment.id)
        .map((reply) => commentFromRow(reply.comment, reply.likes, reply.liked, viewer)),
    })),
  }
}

/** Comment and like counts of episodes (shown comments, replies included). */
async function reactionsOf(db: Database, viewer: CommentViewer, chapterIds: number[]): Promise<EpisodeReactions[]> {
  if (chapterIds.length === 0) return []
  const uid = viewer?.uid ?? null
  const rows = await db
    .select({
      id: chapters.id,
      comments: sql<number>`(select count(*) from comments c where c.chapter_id = ${chapterIdColumn} and c.status = 'visible')::int`,
      likes: sql<number>`(select count(*) from episode_likes e where e.chapter_id = ${chapterIdColumn})::int`,
      liked:
        uid === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from episode_likes e where e.chapter_id = ${chapterIdColumn} and e.user_id = ${uid})`,
    })
    .from(chapters)
    .where(inArray(chapters.id, chapterIds))
    .orderBy(asc(chapters.chapterNumber), asc(chapters.id))
  return rows.map((row) => ({ chapterId: String(row.id), comments: Number(row.comments), likes: Number(row.likes), likedByMe: Boolean(row.liked) }))
}

/** POST /comments/counts: the counts of a comic's published episodes; none for a comic the host does not show. */
export async function listEpisodeReactions(db: Database, clock: Clock, viewer: CommentViewer, mode: SiteMode, comicId: string) {
  const rows = await db
    .select({ id: chapters.id })
    .from(chapters)
    .innerJoin(comics, eq(comics.id, chapters.comicId))
    .where(and(eq(chapters.comicId, rowId(comicId)), isNotNull(chapters.publishAt), lte(chapters.publishAt, clock.now()), ...shownOnHost(mode)))
  return reactionsOf(db, viewer, rows.map((row) => row.id))
}

/** Who writes where, for the rate limits: the reader and the client address. */
export interface Writer {
  viewer: NonNullable<CommentViewer>
  address: string
}

/**
 * Refuses a write by a suspended reader (403 commenting_suspended) or over either allowance of core
 * `COMMENT_RATE_LIMITS` (429 rate_limited), the reader's and their address's, counted in the database so
 * every instance shares them.
 */
async function admitWrite(db: Database, clock: Clock, writer: Writer, kind: CommentRateLimitKind, scale: number): Promise<void> {
  const [suspension] = await db.select().from(commentSuspensions).where(eq(commentSuspensions.userId, writer.viewer.uid))
  if (commentWriteRefusal(writer.viewer, suspension?.until ?? null, clock.now()) === 'suspended') {
    throw new HttpError(403, 'commenting_suspended', `Commenting is suspended until ${suspension!.until.toISOString()}`)
  }
  const limit = COMMENT_RATE_LIMITS[kind]
  const [reader, address] = await Promise.all([
    countRateLimitHit(db, `comments:${kind}:reader:${writer.viewer.uid}`, limit.windowMs),
    countRateLimitHit(db, `comments:${kind}:address:${writer.address}`, limit.windowMs),
  ])
  const over = [
    [reader, limit.perReader],
    [address, limit.perAddress],
  ].find(([state, max]) => (state as { current: number }).current > (max as number) * scale)
  if (over) throw new HttpError(429, 'rate_limited', `Too many requests, retry in ${Math.ceil((over[0] as { ttl: number }).ttl / 1000)} s`)
}

export interface WriteOptions {
  writer: Writer
  mode: SiteMode
  rateLimitScale: number
}

/** POST /comments: a comment, or a reply to a shown top-level comment of the same episode (409 reply_not_allowed). */
export async function createComment(db: Database, clock: Clock, options: WriteOptions, body: CreateCommentBody): Promise<Comment> {
  const { viewer } = options.writer
  const episode = await episodeOnHost(db, clock, viewer, options.mode, body.chapterId)
  await admitWrite(db, clock, options.writer, 'comment', options.rateLimitScale)
  let parentId: number | null = null
  if (body.parentId !== undefined) {
    const parent = await commentOnHost(db, options.mode, body.parentId)
    if (parent.chapterId !== episode.id) throw commentNotFound(body.parentId)
    if (!canReplyTo({ authorUid: parent.authorUid, status: parent.status, parentId: parent.parentId === null ? null : String(parent.parentId) })) {
      throw new HttpError(409, 'reply_not_allowed', 'Replies go one level deep, to a shown comment')
    }
    parentId = parent.id
  }
  const [row] = await db
    .insert(comments)
    .values({
      chapterId: episode.id,
      comicId: episode.comicId,
      parentId,
      authorUid: viewer.uid,
      byCreator: viewer.admin,
      text: commentTextOf(body.text),
      spoiler: body.spoiler ?? false,
      createdAt: clock.now(),
    })
    .returning()
  return commentFromRow(row!, 0, false, viewer)
}

const factsOf = (row: CommentRow) => ({ authorUid: row.authorUid, status: row.status, parentId: row.parentId === null ? null : String(row.parentId) })

/** PATCH /comments/{id}: only the author, while it is shown (403 not_your_comment). */
export async function editComment(db: Database, clock: Clock, options: WriteOptions, id: string, body: EditCommentBody): Promise<Comment> {
  const { viewer } = options.writer
  const row = await commentOnHost(db, options.mode, id)
  if (!canEditComment(viewer, factsOf(row))) throw new HttpError(403, 'not_your_comment', 'Only its author edits a shown comment')
  await admitWrite(db, clock, options.writer, 'comment', options.rateLimitScale)
  await db
    .update(comments)
    .set({ text: commentTextOf(body.text), ...(body.spoiler !== undefined ? { spoiler: body.spoiler } : {}), editedAt: clock.now() })
    .where(eq(comments.id, row.id))
  return commentView(db, viewer, row.id)
}

/** DELETE /comments/{id}: its author, or an admin (audited). Its reports are closed. */
export async function deleteComment(db: Database, clock: Clock, caller: Caller, mode: SiteMode, id: string): Promise<void> {
  const viewer = viewerOf(caller)
  const row = await commentOnHost(db, mode, id)
  if (!canDeleteComment(viewer, factsOf(row))) throw new HttpError(403, 'not_your_comment', 'Only its author deletes a comment')
  await db.transaction(async (tx) => {
    await tx.update(comments).set({ status: 'deleted' }).where(eq(comments.id, row.id))
    await tx.update(commentReports).set({ closedAt: clock.now() }).where(and(eq(commentReports.commentId, row.id), isNull(commentReports.closedAt)))
    if (row.authorUid !== viewer!.uid) {
      await recordAudit(tx, clock, caller, { action: 'delete', targetType: 'comment', targetId: row.id, comicId: row.comicId })
    }
  })
}

/** PUT or DELETE /comments/{id}/like: liking again or taking back a like not given changes nothing. */
export async function likeComment(db: Database, clock: Clock, options: WriteOptions, id: string, liked: boolean): Promise<CommentLikes> {
  const { viewer } = options.writer
  const row = await commentOnHost(db, options.mode, id)
  if (row.status !== 'visible') throw commentNotFound(id)
  await admitWrite(db, clock, options.writer, 'like', options.rateLimitScale)
  if (liked) await db.insert(commentLikes).values({ commentId: row.id, userId: viewer.uid }).onConflictDoNothing()
  else await db.delete(commentLikes).where(and(eq(commentLikes.commentId, row.id), eq(commentLikes.userId, viewer.uid)))
  const view = await commentView(db, viewer, row.id)
  return { id: view.id, likes: view.likes, likedByMe: view.likedByMe }
}

/** PUT or DELETE /episodes/{chapterId}/like. */
export async function likeEpisode(db: Database, clock: Clock, options: WriteOptions, chapterId: string, liked: boolean): Promise<EpisodeReactions> {
  const { viewer } = options.writer
  const episode = await episodeOnHost(db, clock, viewer, options.mode, chapterId)
  await admitWrite(db, clock, options.writer, 'like', options.rateLimitScale)
  if (liked) await db.insert(episodeLikes).values({ chapterId: episode.id, userId: viewer.uid }).onConflictDoNothing()
  else await db.delete(episodeLikes).where(and(eq(episodeLikes.chapterId, episode.id), eq(episodeLikes.userId, viewer.uid)))
  return (await reactionsOf(db, viewer, [episode.id]))[0]!
}

/** POST /comments/{id}/reports: once per reader and comment (again: the first report stays). */
export async function reportComment(db: Database, clock: Clock, options: WriteOptions, id: string, body: ReportCommentBody): Promise<void> {
  const { viewer } = options.writer
  const row = await commentOnHost(db, options.mode, id)
  if (!canReportComment(viewer, factsOf(row))) throw new HttpError(403, 'report_not_allowed', 'You cannot report this comment')
  await admitWrite(db, clock, options.writer, 'comment', options.rateLimitScale)
  await db
    .insert(commentReports)
    .values({ commentId: row.id, userId: viewer.uid, reason: body.reason, note: body.note ?? '', createdAt: clock.now() })
    .onConflictDoNothing()
}

/** POST /admin/comments/{id}/pin: top-level comments only (409 pin_not_allowed); audited. */
export async function pinComment(db: Database, clock: Clock, caller: Caller, mode: SiteMode, id: string, pinned: boolean): Promise<Comment> {
  const row = await commentOnHost(db, mode, id)
  if (row.parentId !== null) throw new HttpError(409, 'pin_not_allowed', 'Only top-level comments are pinned')
  await db.transaction(async (tx) => {
    await tx.update(comments).set({ pinned }).where(eq(comments.id, row.id))
    await recordAudit(tx, clock, caller, { action: pinned ? 'pin' : 'unpin', targetType: 'comment', targetId: row.id, comicId: row.comicId })
  })
  return commentView(db, viewerOf(caller), row.id)
}

/** POST /admin/comments/reports/list: comments with open reports, most reported first, of comics the host shows. */
export async function listCommentReports(
  db: Database,
  caller: Caller,
  mode: SiteMode,
  page: { limit: number; offset: number },
): Promise<{ data: ModerationItem[]; total: number }> {
  const viewer = viewerOf(caller)
  const open = and(isNull(commentReports.closedAt), ne(comments.status, 'deleted'), ...shownOnHost(mode))
  const reported = db
    .select({ id: comments.id, reports: count().as('reports'), latest: sql<Date>`max(${commentReports.createdAt})`.as('latest') })
    .from(commentReports)
    .innerJoin(comments, eq(comments.id, commentReports.commentId))
    .innerJoin(comics, eq(comics.id, comments.comicId))
    .where(open)
    .groupBy(comments.id)
    .as('reported')
  const [rows, [counted]] = await Promise.all([
    db
      .select({ comment: comments, likes: likesOf, liked: likedBy(viewer?.uid ?? null), until: commentSuspensions.until })
      .from(reported)
      .innerJoin(comments, eq(comments.id, reported.id))
      .leftJoin(commentSuspensions, eq(commentSuspensions.userId, comments.authorUid))
      .orderBy(desc(reported.reports), desc(reported.latest), desc(comments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reported),
  ])
  const reports =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(commentReports)
          .where(and(inArray(commentReports.commentId, rows.map((row) => row.comment.id)), isNull(commentReports.closedAt)))
          .orderBy(asc(commentReports.createdAt))
  return {
    total: Number(counted?.total ?? 0),
    data: rows.map((row) => ({
      comment: commentFromRow(row.comment, row.likes, row.liked, viewer),
      comicId: String(row.comment.comicId),
      authorUid: row.comment.authorUid,
      reports: reports
        .filter((report) => report.commentId === row.comment.id)
        .map((report) => ({ reason: report.reason as ModerationItem['reports'][number]['reason'], note: report.note, createdAt: report.createdAt.toISOString() })),
      suspendedUntil: row.until ? row.until.toISOString() : null,
    })),
  }
}

/** POST /admin/comments/{id}/moderation: hide, restore or delete; open reports closed; audited. */
export async function moderateComment(db: Database, clock: Clock, caller: Caller, mode: SiteMode, id: string, action: CommentModeration): Promise<void> {
  const row = await commentOnHost(db, mode, id)
  const status = action === 'hide' ? 'hidden' : action === 'delete' ? 'deleted' : 'visible'
  await db.transaction(async (tx) => {
    await tx.update(comments).set({ status }).where(eq(comments.id, row.id))
    await tx.update(commentReports).set({ closedAt: clock.now() }).where(and(eq(commentReports.commentId, row.id), isNull(commentReports.closedAt)))
    await recordAudit(tx, clock, caller, { action, targetType: 'comment', targetId: row.id, comicId: row.comicId, detail: { from: row.status } })
  })
}

/** POST /admin/comments/{id}/suspension: the author may not comment or like until the end; audited. */
export async function suspendCommenter(db: Database, clock: Clock, caller: Caller, mode: SiteMode, id: string, days: CommentSuspensionDays) {
  const [found] = await db
    .select({ comment: comments })
    .from(comments)
    .innerJoin(comics, eq(comics.id, comments.comicId))
    .where(and(eq(comments.id, rowId(id)), ...shownOnHost(mode)))
  if (!found) throw commentNotFound(id)
  const row = found.comment
  const until = commentSuspensionEnd(clock.now(), days)
  await db.transaction(async (tx) => {
    await tx.insert(commentSuspensions).values({ userId: row.authorUid, until }).onConflictDoUpdate({ target: commentSuspensions.userId, set: { until } })
    await recordAudit(tx, clock, caller, { action: 'suspend', targetType: 'comment', targetId: row.id, comicId: row.comicId, detail: { days, until: until.toISOString() } })
  })
  return { suspendedUntil: until.toISOString() }
}
