import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  ApiError,
  ContractError,
  NetworkError,
  ValidationError,
  comicChaptersRequest,
  comicByIdRequest,
  createComicsApi,
  hostComicsRequest,
  isApiFailure,
} from '@comics/core/api'
import { MOCK_COMICS, MOCK_VIEWERS, createHandlers, createMockState, settleMockCheckout, type MockHandlersOptions } from '@comics/mocks'

const BASE_URL = 'http://comics.test/api/v1'
const server = setupServer()
/** Every request that reached the network layer, cloned before a handler read its body. */
let sent: Request[] = []

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  server.events.on('request:start', ({ request }) => {
    sent.push(request.clone())
  })
})
afterEach(() => {
  server.resetHandlers()
  sent = []
})
afterAll(() => server.close())

const useMocks = (options: MockHandlersOptions = {}) => server.use(...createHandlers({ baseUrl: BASE_URL, ...options }))

const apiFor = (
  viewer: keyof typeof MOCK_VIEWERS = 'guest',
  siteMode: 'adult' | 'normal' = 'adult',
  extra: { timeoutMs?: number } = {},
) => createComicsApi({ baseUrl: BASE_URL, siteMode, getToken: () => MOCK_VIEWERS[viewer].token, ...extra })

const lastBody = async () => JSON.parse(await sent[sent.length - 1]!.text()) as Record<string, unknown>

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('Expected the call to fail')
}

describe('authorization header (spec §6 "API requests")', () => {
  it('sends no Authorization header without a token', async () => {
    useMocks()
    await apiFor('guest').comics.home()
    expect(sent[0]!.headers.has('authorization')).toBe(false)
  })

  it('sends Bearer {token} from a sync or an async token provider, asked on every call', async () => {
    useMocks()
    let token: string | null = 'first-token'
    const api = createComicsApi({ baseUrl: BASE_URL, siteMode: 'adult', getToken: async () => token })
    await api.genres.list()
    token = 'refreshed-token'
    await api.genres.list()
    token = null
    await api.genres.list()
    expect(sent.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer first-token',
      'Bearer refreshed-token',
      null,
    ])
  })
})

describe('comics/list ratings are forced by site mode (spec §7)', () => {
  it('asks for AO in adult mode whatever the caller passed', async () => {
    useMocks()
    const { data } = await apiFor('guest', 'adult').comics.list({
      limit: 200,
      offset: 0,
      filters: { contentRating: ['T', 'M'] },
    })
    expect((await lastBody()).filters).toEqual({ contentRating: ['AO'] })
    expect(data.length).toBeGreaterThan(0)
    expect(new Set(data.map((c) => c.contentRating))).toEqual(new Set(['AO']))
  })

  it('asks for T and M in normal mode, even when the caller asked for AO', async () => {
    useMocks()
    const { data } = await apiFor('guest', 'normal').comics.list({
      limit: 200,
      offset: 0,
      filters: { contentRating: ['AO'] },
    })
    expect((await lastBody()).filters).toEqual({ contentRating: ['T', 'M'] })
    expect(data.length).toBeGreaterThan(0)
    expect(data.every((c) => c.contentRating === 'T' || c.contentRating === 'M')).toBe(true)
  })
})

