import { describe, expect, it } from 'vitest'
import {
  canDeleteComment,
  canEditComment,
  canModerateComments,
  canReplyTo,
  canReportComment,
  COMMENT_MAX_LENGTH,
  commenterName,
  commentSuspensionEnd,
  commentTextOf,
  commentTextProblem,
  commentWriteRefusal,
  compareComments,
  isCommentListed,
  type CommentFacts,
} from '@comics/core/rules'

const reader = { uid: 'reader-1', admin: false }
const other = { uid: 'reader-2', admin: false }
const admin = { uid: 'admin-1', admin: true }
const comment = (changes: Partial<CommentFacts> = {}): CommentFacts => ({ authorUid: 'reader-1', status: 'visible', parentId: null, ...changes })
const now = new Date('2026-05-01T12:00:00Z')

describe('comment text', () => {
  it('is trimmed with line ends made \\n, refused empty or longer than the limit (in characters, not UTF-16 units)', () => {
    expect(commentTextOf('  hi\r\nthere \r')).toBe('hi\nthere')
    expect(commentTextProblem('   \n ')).toBe('empty')
    expect(commentTextProblem('a'.repeat(COMMENT_MAX_LENGTH))).toBeNull()
    expect(commentTextProblem('a'.repeat(COMMENT_MAX_LENGTH + 1))).toBe('too_long')
    expect(commentTextProblem('😀'.repeat(COMMENT_MAX_LENGTH))).toBeNull()
  })
})

describe('who may write', () => {
  it('a guest signs in; a suspended reader waits until the end; an admin is never suspended', () => {
    expect(commentWriteRefusal(null, null, now)).toBe('sign_in')
    expect(commentWriteRefusal(reader, null, now)).toBeNull()
    expect(commentWriteRefusal(reader, new Date(now.getTime() + 1000), now)).toBe('suspended')
    expect(commentWriteRefusal(reader, now, now)).toBeNull()
    expect(commentWriteRefusal(admin, new Date(now.getTime() + 1000), now)).toBeNull()
    expect(commentSuspensionEnd(now, 7).toISOString()).toBe('2026-05-08T12:00:00.000Z')
  })
  it('replies go one level deep, to a shown comment', () => {
    expect(canReplyTo(comment())).toBe(true)
    expect(canReplyTo(comment({ parentId: '4' }))).toBe(false)
    expect(canReplyTo(comment({ status: 'hidden' }))).toBe(false)
  })
})

describe('edit, delete, report, moderate, see', () => {
  it('only the author edits a shown comment; the author or an admin deletes', () => {
    expect(canEditComment(reader, comment())).toBe(true)
    expect(canEditComment(other, comment())).toBe(false)
    expect(canEditComment(admin, comment())).toBe(false)
    expect(canEditComment(reader, comment({ status: 'hidden' }))).toBe(false)
    expect(canDeleteComment(reader, comment())).toBe(true)
    expect(canDeleteComment(admin, comment())).toBe(true)
    expect(canDeleteComment(other, comment())).toBe(false)
    expect(canDeleteComment(null, comment())).toBe(false)
    expect(canDeleteComment(reader, comment({ status: 'deleted' }))).toBe(false)
  })
  it("a signed-in reader reports someone else's shown comment; only admins moderate", () => {
    expect(canReportComment(other, comment())).toBe(true)
    expect(canReportComment(reader, comment())).toBe(false)
    expect(canReportComment(null, comment())).toBe(false)
    expect(canReportComment(other, comment({ status: 'hidden' }))).toBe(false)
    expect(canModerateComments(admin)).toBe(true)
    expect(canModerateComments(reader)).toBe(false)
    expect(canModerateComments(null)).toBe(false)
  })
  it('hidden comments are listed to admins only; deleted to nobody', () => {
    expect(isCommentListed(null, comment())).toBe(true)
    expect(isCommentListed(reader, comment({ status: 'hidden' }))).toBe(false)
    expect(isCommentListed(admin, comment({ status: 'hidden' }))).toBe(true)
    expect(isCommentListed(admin, comment({ status: 'deleted' }))).toBe(false)
  })
})

describe('order and names', () => {
  const list = [
    { id: '1', pinned: false, likes: 5, createdAt: '2026-05-01T10:00:00Z' },
    { id: '2', pinned: false, likes: 9, createdAt: '2026-05-01T09:00:00Z' },
    { id: '3', pinned: true, likes: 0, createdAt: '2026-05-01T08:00:00Z' },
    { id: '4', pinned: false, likes: 5, createdAt: '2026-05-01T11:00:00Z' },
  ]
  it('pinned first, then most liked (ties newest) or newest', () => {
    expect([...list].sort(compareComments('top')).map((c) => c.id)).toEqual(['3', '2', '4', '1'])
    expect([...list].sort(compareComments('newest')).map((c) => c.id)).toEqual(['3', '4', '1', '2'])
  })
  it('a stable pseudonym per reader, never their id; the creator and a deleted reader by name', () => {
    expect(commenterName('abc', false)).toBe(commenterName('abc', false))
    expect(commenterName('abc', false)).not.toBe(commenterName('abd', false))
    expect(commenterName('abc', false)).toMatch(/^Reader [0-9a-z]{6}$/)
    expect(commenterName('abc', true)).toBe('Creator')
    expect(commenterName(null, false)).toBe('Deleted reader')
  })
})
