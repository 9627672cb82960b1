import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type EndpointName } from '@comics/core/contract'
import { createHandlers, createMockState, MOCK_ASSETS, MOCK_VIEWERS, seedMockComments, type MockState } from '@comics/mocks'
import { BASE_URL, callEndpoint, list } from './callEndpoint'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const admin = MOCK_VIEWERS.admin.token
let state: MockState
const useState = () => {
  state = createMockState()
  server.use(...createHandlers({ baseUrl: BASE_URL, state }))
}
const png = (bytes = 4) => new File([new Uint8Array(bytes).fill(7)], 'page.png', { type: 'image/png' })
const form = (fields: Record<string, string>, files: Record<string, File[]> = {}) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  for (const [name, list] of Object.entries(files)) for (const file of list) data.append(name, file)
  return data
}

/** The fixture's legal pages of episode 401, in reading order. */
const legalPagesOf401 = () =>
  MOCK_ASSETS.filter((a) => a.chapterId === '401' && a.variant === 'legal')
    .sort((a, b) => a.position! - b.position!)
    .map((a) => a.id)

/** A valid request for every admin endpoint. */
/** A reader's comment on an episode of comic 4, which both hosts show. */
const aComment = () => seedMockComments(state, '401', [{}])[0]!.id

const ADMIN_CALLS: Partial<Record<EndpointName, () => Parameters<typeof callEndpoint>[1]>> = {
  adminListComics: () => ({ body: list() }),
  createComic: () => ({ form: form({ title: 'New', contentRating: 'T' }) }),
  updateComic: () => ({ params: { id: '4' }, form: form({ title: 'Renamed' }) }),
  deleteComics: () => ({ body: { ids: ['8'] } }),
  createChapters: () => ({ form: form({ comicsId: '14', chapters: '[{"title":"One","chapterNumber":1,"isFree":true}]' }) }),
  updateChapter: () => ({ params: { chapterId: '401' }, form: form({ isFree: '0' }) }),
  uploadAssets: () => ({ params: { comicId: '4', variant: 'legal' }, form: form({ chapterId: '401' }, { files: [png()] }) }),
  createGenre: () => ({ body: { name: 'Sci-Fi', mature: false } }),
  updateGenre: () => ({ params: { id: '5' }, body: { mature: true } }),
  refundPayment: () => ({ params: { id: 'pay-level1-1' } }),
  uploadPage: () => ({ params: { comicId: '4', chapterId: '401', variant: 'legal' }, form: form({}, { file: [png()] }) }),
  setPageOrder: () => ({ params: { comicId: '4', chapterId: '401', variant: 'legal' }, body: { assetIds: legalPagesOf401().reverse() } }),
  setPageAlt: () => ({ params: { comicId: '4', chapterId: '401', variant: 'legal' }, body: { pages: [{ assetId: legalPagesOf401()[0]!, alt: 'A swordswoman at a gate.' }] } }),
  putTranscript: () => ({ params: { comicId: '4', chapterId: '401' }, body: { entries: [{ page: 1, kind: 'narration', text: 'The capital, at last.' }] } }),
  adminCoinBalance: () => ({ params: { userId: 'user-reader' } }),
  creditCoins: () => ({ body: { userId: 'user-reader', coins: 20, reason: 'Support credit' } }),
  refundCoinPack: () => {
    state.coinLedger.push({ id: 'coin-pack-1', userId: 'user-reader', kind: 'purchase', coins: 110, balanceAfter: 110, packId: 'coins-100', createdAt: '2026-01-01T00:00:00.000Z' })
    return { params: { id: 'coin-pack-1' } }
  },
  listAudit: () => ({ body: list() }),
  setWaitForFree: () => ({ params: { comicId: '4' }, body: { waitHours: 24, newestExcluded: 1 } }),
  listCommentReports: () => ({ body: { limit: 20, offset: 0 } }),
  moderateComment: () => ({ params: { id: aComment() }, body: { action: 'hide' } }),
  pinComment: () => ({ params: { id: aComment() }, body: { pinned: true } }),
  suspendCommenter: () => ({ params: { id: aComment() }, body: { days: 1 } }),
}