describe('screen presets on the wire (spec §7 "How each screen uses them")', () => {
  it('home asks for the 10 newest, sorted by created_at descending, and gets them in that order', async () => {
    useMocks()
    const { data } = await apiFor('guest', 'normal').comics.home()
    expect(await lastBody()).toEqual({
      limit: 10,
      offset: 0,
      filters: { contentRating: ['T', 'M'] },
      sort: { field: 'created_at', order: 'desc' },
    })
    const dates = data.map((c) => c.createdAt!)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('categories asks for 200 from offset 0, with the genre unless it is all', async () => {
    useMocks()
    const api = apiFor('guest', 'adult')
    const { data } = await api.comics.categories('9')
    expect(await lastBody()).toEqual({ limit: 200, offset: 0, filters: { genres: ['9'], contentRating: ['AO'] } })
    expect(data.length).toBeGreaterThan(0)
    expect(data.every((c) => c.genres.some((g) => g.id === '9'))).toBe(true)
    await api.comics.categories('all')
    expect(await lastBody()).toEqual({ limit: 200, offset: 0, filters: { contentRating: ['AO'] } })
  })

  it('the account slider asks for at most 5 comics of the last-read ids', async () => {
    useMocks()
    const { data } = await apiFor('reader', 'adult').comics.lastRead(['10', '1'])
    expect(await lastBody()).toEqual({ limit: 5, offset: 0, filters: { id: ['10', '1'], contentRating: ['AO'] } })
    expect(data.map((c) => c.id).sort()).toEqual(['1', '10'])
  })

  it('chapters of a comic: 200 from offset 0 by chapter number', async () => {
    useMocks()
    const { data } = await apiFor().chapters.ofComic('6')
    expect(await lastBody()).toEqual({
      limit: 200,
      offset: 0,
      filters: { comicsId: ['6'] },
      sort: { field: 'chapterNumber', order: 'asc' },
    })
    expect(data.map((c) => c.chapterNumber)).toEqual([1, 2, 5, 7, 10])
  })

  it('assets of an episode: 200 from offset 0 filtered by comic, chapter and variant', async () => {
    useMocks()
    const { data } = await apiFor().assets.ofEpisode({ comicId: '7', chapterId: '701', variant: 'legal' })
    expect(await lastBody()).toEqual({
      limit: 200,
      offset: 0,
      filters: { comicsId: ['7'], chapterId: ['701'], variant: ['legal'] },
      sort: { field: 'position', order: 'asc' },
    })
    expect(data).toHaveLength(200)
    expect(data.every((a) => a.width! > 0 && a.height! > 0)).toBe(true)
  })
})

describe('responses parsed by the contract', () => {
  it('answers the envelope with its data and total', async () => {
    useMocks()
    const page = await apiFor().genres.list({ limit: 2, offset: 1, filters: {} })
    expect(page.data.map((g) => g.name)).toEqual(['Fantasy', 'Action'])
    expect(page.total).toBe(9)
  })

  it('a body that breaks the contract is a ContractError naming the endpoint and the path', async () => {
    useMocks({ errors: { listComics: 'contract' } })
    const error = await failureOf(apiFor().comics.home())
    expect(error).toBeInstanceOf(ContractError)
    expect(error).toMatchObject({ code: 'contract', endpoint: 'listComics' })
    expect((error as ContractError).paths).toContain('data.0.id')
    expect((error as ContractError).paths).toContain('data.0.title')
  })

  it('one wrong field deep in a valid-looking answer is caught, not returned', async () => {
    const comic = { ...MOCK_COMICS[0]!, genres: [{ id: '1', name: '' }] }
    server.use(http.post(`${BASE_URL}/comics/list`, () => HttpResponse.json({ data: [comic] })))
    const error = (await failureOf(apiFor().comics.home())) as ContractError
    expect(error).toBeInstanceOf(ContractError)
    expect(error.paths).toEqual(['data.0.genres.0.name'])
  })

  it('a non-JSON 200 answer is a ContractError at the root', async () => {
    server.use(http.post(`${BASE_URL}/genres/list`, () => HttpResponse.text('<html>maintenance</html>')))
    const error = (await failureOf(apiFor().genres.list())) as ContractError
    expect(error).toBeInstanceOf(ContractError)
    expect(error.paths).toEqual([''])
  })

  it('the checkout answer must carry a url', async () => {
    useMocks({ errors: { checkout: 'contract' } })
    const error = (await failureOf(
      apiFor('reader').checkout.create({ level: 2, title: '4weeks', urlSuccess: 'http://comics.test/account' }),
    )) as ContractError
    expect(error.endpoint).toBe('checkout')
    expect(error.paths).toEqual(['url'])
  })

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'])(
    'refuses a checkout answer whose url would run script when the browser is sent there: %s',
    async (url) => {
      server.use(http.post(`${BASE_URL}/subscriptions/checkout`, () => HttpResponse.json({ url })))
      const error = (await failureOf(
        apiFor('reader').checkout.create({ level: 2, title: '4weeks', urlSuccess: 'http://comics.test/account' }),
      )) as ContractError
      expect(error).toBeInstanceOf(ContractError)
      expect(error.paths).toEqual(['url'])
    },
  )

  it('takes an http or https payment page', async () => {
    for (const url of ['https://pay.example/checkout/1', 'http://127.0.0.1:8787/api/v1/checkout/2']) {
      server.use(http.post(`${BASE_URL}/subscriptions/checkout`, () => HttpResponse.json({ url })))
      const answer = await apiFor('reader').checkout.create({ level: 2, title: '4weeks', urlSuccess: 'http://comics.test/account' })
      expect(answer.url).toBe(url)
    }
  })
})

describe('HTTP errors are ApiError', () => {
  it('carries the status, code, message and field errors of the server body (4xx)', async () => {
    useMocks({
      errors: { listGenres: { status: 422, code: 'too_deep', message: 'Offset too deep', fieldErrors: { offset: ['Too deep'] } } },
    })
    const error = (await failureOf(apiFor().genres.list())) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 422,
      code: 'too_deep',
      message: 'Offset too deep',
      fieldErrors: { offset: ['Too deep'] },
      endpoint: 'listGenres',
    })
  })

  it('carries the status of a 5xx', async () => {
    useMocks({ errors: { listChapters: 503 } })
    const error = (await failureOf(apiFor().chapters.ofComic('1'))) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(503)
    expect(error.code).toBe('unavailable')
  })

  it('falls back to http_{status} when the error body is not the contract one', async () => {
    server.use(http.post(`${BASE_URL}/comics/list`, () => new HttpResponse('Bad gateway', { status: 502 })))
    const error = (await failureOf(apiFor().comics.home())) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 502, code: 'http_502', fieldErrors: {} })
  })

  it('a locked episode is 401 for a guest and 403 for a reader without subscription', async () => {
    useMocks()
    const episode4 = { comicId: '1', chapterId: '104', variant: 'censored' } as const
    const guest = (await failureOf(apiFor('guest').assets.ofEpisode(episode4))) as ApiError
    const reader = (await failureOf(apiFor('reader').assets.ofEpisode(episode4))) as ApiError
    expect([guest.status, reader.status]).toEqual([401, 403])
    expect(reader.code).toBe('episode_locked')
    await expect(apiFor('level1').assets.ofEpisode(episode4)).resolves.toMatchObject({ data: expect.any(Array) })
  })

  it('admin calls without the admin token are refused', async () => {
    useMocks()
    const error = (await failureOf(apiFor('level4').genres.create({ name: 'Sci-Fi', mature: false }))) as ApiError
    expect(error.status).toBe(403)
    await expect(apiFor('admin').genres.create({ name: 'Sci-Fi', mature: false })).resolves.toMatchObject({
      data: [{ name: 'Sci-Fi', mature: false }],
    })
  })
})

