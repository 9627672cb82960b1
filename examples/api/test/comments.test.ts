import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMENT_MAX_LENGTH, COMMENT_RATE_LIMITS } from '@comics/core/rules'
import { auditLog } from '../src/db/schema'
import { bearer, createAccount, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let facts: Awaited<ReturnType<typeof catalogueFacts>>
let reader: Account
let other: Account
let admin: Account

beforeAll(async () => {
  server = await startTestServer({ config: { commentRateLimitScale: 100 } })
  facts = await catalogueFacts(server.db)
  ;[reader, other, admin] = await Promise.all([createAccount('reader'), createAccount('level1'), createAccount('admin', { admin: true })])
})
afterAll(() => server?.close())

const ADULT = { host: 'adult.localhost:5173' }
const MIRROR = { host: 'localhost:5173' }
type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object; as?: Account | null; host?: { host: string } }
const call = ({ method, url, payload, as, host = MIRROR }: Call) =>
  server.app.inject({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}), headers: { ...host, ...(as ? bearer(as) : {}) } })

const episode = () => facts.mirrorComic.freeChapterId
const post = async (as: Account, text: string, extra: object = {}, chapterId = episode(), host = MIRROR) => {
  const response = await call({ method: 'POST', url: '/comments', payload: { chapterId, text, ...extra }, as, host })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data[0] as { id: string; text: string; byCreator: boolean; mine: boolean; authorName: string }
}
const list = async (as: Account | null, chapterId = episode(), sort = 'newest', host = MIRROR) => {
  const response = await call({ method: 'POST', url: '/comments/list', payload: { chapterId, sort, limit: 50, offset: 0 }, as, host })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { data: { id: string; text: string; likes: number; likedByMe: boolean; pinned: boolean; status: string; replies: { id: string }[] }[]; total: number }
}

