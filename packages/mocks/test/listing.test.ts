import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHandlers, MOCK_COMICS } from '@comics/mocks'
import { BASE_URL, callEndpoint, list } from './callEndpoint'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => server.use(...createHandlers({ baseUrl: BASE_URL })))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const ids = (body: { data: { id: string }[] }) => body.data.map((item) => item.id)

describe('paging', () => {
  it('answers limit items from offset, with the total before paging', async () => {
    const first = await callEndpoint('listComics', { body: { limit: 4, offset: 0 } })
    const second = await callEndpoint('listComics', { body: { limit: 4, offset: 4 } })
    const past = await callEndpoint('listComics', { body: { limit: 4, offset: 100 } })
    expect(ids(first.body)).toEqual(['1', '2', '3', '4'])
    expect(ids(second.body)).toEqual(['5', '6', '7', '8'])
    expect(first.body.total).toBe(MOCK_COMICS.length)
    expect(past.body).toEqual({ data: [], total: MOCK_COMICS.length })
  })

  it('refuses paging out of the contract with 400 and field errors', async () => {
    const { status, body } = await callEndpoint('listComics', { body: { limit: 201, offset: -1 } })
    expect(status).toBe(400)
    expect(body.error.code).toBe('validation')
    expect(Object.keys(body.error.fieldErrors).sort()).toEqual(['limit', 'offset'])
  })

  it('refuses an unknown filter and malformed JSON with 400', async () => {
    const unknown = await callEndpoint('listGenres', { body: list({ nameLike: 'a' }) })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.fieldErrors).toHaveProperty('filters')
    const response = await fetch(`${BASE_URL}/genres/list`, { method: 'POST', body: '{oops' })
    expect(response.status).toBe(400)
  })
})

describe('comics/list filters and sort', () => {
  it('applies the rating filter; without AO it is the normal host and lists only displayOnMirror comics', async () => {
    const adult = await callEndpoint('listComics', { body: list({ contentRating: ['AO'] }) })
    expect(ids(adult.body)).toEqual(['1', '2', '3', '10', '13'])
    const normal = await callEndpoint('listComics', { body: list({ contentRating: ['T', 'M'] }) })
    expect(ids(normal.body)).toEqual(['4', '5', '6', '7', '9', '12', '14'])
  })

  it('narrows to the host ratings when siteMode is set, whatever the request asks', async () => {
    server.resetHandlers()
    server.use(...createHandlers({ baseUrl: BASE_URL, siteMode: 'normal' }))
    const asked = await callEndpoint('listComics', { body: list({ contentRating: ['AO', 'T'] }) })
    expect(asked.body.data.every((c: { contentRating: string }) => c.contentRating === 'T')).toBe(true)
    const all = await callEndpoint('listComics', { body: list() })
    expect(ids(all.body)).toEqual(['4', '5', '6', '7', '9', '12', '14'])
  })

  it('filters by genre and by id; an empty id list matches nothing', async () => {
    const uncensored = await callEndpoint('listComics', { body: list({ genres: ['9'] }) })
    expect(ids(uncensored.body)).toEqual(['1', '2', '10'])
    const byId = await callEndpoint('listComics', { body: list({ id: ['12', '3', 'missing'] }) })
    expect(ids(byId.body).sort()).toEqual(['12', '3'])
    const none = await callEndpoint('listComics', { body: list({ id: [] }) })
    expect(none.body.data).toEqual([])
  })

  it('sorts by created_at descending and by title ascending', async () => {
    const newest = await callEndpoint('listComics', {
      body: { limit: 3, offset: 0, sort: { field: 'created_at', order: 'desc' } },
    })
    expect(ids(newest.body)).toEqual(['14', '7', '10'])
    const byTitle = await callEndpoint('listComics', { body: { limit: 2, offset: 0, sort: { field: 'title', order: 'asc' } } })
    expect(byTitle.body.data.map((c: { title: string }) => c.title)).toEqual(['After Midnight', 'Crimson Academy'])
  })
})

describe('chapters, genres and assets lists', () => {
  it('lists the chapters of a comic by number, either way', async () => {
    const asc = await callEndpoint('listChapters', { body: list({ comicsId: ['9'] }) })
    expect(asc.body.data.map((c: { chapterNumber: number }) => c.chapterNumber)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    )
    const desc = await callEndpoint('listChapters', {
      body: list({ comicsId: ['6'] }, { sort: { field: 'chapterNumber', order: 'desc' } }),
    })
    expect(desc.body.data.map((c: { chapterNumber: number }) => c.chapterNumber)).toEqual([10, 7, 5, 2, 1])
  })

  it('filters chapters by the variants they have pages in', async () => {
    const uncensored = await callEndpoint('listChapters', { body: list({ assetVariant: ['uncensored'] }) })
    expect(new Set(uncensored.body.data.map((c: { comicsId: string }) => c.comicsId))).toEqual(new Set(['1', '2', '10']))
  })

  it('lists genres by the mature flag and sorted by name', async () => {
    const mature = await callEndpoint('listGenres', { body: list({ mature: true }, { sort: { field: 'name', order: 'asc' } }) })
    expect(mature.body.data.map((g: { name: string }) => g.name)).toEqual(['Horror', 'Mature', 'Uncensored'])
  })

  it('pages through a long episode', async () => {
    const filters = { comicsId: ['7'], chapterId: ['701'], variant: ['censored'] }
    const { body } = await callEndpoint('listAssets', { body: { limit: 50, offset: 150, filters } })
    expect(body.total).toBe(200)
    expect(body.data.map((a: { position: number }) => a.position)).toEqual(Array.from({ length: 50 }, (_, i) => 151 + i))
  })

  it('answers an empty list for a comic without episodes', async () => {
    const { body } = await callEndpoint('listChapters', { body: list({ comicsId: ['14'] }) })
    expect(body).toEqual({ data: [], total: 0 })
  })
})