describe('the admin listing (POST /admin/comics/list)', () => {
  it("lists every comic, whatever the client's host, with the body as given and paging", async () => {
    useMocks({ siteMode: 'normal' })
    const { data, total } = await apiFor('admin', 'normal').comics.listAll({ limit: 200, offset: 0, filters: {} })
    expect(sent[0]!.url).toBe(`${BASE_URL}/admin/comics/list`)
    expect(await lastBody()).toEqual({ limit: 200, offset: 0, filters: {} })
    expect(total).toBe(MOCK_COMICS.length)
    expect(data.map((comic) => comic.id).sort()).toEqual(MOCK_COMICS.map((comic) => comic.id).sort())
    const second = await apiFor('admin', 'normal').comics.listAll({ limit: 4, offset: 4, filters: {} })
    expect(second.data.map((comic) => comic.id)).toEqual(data.slice(4, 8).map((comic) => comic.id))
  })

  it('is refused to a non-admin, and a bad filter never leaves the client', async () => {
    useMocks()
    const error = (await failureOf(apiFor('level4').comics.listAll({ limit: 10, offset: 0 }))) as ApiError
    expect(error.status).toBe(403)
    const invalid = await failureOf(apiFor('admin').comics.listAll({ limit: 10, offset: 0, filters: { title: '' } }))
    expect(invalid).toBeInstanceOf(ValidationError)
    expect(sent).toHaveLength(1)
  })
})