describe('comments on an episode', () => {
  it('a reader comments and another replies; guests read them; replies go one level deep', async () => {
    const first = await post(reader, '  First!  ')
    expect(first).toMatchObject({ text: 'First!', mine: true, byCreator: false })
    expect(first.authorName).toMatch(/^Reader /)
    const reply = await post(other, 'Agreed', { parentId: first.id })
    const deeper = await call({ method: 'POST', url: '/comments', payload: { chapterId: episode(), text: 'too deep', parentId: reply.id }, as: reader })
    expect(deeper.statusCode).toBe(409)
    expect(deeper.json().error.code).toBe('reply_not_allowed')
    const asGuest = await list(null)
    const thread = asGuest.data.find((comment) => comment.id === first.id)!
    expect(thread.replies.map((r) => r.id)).toEqual([reply.id])
    expect(asGuest.data.some((comment) => comment.id === reply.id)).toBe(false)
  })

  it('keeps markup as plain text, refuses an empty or too long text, and a guest may not write', async () => {
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)>'
    expect((await post(reader, markup)).text).toBe(markup)
    for (const text of ['   ', 'a'.repeat(COMMENT_MAX_LENGTH + 1)]) {
      const refused = await call({ method: 'POST', url: '/comments', payload: { chapterId: episode(), text }, as: reader })
      expect(refused.statusCode).toBe(400)
      expect(Object.keys(refused.json().error.fieldErrors)).toContain('text')
    }
    expect((await call({ method: 'POST', url: '/comments', payload: { chapterId: episode(), text: 'hi' } })).statusCode).toBe(401)
  })

  it('likes are counted once per reader, sort by top puts the most liked first, pinned before all', async () => {
    const chapterId = episode()
    const liked = await post(reader, 'Liked one')
    const plain = await post(other, 'Plain one')
    for (const who of [reader, other, other]) {
      const response = await call({ method: 'PUT', url: `/comments/${liked.id}/like`, as: who })
      expect(response.statusCode).toBe(200)
    }
    const top = await list(reader, chapterId, 'top')
    const ids = top.data.map((comment) => comment.id)
    expect(ids.indexOf(liked.id)).toBeLessThan(ids.indexOf(plain.id))
    expect(top.data.find((comment) => comment.id === liked.id)).toMatchObject({ likes: 2, likedByMe: true })
    const unliked = await call({ method: 'DELETE', url: `/comments/${liked.id}/like`, as: other })
    expect(unliked.json().data[0]).toEqual({ id: liked.id, likes: 1, likedByMe: false })

    expect((await call({ method: 'POST', url: `/admin/comments/${plain.id}/pin`, payload: { pinned: true }, as: reader })).statusCode).toBe(403)
    const pinned = await call({ method: 'POST', url: `/admin/comments/${plain.id}/pin`, payload: { pinned: true }, as: admin })
    expect(pinned.json().data[0]).toMatchObject({ pinned: true })
    expect((await list(null, chapterId, 'top')).data[0]!.id).toBe(plain.id)
    const creatorReply = await post(admin, 'Thanks for reading', { parentId: plain.id })
    expect(creatorReply).toMatchObject({ byCreator: true, authorName: 'Creator' })
    await call({ method: 'POST', url: `/admin/comments/${plain.id}/pin`, payload: { pinned: false }, as: admin })
  })

  it('episode likes and comment counts per episode of a comic, exact', async () => {
    const chapterId = facts.mirrorComic.lockedChapterId
    const before = (await call({ method: 'POST', url: '/comments/counts', payload: { comicId: facts.mirrorComic.comicId } })).json().data
    const counted = (data: { chapterId: string; comments: number; likes: number }[]) => data.find((row) => row.chapterId === chapterId)!
    await call({ method: 'PUT', url: `/episodes/${chapterId}/like`, as: reader })
    await call({ method: 'PUT', url: `/episodes/${chapterId}/like`, as: reader })
    const liked = await call({ method: 'PUT', url: `/episodes/${chapterId}/like`, as: other })
    expect(liked.json().data[0]).toMatchObject({ chapterId, likes: counted(before).likes + 2, likedByMe: true })
    await post(reader, 'On the locked one', {}, chapterId)
    const after = (await call({ method: 'POST', url: '/comments/counts', payload: { comicId: facts.mirrorComic.comicId }, as: reader })).json().data
    expect(counted(after)).toEqual({ chapterId, comments: counted(before).comments + 1, likes: counted(before).likes + 2, likedByMe: true })
  })

  it('the author edits and deletes their own comment; another reader may not; an admin deletes any, audited', async () => {
    const mine = await post(reader, 'Typo heer')
    expect((await call({ method: 'PATCH', url: `/comments/${mine.id}`, payload: { text: 'Typo here' }, as: other })).statusCode).toBe(403)
    const edited = await call({ method: 'PATCH', url: `/comments/${mine.id}`, payload: { text: 'Typo here', spoiler: true }, as: reader })
    expect(edited.json().data[0]).toMatchObject({ text: 'Typo here', spoiler: true })
    expect(edited.json().data[0].editedAt).not.toBeNull()
    expect((await call({ method: 'DELETE', url: `/comments/${mine.id}`, as: other })).statusCode).toBe(403)
    expect((await call({ method: 'DELETE', url: `/comments/${mine.id}`, as: reader })).statusCode).toBe(200)
    expect((await list(null)).data.some((comment) => comment.id === mine.id)).toBe(false)
    const theirs = await post(other, 'Rude words')
    expect((await call({ method: 'DELETE', url: `/comments/${theirs.id}`, as: admin })).statusCode).toBe(200)
    const audited = await server.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'comment'), eq(auditLog.targetId, theirs.id)))
    expect(audited.map((row) => row.action)).toEqual(['delete'])
  })
})