describe('admin calls', () => {
  it('covers every admin endpoint of the table', () => {
    const adminEndpoints = (Object.keys(endpoints) as EndpointName[]).filter((n) => endpoints[n].access === 'admin')
    expect(Object.keys(ADMIN_CALLS).sort()).toEqual(adminEndpoints.sort())
  })

  it('are 401 signed out, 403 for any non-admin, and succeed for the admin', async () => {
    for (const [name, request] of Object.entries(ADMIN_CALLS) as [EndpointName, () => Parameters<typeof callEndpoint>[1]][]) {
      useState()
      expect([name, (await callEndpoint(name, request())).status]).toEqual([name, 401])
      for (const viewer of ['reader', 'level4'] as const) {
        const { status } = await callEndpoint(name, { ...request(), token: MOCK_VIEWERS[viewer].token })
        expect([name, viewer, status]).toEqual([name, viewer, 403])
      }
      const { status } = await callEndpoint(name, { ...request(), token: admin })
      expect({ name, succeeded: status >= 200 && status < 300 }).toEqual({ name, succeeded: true })
    }
    // Four calls to each of the admin endpoints: more than the default 5 s on a loaded machine.
  }, 30_000)
})

describe('the admin listing', () => {
  it.each(['adult', 'normal'] as const)('lists every comic on the %s host, T and M ones off the mirror too, with paging', async (siteMode) => {
    server.use(...createHandlers({ baseUrl: BASE_URL, siteMode }))
    const all = await callEndpoint('adminListComics', { token: admin, body: list() })
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(14)
    const ids = all.body.data.map((comic: { id: string }) => comic.id)
    // Sugar Rush (T) and Night Shift (M) are not on the mirror: no host lists them.
    expect(ids).toEqual(expect.arrayContaining(['8', '11', '1', '4']))
    const hostIds = (await callEndpoint('listComics', { body: list() })).body.data.map((comic: { id: string }) => comic.id)
    expect(hostIds).not.toContain('8')
    expect(hostIds).not.toContain('11')

    const second = await callEndpoint('adminListComics', { token: admin, body: { ...list(), limit: 5, offset: 5 } })
    expect(second.body.total).toBe(14)
    expect(second.body.data.map((comic: { id: string }) => comic.id)).toEqual(ids.slice(5, 10))
  })

  it('narrows by mirror flag, rating and a part of the title', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL }))
    const offMirror = await callEndpoint('adminListComics', { token: admin, body: list({ displayOnMirror: false, contentRating: ['T', 'M'] }) })
    expect(offMirror.body.data.map((comic: { id: string }) => comic.id).sort()).toEqual(['11', '8'])
    const titled = await callEndpoint('adminListComics', { token: admin, body: list({ title: 'sugar' }) })
    expect(titled.body.data.map((comic: { title: string }) => comic.title)).toEqual(['Sugar Rush'])
  })
})