describe('failures without a response are NetworkError', () => {
  it("a network failure has code 'network'", async () => {
    useMocks({ errors: { listComics: 'network' } })
    const error = await failureOf(apiFor().comics.home())
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).not.toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'network', endpoint: 'listComics' })
  })

  it("a call slower than timeoutMs has code 'timeout'", async () => {
    useMocks({ latencyMs: { listComics: 1000 } })
    const error = await failureOf(apiFor('guest', 'adult', { timeoutMs: 50 }).comics.home())
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ code: 'timeout' })
  })

  it("a call the caller aborts has code 'aborted'", async () => {
    useMocks({ latencyMs: { listGenres: 'infinite' } })
    const controller = new AbortController()
    // Aborted once the request is out (the mock holds it forever), not after a guessed time.
    const abortWhenSent = () => controller.abort()
    server.events.on('request:start', abortWhenSent)
    try {
      const call = apiFor().genres.list(undefined, { signal: controller.signal })
      expect(await failureOf(call)).toMatchObject({ code: 'aborted' })
      expect(sent).toHaveLength(1)
    } finally {
      server.events.removeListener('request:start', abortWhenSent)
    }
  })

  it('every failure is recognised by isApiFailure, and other errors are not', async () => {
    useMocks({ errors: { listComics: 'network' } })
    expect(isApiFailure(await failureOf(apiFor().comics.home()))).toBe(true)
    expect(isApiFailure(new Error('other'))).toBe(false)
  })
})

describe("the caller's bad input is a ValidationError and nothing is sent", () => {
  it('refuses a limit above 200', async () => {
    useMocks()
    const error = (await failureOf(apiFor().comics.list({ limit: 500, offset: 0 }))) as ValidationError
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({ code: 'validation', endpoint: 'listComics' })
    expect(Object.keys(error.fieldErrors)).toEqual(['limit'])
    expect(sent).toHaveLength(0)
  })

  it('refuses an unknown filter instead of widening the query', async () => {
    useMocks()
    const error = (await failureOf(
      apiFor().chapters.list({ limit: 10, offset: 0, filters: { comicId: ['1'] } as never }),
    )) as ValidationError
    expect(error).toBeInstanceOf(ValidationError)
    expect(sent).toHaveLength(0)
  })

  it('refuses a checkout with a urlSuccess that is not a url, and a plan id that does not exist', async () => {
    useMocks()
    const error = (await failureOf(
      apiFor('reader').checkout.create({ level: 2, title: 'monthly' as never, urlSuccess: '/account' }),
    )) as ValidationError
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['title', 'urlSuccess'])
    expect(sent).toHaveLength(0)
  })

  it('refuses an SVG upload and an empty title before sending the form', async () => {
    useMocks()
    const svg = new Blob(['<svg/>'], { type: 'image/svg+xml' })
    const error = (await failureOf(
      apiFor('admin').comics.create({ title: '  ', contentRating: 'T', cover: svg }),
    )) as ValidationError
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['cover', 'title'])
    expect(sent).toHaveLength(0)
  })

  it('refuses an empty path parameter', async () => {
    useMocks()
    const error = (await failureOf(apiFor('reader').subscriptions.cancel(''))) as ValidationError
    expect(error.fieldErrors).toHaveProperty('id')
    expect(sent).toHaveLength(0)
  })
})

