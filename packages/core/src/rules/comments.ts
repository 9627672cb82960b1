// Comments and likes on episodes: who may write, edit, delete, see and moderate, and the limits. Free of
// imports: the contract's comment schemas take their limits from here.

/** The longest comment, in characters, after trimming. */
export const COMMENT_MAX_LENGTH = 1000
/** The longest note a reader adds to a report. */
export const COMMENT_REPORT_NOTE_MAX_LENGTH = 300
/** Why a reader reports a comment. */
export const COMMENT_REPORT_REASONS = ['spam', 'abuse', 'spoiler', 'other'] as const
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number]
/** How a list of comments is sorted: most liked first, or newest first. Pinned comments lead either way. */
export const COMMENT_SORTS = ['top', 'newest'] as const
export type CommentSort = (typeof COMMENT_SORTS)[number]
/** What a moderator does to a comment. */
export const COMMENT_MODERATIONS = ['hide', 'restore', 'delete'] as const
export type CommentModeration = (typeof COMMENT_MODERATIONS)[number]
/** The periods, in days, a moderator may suspend a reader from commenting for. */
export const COMMENT_SUSPENSION_DAYS = [1, 7, 30, 365] as const
export type CommentSuspensionDays = (typeof COMMENT_SUSPENSION_DAYS)[number]

/**
 * Writes a reader may make in a window, counted per reader and per address (an address can hold many
 * readers, so its allowance is larger). Comments, edits and reports count as comment writes; likes
 * and unlikes as likes.
 */
export const COMMENT_RATE_LIMITS = Object.freeze({
  comment: { perReader: 10, perAddress: 40, windowMs: 60_000 },
  like: { perReader: 60, perAddress: 240, windowMs: 60_000 },
})
export type CommentRateLimitKind = keyof typeof COMMENT_RATE_LIMITS

/** A comment's state: shown, hidden by a moderator (restorable), or deleted by its author or a moderator. */
export type CommentStatus = 'visible' | 'hidden' | 'deleted'

/** Who looks at or acts on comments: a signed-in reader (an admin, the creator, moderates) or a guest (null). */
export type CommentViewer = { uid: string; admin: boolean } | null

/** The facts of a comment the rules read. */
export interface CommentFacts {
  authorUid: string | null
  status: CommentStatus
  parentId: string | null
}

/** A comment's text as kept: trimmed, line ends made `\n`. */
export function commentTextOf(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim()
}

/** What is wrong with a comment's text, or null: empty once trimmed, or longer than {@link COMMENT_MAX_LENGTH}. */
export function commentTextProblem(text: string): 'empty' | 'too_long' | null {
  const kept = commentTextOf(text)
  if (kept.length === 0) return 'empty'
  return [...kept].length > COMMENT_MAX_LENGTH ? 'too_long' : null
}

/**
 * Whether a viewer may write (comment, like, report) now, and if not why: a guest signs in first; a
 * reader suspended until later than `now` waits. An admin is never suspended.
 * @example commentWriteRefusal(null, null, now) // 'sign_in'
 */
export function commentWriteRefusal(viewer: CommentViewer, suspendedUntil: Date | null, now: Date): 'sign_in' | 'suspended' | null {
  if (!viewer) return 'sign_in'
  if (!viewer.admin && suspendedUntil && suspendedUntil.getTime() > now.getTime()) return 'suspended'
  return null
}

/** Replies go one level deep: only a shown top-level comment takes replies. */
export function canReplyTo(parent: CommentFacts): boolean {
  return parent.parentId === null && parent.status === 'visible'
}

/** Only its author edits a comment, while it is shown (a hidden comment waits for a moderator). */
export function canEditComment(viewer: CommentViewer, comment: CommentFacts): boolean {
  return viewer !== null && comment.authorUid === viewer.uid && comment.status === 'visible'
}

/** Its author or an admin deletes a comment not deleted yet. */
export function canDeleteComment(viewer: CommentViewer, comment: CommentFacts): boolean {
  if (!viewer || comment.status === 'deleted') return false
  return viewer.admin || comment.authorUid === viewer.uid
}

/** Admins (the creator) moderate: pin, hide, restore, delete any comment, suspend a reader. */
export function canModerateComments(viewer: CommentViewer): boolean {
  return viewer?.admin === true
}

/** A signed-in reader reports a shown comment that is not their own. */
export function canReportComment(viewer: CommentViewer, comment: CommentFacts): boolean {
  return viewer !== null && comment.status === 'visible' && comment.authorUid !== viewer.uid
}

/**
 * Whether a viewer sees a comment in an episode's list: everyone sees shown comments; admins see hidden
 * ones too (to restore them); nobody sees a deleted comment, except as a placeholder for its replies.
 */
export function isCommentListed(viewer: CommentViewer, comment: CommentFacts): boolean {
  if (comment.status === 'visible') return true
  return comment.status === 'hidden' && canModerateComments(viewer)
}

/** The end of a suspension of `days` days starting `now`. */
export function commentSuspensionEnd(now: Date, days: CommentSuspensionDays): Date {
  return new Date(now.getTime() + days * 86_400_000)
}

/**
 * The order of an episode's top-level comments: pinned first, then by `sort` (most liked, ties newest
 * first; or newest first), ties by id so that pages never overlap.
 */
export function compareComments(
  sort: CommentSort,
): (a: { pinned: boolean; likes: number; createdAt: string; id: string }, b: { pinned: boolean; likes: number; createdAt: string; id: string }) => number {
  return (a, b) => {
    if (a.pinned !== b.pinned) return a.pinned ? -1 : 1
    if (sort === 'top' && a.likes !== b.likes) return b.likes - a.likes
    const time = Date.parse(b.createdAt) - Date.parse(a.createdAt)
    if (time !== 0) return time
    return Number(b.id) - Number(a.id)
  }
}

/**
 * The name a comment shows for its author: readers have no public profile, so a stable pseudonym made
 * from their id (never their email); the creator shows as such (with a badge).
 */
export function commenterName(uid: string | null, admin: boolean): string {
  if (uid === null) return 'Deleted reader'
  if (admin) return 'Creator'
  let hash = 2166136261
  for (const char of uid) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
  return `Reader ${hash.toString(36).padStart(7, '0').slice(-6)}`
}