describe('admin changes are visible to readers', () => {
  it('creates a comic from a multipart form: booleans 1/0, genres as a JSON list, files as data URLs', async () => {
    useState()
    const { status, body } = await callEndpoint('createComic', {
      token: admin,
      form: form(
        { title: 'Paper Moon', contentRating: 'M', genres: '["2","6"]', displayOnMirror: '1' },
        { cover: [png()] },
      ),
    })
    expect(status).toBe(201)
    expect(body.data[0]).toMatchObject({
      title: 'Paper Moon',
      displayOnMirror: true,
      genres: [{ id: '2', name: 'Fantasy' }, { id: '6', name: 'Mystery' }],
      bannerImageUrl: '',
    })
    expect(body.data[0].coverImageUrl).toMatch(/^data:image\/png;base64,/)
    const listed = await callEndpoint('listComics', { body: list({ contentRating: ['M'] }) })
    expect(listed.body.data.map((c: { title: string }) => c.title)).toContain('Paper Moon')
  })

  it('refuses bad multipart input with 400: a boolean not 1/0, an unknown genre, an SVG file', async () => {
    useState()
    const badBoolean = await callEndpoint('createComic', {
      token: admin,
      form: form({ title: 'X', contentRating: 'T', displayOnMirror: 'true' }),
    })
    expect(badBoolean.status).toBe(400)
    expect(badBoolean.body.error.fieldErrors).toHaveProperty('displayOnMirror')
    const unknownGenre = await callEndpoint('createComic', {
      token: admin,
      form: form({ title: 'X', contentRating: 'T', genres: '["99"]' }),
    })
    expect(unknownGenre.body.error.fieldErrors).toHaveProperty('genres')
    const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })
    const svgUpload = await callEndpoint('uploadAssets', {
      token: admin,
      params: { comicId: '4', variant: 'legal' },
      form: form({ chapterId: '401' }, { files: [svg] }),
    })
    expect(svgUpload.status).toBe(400)
    expect(svgUpload.body.error.fieldErrors).toHaveProperty('files')
    expect(state.comics.some((c) => c.title === 'X')).toBe(false)
  })

  it('adds one page after the episode\'s pages, then sets the order by id; an id of another episode is refused', async () => {
    useState()
    const before = legalPagesOf401()
    const added = await callEndpoint('uploadPage', { token: admin, params: { comicId: '4', chapterId: '401', variant: 'legal' }, form: form({}, { file: [png(9)] }) })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.data[0].position).toBe(before.length + 1)
    const order = [added.body.data[0].id as string, ...before]
    const set = await callEndpoint('setPageOrder', { token: admin, params: { comicId: '4', chapterId: '401', variant: 'legal' }, body: { assetIds: order } })
    expect(set.status).toBe(200)
    const listed = await callEndpoint('listAssets', { body: list({ chapterId: ['401'], variant: ['legal'] }) })
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual(order)
    const foreign = MOCK_ASSETS.find((a) => a.chapterId !== '401')!.id
    const refused = await callEndpoint('setPageOrder', { token: admin, params: { comicId: '4', chapterId: '401', variant: 'legal' }, body: { assetIds: [...order, foreign] } })
    expect(refused.status).toBe(400)
    const after = await callEndpoint('listAssets', { body: list({ chapterId: ['401'], variant: ['legal'] }) })
    expect(after.body.data.map((a: { id: string }) => a.id)).toEqual(order)
  })

  it('creates chapters and refuses a number the comic already has (409)', async () => {
    useState()
    const chapters = '[{"title":"Episode 1","chapterNumber":1,"isFree":true},{"title":"Episode 2","chapterNumber":2,"isFree":true}]'
    const created = await callEndpoint('createChapters', { token: admin, form: form({ comicsId: '14', chapters }) })
    expect(created.body.data.map((c: { chapterNumber: number }) => c.chapterNumber)).toEqual([1, 2])
    const again = await callEndpoint('createChapters', { token: admin, form: form({ comicsId: '14', chapters }) })
    expect(again.status).toBe(409)
  })

  it('replaces the pages of a chapter in one variant, leaving the others', async () => {
    useState()
    await callEndpoint('uploadAssets', {
      token: admin,
      params: { comicId: '4', variant: 'legal' },
      form: form({ chapterId: '401' }, { files: [png(1), png(2)] }),
    })
    const legal = await callEndpoint('listAssets', { body: list({ chapterId: ['401'], variant: ['legal'] }) })
    expect(legal.body.data.map((a: { id: string }) => a.id)).toEqual(['401-legal-1', '401-legal-2'])
    const censored = await callEndpoint('listAssets', { body: list({ chapterId: ['401'], variant: ['censored'] }) })
    expect(censored.body.data.length).toBeGreaterThan(2)
  })

  it('renames a genre everywhere, and deleting a comic removes its chapters and pages', async () => {
    useState()
    await callEndpoint('updateGenre', { token: admin, params: { id: '2' }, body: { mature: false, name: 'High Fantasy' } })
    const comic = await callEndpoint('listComics', { body: list({ id: ['4'] }) })
    expect(comic.body.data[0].genres.map((g: { name: string }) => g.name)).toContain('High Fantasy')
    await callEndpoint('deleteComics', { token: admin, body: { ids: ['4'] } })
    const chapters = await callEndpoint('listChapters', { body: list({ comicsId: ['4'] }) })
    expect(chapters.body.data).toEqual([])
    expect(state.assets.some((a) => a.comicsId === '4')).toBe(false)
  })
})