describe('multipart admin payloads on the wire (spec §7)', () => {
  const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })

  it('POST /comics sends booleans as 1/0, genres as a JSON list, and the cover file', async () => {
    const state = createMockState()
    useMocks({ state })
    const { data } = await apiFor('admin').comics.create({
      title: 'Paper Moon',
      description: 'A new story',
      contentRating: 'T',
      genres: ['1', '5'],
      displayOnMirror: true,
      cover: png(),
    })
    const form = await sent[0]!.formData()
    expect(form.get('genres')).toBe('["1","5"]')
    expect(form.get('displayOnMirror')).toBe('1')
    expect(form.get('title')).toBe('Paper Moon')
    expect((form.get('cover') as File).type).toBe('image/png')
    expect(form.has('banner')).toBe(false)
    expect(data[0]).toMatchObject({ title: 'Paper Moon', displayOnMirror: true, genres: [{ id: '1' }, { id: '5' }] })
    expect(state.comics.some((c) => c.title === 'Paper Moon')).toBe(true)
  })

  it('PATCH /chapters/{id} sends isFree false as 0', async () => {
    useMocks()
    const { data } = await apiFor('admin').chapters.update('104', { isFree: false, title: 'Renamed' })
    const form = await sent[0]!.formData()
    expect(form.get('isFree')).toBe('0')
    expect(sent[0]!.url).toBe(`${BASE_URL}/chapters/104`)
    expect(data[0]).toMatchObject({ id: '104', title: 'Renamed', isFree: false })
  })

  it('POST /chapters sends chapters as a JSON list and the previews as files', async () => {
    useMocks()
    const chapters = [{ title: 'Episode 13', chapterNumber: 13, isFree: false }]
    await apiFor('admin').chapters.create({ comicsId: '9', chapters, previews: [png()] })
    const form = await sent[0]!.formData()
    expect(JSON.parse(form.get('chapters') as string)).toEqual(chapters)
    expect(form.getAll('files')).toHaveLength(1)
  })

  it('POST /comics/{comicId}/assets/{variant} sends the pages in order under files', async () => {
    useMocks()
    const { data } = await apiFor('admin').assets.upload({
      comicId: '5',
      variant: 'legal',
      chapterId: '501',
      pages: [png(), png(), png()],
    })
    expect(sent[0]!.url).toBe(`${BASE_URL}/comics/5/assets/legal`)
    const form = await sent[0]!.formData()
    expect(form.get('chapterId')).toBe('501')
    expect(form.getAll('files')).toHaveLength(3)
    expect(data.map((a) => a.position)).toEqual([1, 2, 3])
  })

  it('uploadPage sends one page under file to the episode path, telling its progress', async () => {
    useMocks()
    const told: { loaded: number; total?: number }[] = []
    const { data } = await apiFor('admin').assets.uploadPage(
      { comicId: '5', chapterId: '501', variant: 'legal', page: png() },
      { onUploadProgress: (progress) => told.push(progress) },
    )
    expect(sent[0]!.url).toBe(`${BASE_URL}/comics/5/chapters/501/pages/legal`)
    const form = await sent[0]!.formData()
    expect(form.getAll('file')).toHaveLength(1)
    expect(data).toHaveLength(1)
    expect(data[0]!.chapterId).toBe('501')
    expect(told.length).toBeGreaterThan(0)
    expect(told.at(-1)!.loaded).toBeGreaterThan(0)
  })

  it('uploadPage refuses a file that is not a page image before sending it', async () => {
    useMocks()
    const svg = new Blob(['<svg/>'], { type: 'image/svg+xml' })
    await expect(apiFor('admin').assets.uploadPage({ comicId: '5', chapterId: '501', variant: 'legal', page: svg })).rejects.toBeInstanceOf(ValidationError)
    expect(sent).toHaveLength(0)
  })

  it('setOrder sends the page ids in reading order and gets the pages back in it', async () => {
    const state = createMockState()
    useMocks({ state })
    const api = apiFor('admin')
    const { data: before } = await api.assets.ofEpisode({ comicId: '5', chapterId: '501', variant: 'legal' })
    const reversed = before.map((page) => page.id).reverse()
    const { data } = await api.assets.setOrder({ comicId: '5', chapterId: '501', variant: 'legal', assetIds: reversed })
    expect(JSON.parse(await sent.at(-1)!.text())).toEqual({ assetIds: reversed })
    expect(data.map((page) => page.id)).toEqual(reversed)
    expect(data.map((page) => page.position)).toEqual(reversed.map((_, i) => i + 1))
  })
})

