import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_ALT_MAX_LENGTH, TRANSCRIPT_TEXT_MAX_LENGTH } from '@comics/core/rules'
import { assets, auditLog, chapters, episodeTranscripts } from '../src/db/schema'
import { bearer, createAccount, grantLevel, type Account } from './support/accounts'
import { catalogueFacts, type EpisodeFacts } from './support/catalogue-facts'
import { startTestServer, type TestServer } from './support/test-server'

// Accessible episodes: the alt text of each page and an episode's transcript, written from the studio
// (admins), read under the locks of the pages.

let server: TestServer
let admin: Account
let subscriber: Account
let reader: Account
/** An AO comic (listed on the adult host) and its first locked episode. */
let comic: EpisodeFacts

const ADULT = { host: 'adult.localhost:5173' }

beforeAll(async () => {
  server = await startTestServer()
  admin = await createAccount('admin', { admin: true })
  subscriber = await createAccount('level1')
  await grantLevel(server.db, subscriber.uid, 1, server.clock.now())
  reader = await createAccount('reader')
  comic = (await catalogueFacts(server.db)).uncensoredComic
})
afterAll(() => server?.close())

type Method = 'GET' | 'POST' | 'PUT'
const call = (method: Method, url: string, account: Account | undefined, payload?: unknown) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: { ...ADULT, ...(account ? bearer(account) : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) })