describe('scheduled releases', () => {
  it('hide an episode from everyone until its time, list it to an admin who asks, and show its pages to an admin only', async () => {
    useState()
    const later = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString()
    const created = await callEndpoint('createChapters', {
      token: admin,
      form: form({ comicsId: '14', chapters: JSON.stringify([{ title: 'Soon', chapterNumber: 1, isFree: true, publishAt: later }]) }),
    })
    expect(created.status).toBe(201)
    const soon = created.body.data[0]
    expect(soon.publishAt).toBe(later)
    await callEndpoint('uploadAssets', { token: admin, params: { comicId: '14', variant: 'censored' }, form: form({ chapterId: soon.id }, { files: [png()] }) })
    const chapterIds = async (token: string | null, filters: Record<string, unknown> = {}) =>
      (await callEndpoint('listChapters', { token, body: list({ comicsId: ['14'], ...filters }) })).body.data.map((c: { id: string }) => c.id)
    for (const token of [null, MOCK_VIEWERS.level4.token, admin]) expect(await chapterIds(token)).not.toContain(soon.id)
    expect(await chapterIds(admin, { includeUnpublished: true })).toContain(soon.id)
    expect((await callEndpoint('listChapters', { token: MOCK_VIEWERS.level4.token, body: list({ includeUnpublished: true }) })).status).toBe(403)
    const pages = async (token: string | null) =>
      (await callEndpoint('listAssets', { token, body: list({ chapterId: [soon.id], variant: ['censored'] }) })).body.total
    expect(await pages(MOCK_VIEWERS.level4.token)).toBe(0)
    expect(await pages(admin)).toBe(1)
    // Published by the admin: everyone sees it.
    await callEndpoint('updateChapter', { token: admin, params: { chapterId: soon.id }, form: form({ publishAt: new Date().toISOString() }) })
    expect(await chapterIds(null)).toContain(soon.id)
  })
})

describe('the audit log', () => {
  it('gains one entry per admin write that succeeds, none for a refused one, listed newest first with paging and a comic filter', async () => {
    useState()
    const before = (await callEndpoint('listAudit', { token: admin, body: list() })).body.total as number
    expect(before).toBe(state.auditLog.length)
    await callEndpoint('updateComic', { token: admin, params: { id: '4' }, form: form({ title: 'Renamed' }) })
    await callEndpoint('updateComic', { token: MOCK_VIEWERS.reader.token, params: { id: '4' }, form: form({ title: 'Refused' }) })
    await callEndpoint('updateComic', { token: admin, params: { id: 'nope' }, form: form({ title: 'Unknown' }) })
    const later = new Date(Date.now() + 86_400_000).toISOString()
    await callEndpoint('updateChapter', { token: admin, params: { chapterId: '401' }, form: form({ publishAt: later }) })
    const after = await callEndpoint('listAudit', { token: admin, body: list({}, { limit: 1 }) })
    expect(after.body.total).toBe(before + 2)
    expect(after.body.data).toEqual([
      expect.objectContaining({ action: 'schedule', targetType: 'chapter', targetId: '401', comicsId: '4', actorUid: 'user-admin', actorEmail: 'admin@comics.test' }),
    ])
    const ofComic = await callEndpoint('listAudit', { token: admin, body: list({ comicsId: ['4'] }) })
    expect(ofComic.body.data.map((entry: { action: string }) => entry.action)).toEqual(['schedule', 'edit'])
  })
})