describe('moderation', () => {
  it('a report reaches the queue; hidden, the comment leaves the list (admins still see it); restored, it is back; all audited', async () => {
    const bad = await post(other, 'Spoiler: everyone dies')
    expect((await call({ method: 'POST', url: `/comments/${bad.id}/reports`, payload: { reason: 'spoiler' }, as: other })).statusCode).toBe(403)
    const reported = await call({ method: 'POST', url: `/comments/${bad.id}/reports`, payload: { reason: 'spoiler', note: 'ending' }, as: reader })
    expect(reported.statusCode, reported.body).toBe(200)
    const queue = (await call({ method: 'POST', url: '/admin/comments/reports/list', payload: { limit: 50, offset: 0 }, as: admin })).json()
    const item = queue.data.find((entry: { comment: { id: string } }) => entry.comment.id === bad.id)
    expect(item).toMatchObject({ authorUid: other.uid, reports: [{ reason: 'spoiler', note: 'ending' }], suspendedUntil: null })

    expect((await call({ method: 'POST', url: `/admin/comments/${bad.id}/moderation`, payload: { action: 'hide' }, as: admin })).statusCode).toBe(200)
    expect((await list(reader)).data.some((comment) => comment.id === bad.id)).toBe(false)
    expect((await list(admin)).data.find((comment) => comment.id === bad.id)?.status).toBe('hidden')
    const after = (await call({ method: 'POST', url: '/admin/comments/reports/list', payload: { limit: 50, offset: 0 }, as: admin })).json()
    expect(after.data.some((entry: { comment: { id: string } }) => entry.comment.id === bad.id)).toBe(false)

    await call({ method: 'POST', url: `/admin/comments/${bad.id}/moderation`, payload: { action: 'restore' }, as: admin })
    expect((await list(reader)).data.some((comment) => comment.id === bad.id)).toBe(true)
    const audited = await server.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'comment'), eq(auditLog.targetId, bad.id)))
    expect(audited.map((row) => row.action)).toEqual(['hide', 'restore'])
  })

  it('a suspended reader cannot comment or like until the end of the suspension', async () => {
    const offender = await createAccount('reader')
    const comment = await post(offender, 'Spam spam')
    const suspended = await call({ method: 'POST', url: `/admin/comments/${comment.id}/suspension`, payload: { days: 7 }, as: admin })
    expect(suspended.statusCode, suspended.body).toBe(200)
    const refused = await call({ method: 'POST', url: '/comments', payload: { chapterId: episode(), text: 'more spam' }, as: offender })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('commenting_suspended')
    expect((await call({ method: 'PUT', url: `/episodes/${episode()}/like`, as: offender })).statusCode).toBe(403)
    expect((await call({ method: 'POST', url: `/admin/comments/${comment.id}/suspension`, payload: { days: 2 }, as: admin })).statusCode).toBe(400)
    server.clock.advance(7 * 86_400_000 + 1000)
    try {
      await post(offender, 'Back, and polite')
    } finally {
      server.clock.advance(-(7 * 86_400_000 + 1000))
    }
  })
})

describe('hosts, limits and accounts', () => {
  it("an AO comic's comments are not found on the mirror host", async () => {
    const chapterId = facts.uncensoredComic.freeChapterId
    const onAdult = await post(reader, 'Adult host only', {}, chapterId, ADULT)
    expect((await list(null, chapterId, 'top', ADULT)).data.some((comment) => comment.id === onAdult.id)).toBe(true)
    const onMirror = await call({ method: 'POST', url: '/comments/list', payload: { chapterId, sort: 'top', limit: 10, offset: 0 } })
    expect(onMirror.statusCode).toBe(404)
    expect((await call({ method: 'PUT', url: `/comments/${onAdult.id}/like`, as: other })).statusCode).toBe(404)
    const counts = await call({ method: 'POST', url: '/comments/counts', payload: { comicId: facts.uncensoredComic.comicId } })
    expect(counts.json()).toEqual({ data: [] })
    const queue = (await call({ method: 'POST', url: '/admin/comments/reports/list', payload: { limit: 50, offset: 0 }, as: admin })).json()
    expect(queue.data.every((entry: { comicId: string }) => entry.comicId !== facts.uncensoredComic.comicId)).toBe(true)
  })

  it('limits comment writes per reader (429 rate_limited)', async () => {
    server.context.config.commentRateLimitScale = 1
    try {
      const writer = await createAccount('reader')
      const statuses: number[] = []
      for (let index = 0; index <= COMMENT_RATE_LIMITS.comment.perReader; index++) {
        const response = await call({ method: 'POST', url: '/comments', payload: { chapterId: episode(), text: `n${index}` }, as: writer })
        statuses.push(response.statusCode)
      }
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
    } finally {
      server.context.config.commentRateLimitScale = 100
    }
  })

  it("the export holds the reader's comments and likes", async () => {
    const exporter = await createAccount('reader')
    const comment = await post(exporter, 'Mine to export')
    await call({ method: 'PUT', url: `/episodes/${episode()}/like`, as: exporter })
    const exported = (await call({ method: 'GET', url: '/me/export', as: exporter })).json()
    expect(exported.comments).toEqual([expect.objectContaining({ id: comment.id, text: 'Mine to export', chapterId: episode() })])
    expect(exported.likes).toEqual({ episodes: [episode()], comments: [] })
  })
})
