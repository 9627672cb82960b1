import { count, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, payments } from '../src/db/schema'
import { bearer, createAccount, type Account } from './support/accounts'
import { testImage } from './support/images'
import { multipart } from './support/multipart'
import { paymentJourney } from './support/payment-journey'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let admin: Account
let reader: Account

beforeAll(async () => {
  server = await startTestServer()
  admin = await createAccount('admin', { admin: true })
  reader = await createAccount('reader')
})
afterAll(() => server?.close())

type Method = 'POST' | 'PATCH' | 'DELETE'
interface Body { headers?: Record<string, string>; payload?: unknown }

async function call(method: Method, url: string, body: Body, account: Account | null = admin) {
  return server.app.inject({ method, url: `/api/v1${url}`, headers: { ...body.headers, ...bearer(account ?? undefined) }, payload: body.payload as string })
}

const auditRows = async () => (await server.db.select({ n: count() }).from(auditLog))[0]!.n
const newestRow = async () => (await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!

/** Makes an admin write, checks it succeeded and left exactly one audit row, and answers that row. */
async function auditedWrite(method: Method, url: string, body: Body) {
  const before = await auditRows()
  const response = await call(method, url, body)
  expect(response.statusCode, response.body).toBe(200)
  expect(await auditRows()).toBe(before + 1)
  const row = await newestRow()
  expect(row.actorUid).toBe(admin.uid)
  expect(row.actorEmail).toBe(admin.email)
  expect(row.createdAt.toISOString()).toBe(server.clock.now().toISOString())
  return { row, data: (response.json() as { data: Record<string, unknown>[] }).data }
}

/** Makes a write that must be refused with `status`, and checks it left no audit row. */
async function refusedWrite(status: number, method: Method, url: string, body: Body, account: Account | null = admin) {
  const before = await auditRows()
  const response = await call(method, url, body, account)
  expect(response.statusCode, response.body).toBe(status)
  expect(await auditRows()).toBe(before)
}

const comicForm = (title: string) => multipart({ title, description: 'Audited', contentRating: 'AO', genres: '["1"]', displayOnMirror: '0' })
const page = async (shade: number) => ({ field: 'file', filename: `p${shade}.png`, contentType: 'image/png', bytes: await testImage(300, 400, 'png', shade) })

describe('every admin write leaves one audit row with who, what, which and when, in its transaction', () => {
  let comicId: string
  let chapterId: string
  const pageIds: string[] = []

  it('comic created, edited', async () => {
    const created = await auditedWrite('POST', '/comics', comicForm('Audited comic'))
    comicId = created.data[0]!.id as string
    expect(created.row).toMatchObject({ action: 'create', targetType: 'comic', targetId: comicId, comicId: Number(comicId) })
    expect(created.row.detail).toMatchObject({ title: 'Audited comic' })

    const edited = await auditedWrite('PATCH', `/comics/${comicId}`, multipart({ title: 'Audited comic, renamed' }))
    expect(edited.row).toMatchObject({ action: 'edit', targetType: 'comic', targetId: comicId, detail: { changed: ['title'] } })
  })

  it('episodes created, edited, published, scheduled, made drafts', async () => {
    const created = await auditedWrite('POST', '/chapters', multipart({
      comicsId: comicId,
      chapters: JSON.stringify([{ title: 'One', chapterNumber: 1, isFree: true }, { title: 'Two', chapterNumber: 2, isFree: true, publishAt: null }]),
    }))
    chapterId = created.data[0]!.id as string
    const draftId = created.data[1]!.id as string
    expect(created.row).toMatchObject({ action: 'create', targetType: 'chapter', targetId: `${chapterId},${draftId}`, comicId: Number(comicId) })

    const edited = await auditedWrite('PATCH', `/chapters/${chapterId}`, multipart({ title: 'One, renamed' }))
    expect(edited.row).toMatchObject({ action: 'edit', targetType: 'chapter', targetId: chapterId, detail: { changed: ['title'] } })

    const later = new Date(server.clock.now().getTime() + 86_400_000).toISOString()
    const scheduled = await auditedWrite('PATCH', `/chapters/${draftId}`, multipart({ publishAt: later }))
    expect(scheduled.row).toMatchObject({ action: 'schedule', targetId: draftId, detail: { publishAt: later, was: null } })

    const published = await auditedWrite('PATCH', `/chapters/${draftId}`, multipart({ publishAt: server.clock.now().toISOString() }))
    expect(published.row).toMatchObject({ action: 'publish', targetId: draftId, detail: { was: later } })

    const unpublished = await auditedWrite('PATCH', `/chapters/${draftId}`, multipart({ publishAt: '' }))
    expect(unpublished.row).toMatchObject({ action: 'unpublish', targetId: draftId, detail: { publishAt: null } })
  })

  it('pages uploaded one by one, all at once, and put in order', async () => {
    for (const shade of [10, 20, 30]) {
      const uploaded = await auditedWrite('POST', `/comics/${comicId}/chapters/${chapterId}/pages/censored`, multipart({}, [await page(shade)]))
      pageIds.push(uploaded.data[0]!.id as string)
      expect(uploaded.row).toMatchObject({ action: 'upload', targetType: 'pages', targetId: chapterId, comicId: Number(comicId), detail: { variant: 'censored', pages: 1 } })
    }
    const reordered = await auditedWrite('POST', `/comics/${comicId}/chapters/${chapterId}/pages/censored/order`, { payload: { assetIds: [pageIds[2], pageIds[0]] } })
    expect(reordered.row).toMatchObject({ action: 'reorder', targetType: 'pages', targetId: chapterId, detail: { pages: 2, removed: 1 } })

    const all = await auditedWrite('POST', `/comics/${comicId}/assets/uncensored`, multipart({ chapterId }, [{ ...(await page(40)), field: 'files' }, { ...(await page(50)), field: 'files' }]))
    expect(all.row).toMatchObject({ action: 'upload', targetType: 'pages', targetId: chapterId, detail: { variant: 'uncensored', pages: 2 } })
  })

  it('genres created and edited', async () => {
    const created = await auditedWrite('POST', '/genres', { payload: { name: 'Audited genre', mature: false } })
    const genreId = created.data[0]!.id as string
    expect(created.row).toMatchObject({ action: 'create', targetType: 'genre', targetId: genreId, comicId: null })
    const edited = await auditedWrite('PATCH', `/genres/${genreId}`, { payload: { mature: true } })
    expect(edited.row).toMatchObject({ action: 'edit', targetType: 'genre', targetId: genreId })
  })

  it('a support credit of coins', async () => {
    const credited = await auditedWrite('POST', '/admin/coins/credits', { payload: { userId: reader.uid, coins: 7, reason: 'Sorry for the outage' } })
    expect(credited.row).toMatchObject({ action: 'credit', targetType: 'coins', targetId: reader.uid, detail: { coins: 7, reason: 'Sorry for the outage' } })
  })

  it('a refund of a payment, once: refunding it again leaves no second row', async () => {
    await paymentJourney(server).subscribe(reader, '4weeks')
    const [payment] = await server.db.select().from(payments).where(eq(payments.userId, reader.uid))
    await refusedWrite(403, 'POST', `/payments/${payment!.id}/refund`, {}, reader)
    const refunded = await auditedWrite('POST', `/payments/${payment!.id}/refund`, {})
    expect(refunded.row).toMatchObject({
      action: 'refund', targetType: 'payment', targetId: String(payment!.id), comicId: null,
      detail: { planId: '4weeks', amountCents: payment!.amountCents, currency: payment!.currency },
    })
    await refusedWrite(200, 'POST', `/payments/${payment!.id}/refund`, {})
  })

  it('the log names what each entry is about: the comic, the episode with its number, the genre', async () => {
    const response = await call('POST', '/admin/audit/list', { payload: { limit: 200, offset: 0 } })
    expect(response.statusCode, response.body).toBe(200)
    type Named = { action: string; targetType: string; targetId: string; comicTitle?: string; targetName?: string; episodeNumber?: number }
    const entries = (response.json() as { data: Named[] }).data
    const comicEdit = entries.find((entry) => entry.targetType === 'comic' && entry.targetId === comicId && entry.action === 'edit')
    expect(comicEdit).toMatchObject({ comicTitle: 'Audited comic, renamed', targetName: 'Audited comic, renamed' })
    const episodeEdit = entries.find((entry) => entry.targetType === 'chapter' && entry.targetId === chapterId && entry.action === 'edit')
    expect(episodeEdit).toMatchObject({ comicTitle: 'Audited comic, renamed', targetName: 'One, renamed', episodeNumber: 1 })
    const pagesUpload = entries.find((entry) => entry.targetType === 'pages' && entry.targetId === chapterId)
    expect(pagesUpload).toMatchObject({ targetName: 'One, renamed', episodeNumber: 1 })
    expect(entries.find((entry) => entry.targetType === 'genre')).toMatchObject({ targetName: 'Audited genre' })
    // Several episodes created at once, and a reader's coins: nothing to name, the ids stay.
    const created = entries.find((entry) => entry.targetType === 'chapter' && entry.action === 'create')!
    expect(created.targetName).toBeUndefined()
    expect(entries.find((entry) => entry.targetType === 'coins')!.targetName).toBeUndefined()
  })

  it('refused writes leave none: bad input, a clash found in the transaction, a non-admin', async () => {
    await refusedWrite(400, 'POST', '/comics', multipart({ title: '', description: 'x', contentRating: 'AO', genres: '[]', displayOnMirror: '0' }))
    await refusedWrite(400, 'POST', '/comics', multipart({ title: 'Unknown genre', description: 'x', contentRating: 'AO', genres: '["9999"]', displayOnMirror: '0' }))
    await refusedWrite(403, 'POST', '/comics', comicForm('Not by a reader'), reader)
    await refusedWrite(401, 'PATCH', `/comics/${comicId}`, multipart({ title: 'By a guest' }), null)
    // The number exists: refused by the unique index inside the transaction, after the insert was tried.
    await refusedWrite(409, 'POST', '/chapters', multipart({ comicsId: comicId, chapters: JSON.stringify([{ title: 'Again', chapterNumber: 1, isFree: true }]) }))
    await refusedWrite(404, 'PATCH', '/chapters/999999', multipart({ title: 'Nowhere' }))
    // Checked inside the transaction, after the episode was locked.
    await refusedWrite(400, 'POST', `/comics/${comicId}/chapters/${chapterId}/pages/censored/order`, { payload: { assetIds: [pageIds[2], pageIds[2]] } })
    await refusedWrite(400, 'POST', `/comics/${comicId}/chapters/${chapterId}/pages/censored`, multipart({}, []))
    await refusedWrite(409, 'POST', '/genres', { payload: { name: 'Audited genre', mature: false } })
    await refusedWrite(403, 'POST', '/admin/coins/credits', { payload: { userId: reader.uid, coins: 7, reason: 'By myself' } }, reader)
    await refusedWrite(400, 'DELETE', '/comics', { payload: { ids: [] } })
  })

  it('comic deleted: one row naming it, kept after the comic is gone', async () => {
    const deleted = await auditedWrite('DELETE', '/comics', { payload: { ids: [comicId] } })
    expect(deleted.row).toMatchObject({ action: 'delete', targetType: 'comic', targetId: comicId, comicId: Number(comicId) })
    expect(deleted.row.detail).toEqual({ comics: [{ id: comicId, title: 'Audited comic, renamed' }] })
  })

  it('the admin reads the log newest first, page by page, of one comic, and no one else reads it', async () => {
    const list = async (body: unknown, account: Account | null = admin) => call('POST', '/admin/audit/list', { payload: body }, account)
    const first = await list({ limit: 3, offset: 0 })
    expect(first.statusCode, first.body).toBe(200)
    const page1 = first.json() as { data: { id: string; action: string; actorEmail?: string; createdAt: string }[]; total: number }
    expect(page1.total).toBe(await auditRows())
    expect(page1.data.map((entry) => entry.action)).toEqual(['delete', 'refund', 'credit'])
    expect(page1.data[0]).toMatchObject({ actorUid: admin.uid, actorEmail: admin.email, targetType: 'comic', targetId: comicId, comicsId: comicId })
    const next = (await list({ limit: 3, offset: 3 })).json() as { data: { id: string }[] }
    expect(Number(next.data[0]!.id)).toBeLessThan(Number(page1.data[2]!.id))

    const ofComic = (await list({ limit: 200, offset: 0, filters: { comicsId: [comicId] } })).json() as { data: { comicsId?: string; action: string }[]; total: number }
    expect(ofComic.data.every((entry) => entry.comicsId === comicId)).toBe(true)
    expect(ofComic.data.map((entry) => entry.action)).toEqual(['delete', 'upload', 'reorder', 'upload', 'upload', 'upload', 'unpublish', 'publish', 'schedule', 'edit', 'create', 'edit', 'create'])

    expect((await list({ limit: 3, offset: 0 }, reader)).statusCode).toBe(403)
    expect((await list({ limit: 3, offset: 0 }, null)).statusCode).toBe(401)
    expect((await list({ limit: 0, offset: 0 })).statusCode).toBe(400)
  })
})

describe('the log is append-only at the database', () => {
  it('refuses an edit, a removal or emptying it, whatever writes; only an erasure may replace a uid', async () => {
    const [row] = await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    const before = await server.db.select().from(auditLog).orderBy(auditLog.id)
    await expect(server.db.update(auditLog).set({ action: 'edit' }).where(eq(auditLog.id, row!.id))).rejects.toThrow()
    await expect(server.db.update(auditLog).set({ detail: {} }).where(eq(auditLog.id, row!.id))).rejects.toThrow()
    await expect(server.db.update(auditLog).set({ actorUid: 'someone-else' }).where(eq(auditLog.id, row!.id))).rejects.toThrow()
    // Erasure-shaped, but it also rewrites what was done.
    await expect(server.db.update(auditLog).set({ actorUid: 'erased:x', actorEmail: null, detail: {} }).where(eq(auditLog.id, row!.id))).rejects.toThrow()
    await expect(server.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow()
    await expect(server.db.execute(sql`truncate table audit_log`)).rejects.toThrow()
    expect(await server.db.select().from(auditLog).orderBy(auditLog.id)).toEqual(before)
  })
})