describe('other calls', () => {
  it('paymentMethods.deposit lists only the deposit methods', async () => {
    useMocks()
    const api = apiFor('reader')
    const all = await api.paymentMethods.list()
    const deposit = await api.paymentMethods.deposit()
    expect(all.data.some((m) => m.type !== 'deposit')).toBe(true)
    expect(deposit.length).toBeGreaterThan(0)
    expect(deposit.every((m) => m.type === 'deposit')).toBe(true)
    expect(sent[0]!.method).toBe('GET')
  })

  it('checkout answers a url; confirming it before the provider says paid is a typed payment_pending, after it gives the subscription the list then shows', async () => {
    const state = createMockState()
    useMocks({ state })
    const api = apiFor('reader')
    const { url } = await api.checkout.create({ level: 3, title: '12weeks', urlSuccess: 'http://comics.test/account' })
    expect(await lastBody()).toEqual({ level: 3, title: '12weeks', urlSuccess: 'http://comics.test/account' })
    const checkoutId = new URL(url).pathname.split('/').pop()!
    const pending = await api.subscriptions.createPayment({ checkoutId }).catch((error: unknown) => error)
    expect(pending).toBeInstanceOf(ApiError)
    expect(pending).toMatchObject({ status: 409, code: 'payment_pending' })
    settleMockCheckout(state, checkoutId, 'paid')
    const paid = await api.subscriptions.createPayment({ checkoutId, paymentSystem: 'card' })
    expect(paid.data[0]).toMatchObject({ status: 'active', level: 3, userId: 'user-reader' })
    const { data } = await api.subscriptions.list()
    expect(data.filter((s) => s.status === 'active').map((s) => s.level)).toEqual([3])
    const cancelled = await api.subscriptions.cancel(paid.data[0]!.id)
    expect(cancelled.data[0]).toMatchObject({ status: 'active', autoRenew: false })
  })

  it('comics.delete sends { ids } with DELETE', async () => {
    useMocks()
    const { data } = await apiFor('admin').comics.delete(['8'])
    expect(sent[0]!.method).toBe('DELETE')
    expect(await lastBody()).toEqual({ ids: ['8'] })
    expect(data).toEqual([{ id: '8' }])
  })

  it('genres.update sends { mature, name }', async () => {
    useMocks()
    const { data } = await apiFor('admin').genres.update('5', { mature: true, name: 'Dark comedy' })
    expect(sent[0]!.method).toBe('PATCH')
    expect(await lastBody()).toEqual({ mature: true, name: 'Dark comedy' })
    expect(data[0]).toEqual({ id: '5', name: 'Dark comedy', mature: true })
  })

  it('refuses to be made without a baseUrl', () => {
    expect(() => createComicsApi({ baseUrl: '', siteMode: 'adult' })).toThrow(/baseUrl/)
  })
})