const pagesOf = async (chapterId: string, account: Account | undefined = subscriber) => {
  const response = await call('POST', '/comics-assets/list', account, { limit: 200, offset: 0, filters: { chapterId: [chapterId], variant: ['censored'] } })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { data: { id: string; position: number; alt?: string }[] }).data
}
const transcriptOf = (chapterId: string, account: Account | undefined) => call('GET', `/chapters/${chapterId}/transcript`, account)
const episodeOfList = async (chapterId: string) => {
  const response = await call('POST', '/chapters/list', undefined, { limit: 200, offset: 0, filters: { comicsId: [comic.comicId] } })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { data: { id: string; hasTranscript?: boolean }[] }).data.find((chapter) => chapter.id === chapterId)!
}
const lastAudit = async () => (await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!

describe('alt text of the pages', () => {
  it('is written by an admin per page, listed with the pages, and removed with null or an empty text', async () => {
    const [first, second, third] = await pagesOf(comic.lockedChapterId)
    const url = `/comics/${comic.comicId}/chapters/${comic.lockedChapterId}/pages/censored/alt`
    const saved = await call('PUT', url, admin, { pages: [{ assetId: first!.id, alt: '  A lighthouse at night.  ' }, { assetId: second!.id, alt: 'Two hands touch.' }] })
    expect(saved.statusCode, saved.body).toBe(200)
    // The answer is the episode's pages, the alt text trimmed.
    expect((saved.json() as { data: { id: string; alt?: string }[] }).data.slice(0, 3).map((page) => page.alt)).toEqual(['A lighthouse at night.', 'Two hands touch.', undefined])
    expect(await lastAudit()).toMatchObject({ action: 'edit', targetType: 'pages', targetId: comic.lockedChapterId, detail: { variant: 'censored', altTexts: 2 } })

    const listed = await pagesOf(comic.lockedChapterId)
    expect(listed.find((page) => page.id === first!.id)!.alt).toBe('A lighthouse at night.')
    expect(listed.find((page) => page.id === second!.id)!.alt).toBe('Two hands touch.')
    // A page without alt text has no `alt` at all: the reader says "Page n of m".
    expect(listed.find((page) => page.id === third!.id)).not.toHaveProperty('alt')

    expect((await call('PUT', url, admin, { pages: [{ assetId: first!.id, alt: null }, { assetId: second!.id, alt: '   ' }] })).statusCode).toBe(200)
    const cleared = await pagesOf(comic.lockedChapterId)
    expect(cleared.filter((page) => 'alt' in page)).toEqual([])
  })

  it('refuses a page of another episode, a page listed twice and a text too long, and changes nothing', async () => {
    const [page] = await pagesOf(comic.lockedChapterId)
    const [otherPage] = await pagesOf(comic.freeChapterId)
    const url = `/comics/${comic.comicId}/chapters/${comic.lockedChapterId}/pages/censored/alt`
    const stranger = await call('PUT', url, admin, { pages: [{ assetId: page!.id, alt: 'Kept?' }, { assetId: otherPage!.id, alt: 'Elsewhere' }] })
    expect(stranger.statusCode).toBe(400)
    expect(stranger.json()).toMatchObject({ error: { code: 'invalid_request', fieldErrors: { pages: [`Not a page of this episode: ${otherPage!.id}`] } } })
    const twice = await call('PUT', url, admin, { pages: [{ assetId: page!.id, alt: 'One' }, { assetId: page!.id, alt: 'Two' }] })
    expect(twice.statusCode).toBe(400)
    const long = await call('PUT', url, admin, { pages: [{ assetId: page!.id, alt: 'x'.repeat(PAGE_ALT_MAX_LENGTH + 1) }] })
    expect(long.statusCode).toBe(400)
    const stored = await server.db.select({ alt: assets.alt }).from(assets).where(eq(assets.id, Number(page!.id)))
    expect(stored).toEqual([{ alt: null }])
  })

  it('is the studio’s to write: a reader is refused and a guest asked to sign in', async () => {
    const [page] = await pagesOf(comic.lockedChapterId)
    const url = `/comics/${comic.comicId}/chapters/${comic.lockedChapterId}/pages/censored/alt`
    expect((await call('PUT', url, subscriber, { pages: [{ assetId: page!.id, alt: 'Mine' }] })).statusCode).toBe(403)
    expect((await call('PUT', url, undefined, { pages: [{ assetId: page!.id, alt: 'Mine' }] })).statusCode).toBe(401)
  })
})

describe('the transcript of an episode', () => {
  const entries = [
    { page: 1, kind: 'narration', text: 'Midnight, the harbour.' },
    { page: 1, kind: 'dialogue', speaker: 'Mara', text: 'You came.' },
    { page: 2, kind: 'sound', text: 'Splash' },
    { page: 2, kind: 'description', text: 'A rowing boat drifts away, empty.' },
  ]

  it('is saved whole by an admin, marked on the episode list, and read in its order', async () => {
    const url = `/comics/${comic.comicId}/chapters/${comic.lockedChapterId}/transcript`
    expect(await episodeOfList(comic.lockedChapterId)).not.toHaveProperty('hasTranscript')
    const saved = await call('PUT', url, admin, { entries: entries.map((entry) => ({ ...entry, text: ` ${entry.text} ` })) })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((saved.json() as { data: { entries: unknown[] }[] }).data[0]!.entries).toEqual(entries)
    expect(await lastAudit()).toMatchObject({ action: 'edit', targetType: 'chapter', targetId: comic.lockedChapterId, detail: { transcript: 4 } })

    expect(await episodeOfList(comic.lockedChapterId)).toMatchObject({ hasTranscript: true })
    const read = await transcriptOf(comic.lockedChapterId, subscriber)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.headers['cache-control']).toBe('private, no-cache')
    const [transcript] = (read.json() as { data: { chapterId: string; entries: unknown[]; updatedAt: string }[] }).data
    expect(transcript).toEqual({ chapterId: comic.lockedChapterId, entries, updatedAt: server.clock.now().toISOString() })

    // Saved again: replaced, not appended.
    expect((await call('PUT', url, admin, { entries: entries.slice(2) })).statusCode).toBe(200)
    expect(((await transcriptOf(comic.lockedChapterId, subscriber)).json() as { data: { entries: unknown[] }[] }).data[0]!.entries).toEqual(entries.slice(2))
  })

  it('is locked with its episode: a guest is asked to sign in, a reader without access refused', async () => {
    const url = `/comics/${comic.comicId}/chapters/${comic.lockedChapterId}/transcript`
    expect((await call('PUT', url, admin, { entries })).statusCode).toBe(200)
    const guest = await transcriptOf(comic.lockedChapterId, undefined)
    expect(guest.statusCode).toBe(401)
    expect(guest.json()).toMatchObject({ error: { code: 'sign_in_required' } })
    expect(guest.body).not.toContain('Midnight')
    const refused = await transcriptOf(comic.lockedChapterId, reader)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: { code: 'subscription_required' } })
    expect(refused.body).not.toContain('Midnight')
    // A free episode's is anyone's, a guest's too; one without a transcript answers none.
    const free = await transcriptOf(comic.freeChapterId, undefined)
    expect(free.statusCode).toBe(200)
    // The comic is AO: on the mirror host its episodes, and their transcripts, do not exist.
    const mirror = await server.app.inject({ method: 'GET', url: `/api/v1/chapters/${comic.lockedChapterId}/transcript`, headers: { host: 'localhost:5173', ...bearer(subscriber) } })
    expect(mirror.statusCode).toBe(200)
    expect(mirror.json()).toEqual({ data: [] })
  })

  it('of an episode not yet published is the admin’s alone', async () => {
    const [draft] = await server.db
      .insert(chapters)
      .values({ comicId: Number(comic.comicId), title: 'Draft', chapterNumber: 7000, publishAt: null })
      .returning()
    const url = `/comics/${comic.comicId}/chapters/${draft!.id}/transcript`
    expect((await call('PUT', url, admin, { entries })).statusCode).toBe(200)
    expect((await transcriptOf(String(draft!.id), subscriber)).json()).toEqual({ data: [] })
    expect(((await transcriptOf(String(draft!.id), admin)).json() as { data: unknown[] }).data).toHaveLength(1)
  })

  it('is removed by saving no entries', async () => {
    const url = `/comics/${comic.comicId}/chapters/${comic.lockedChapterId}/transcript`
    expect((await call('PUT', url, admin, { entries })).statusCode).toBe(200)
    expect((await call('PUT', url, admin, { entries: [] })).statusCode).toBe(200)
    expect(await episodeOfList(comic.lockedChapterId)).not.toHaveProperty('hasTranscript')
    expect((await transcriptOf(comic.lockedChapterId, subscriber)).json()).toEqual({ data: [] })
  })

  it('refuses entries the contract does not allow and keeps the one it had', async () => {
    const url = `/comics/${comic.comicId}/chapters/${comic.lockedChapterId}/transcript`
    expect((await call('PUT', url, admin, { entries })).statusCode).toBe(200)
    for (const bad of [
      { page: 0, kind: 'dialogue', text: 'Page 0' },
      { page: 1, kind: 'whisper', text: 'Unknown kind' },
      { page: 1, kind: 'dialogue', speaker: 'Mara', text: '   ' },
      { page: 1, kind: 'narration', text: 'x'.repeat(TRANSCRIPT_TEXT_MAX_LENGTH + 1) },
    ]) {
      const refused = await call('PUT', url, admin, { entries: [bad] })
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400)
      expect(refused.json()).toMatchObject({ error: { code: 'invalid_request' } })
    }
    expect(((await transcriptOf(comic.lockedChapterId, subscriber)).json() as { data: { entries: unknown[] }[] }).data[0]!.entries).toEqual(entries)
    // Of another comic's episode: not found.
    const elsewhere = await call('PUT', `/comics/${comic.comicId}/chapters/999999/transcript`, admin, { entries })
    expect(elsewhere.statusCode).toBe(404)
    // Only admins write it.
    expect((await call('PUT', url, subscriber, { entries })).statusCode).toBe(403)
  })

  it('goes with its episode when the episode is deleted', async () => {
    const [extra] = await server.db.insert(chapters).values({ comicId: Number(comic.comicId), title: 'Short-lived', chapterNumber: 7001 }).returning()
    expect((await call('PUT', `/comics/${comic.comicId}/chapters/${extra!.id}/transcript`, admin, { entries })).statusCode).toBe(200)
    const stored = () => server.db.select().from(episodeTranscripts).where(eq(episodeTranscripts.chapterId, extra!.id))
    expect(await stored()).toHaveLength(1)
    await server.db.delete(chapters).where(eq(chapters.id, extra!.id))
    expect(await stored()).toEqual([])
  })
})
