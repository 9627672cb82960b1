import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHandlers, MOCK_VIEWERS } from '@comics/mocks'
import { BASE_URL, callEndpoint, list } from './callEndpoint'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('forced errors', () => {
  it('answers a forced status with the contract error body, on that endpoint only', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL, errors: { listComics: 500, listGenres: 404 } }))
    const comics = await callEndpoint('listComics', { body: list() })
    expect(comics).toEqual({ status: 500, body: { error: { code: 'internal', message: expect.any(String) } } })
    expect((await callEndpoint('listGenres', { body: list() })).status).toBe(404)
    expect((await callEndpoint('listChapters', { body: list() })).status).toBe(200)
  })

  it('answers a forced status with the given code, message and field errors', async () => {
    const forced = { status: 422, code: 'bad_title', message: 'Title taken', fieldErrors: { title: ['Taken'] } }
    server.use(...createHandlers({ baseUrl: BASE_URL, errors: { createGenre: forced } }))
    const { status, body } = await callEndpoint('createGenre', {
      token: MOCK_VIEWERS.admin.token,
      body: { name: 'Drama', mature: false },
    })
    expect(status).toBe(422)
    expect(body).toEqual({ error: { code: 'bad_title', message: 'Title taken', fieldErrors: { title: ['Taken'] } } })
  })

  it("'network' fails the request with no response", async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL, errors: { listAssets: 'network' } }))
    await expect(callEndpoint('listAssets', { body: list() })).rejects.toThrow(TypeError)
  })

  it("'contract' answers 200 with a number where the id belongs", async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL, errors: { listChapters: 'contract', checkout: 'contract' } }))
    expect(await callEndpoint('listChapters', { body: list() })).toEqual({ status: 200, body: { data: [{ id: 42 }] } })
    const checkout = await callEndpoint('checkout', { token: MOCK_VIEWERS.reader.token, body: {} })
    expect(checkout).toEqual({ status: 200, body: { url: 42 } })
  })
})

describe('latency', () => {
  // The handlers' delay is a timer: with fake timers the test moves the clock itself, and asserts the
  // answer is held exactly while that timer is pending.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Starts a call and returns once its handler's delay is pending (its timer set), with a way to tell whether it answered. */
  async function startHeld(run: () => Promise<{ status: number }>) {
    let answered = false
    const answer = run().then((result) => {
      answered = true
      return result
    })
    for (let turn = 0; vi.getTimerCount() === 0; turn++) {
      if (turn > 1000) throw new Error('the handler never set its delay')
      await new Promise((resolve) => setImmediate(resolve))
    }
    return { answer, answered: () => answered }
  }

  it('delays every endpoint by a global latency, to the millisecond', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL, latencyMs: 120 }))
    const call = await startHeld(() => callEndpoint('listGenres', { body: list() }))
    await vi.advanceTimersByTimeAsync(119)
    expect(vi.getTimerCount()).toBe(1)
    expect(call.answered()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await call.answer).status).toBe(200)
  })

  it('delays only the endpoints named in a per-endpoint latency', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL, latencyMs: { listAssets: 150 } }))
    const assets = await startHeld(() => callEndpoint('listAssets', { body: list({ chapterId: ['401'], variant: ['legal'] }) }))
    // Another endpoint answers while the clock stands still: no delay of its own.
    expect((await callEndpoint('listGenres', { body: list() })).status).toBe(200)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(149)
    expect(assets.answered()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await assets.answer).status).toBe(200)
  })

  it("'infinite' never answers", async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL, latencyMs: { listGenres: 'infinite' } }))
    const call = await startHeld(() => callEndpoint('listGenres', { body: list() }))
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000)
    expect(vi.getTimerCount()).toBe(1)
    expect(call.answered()).toBe(false)
  })
})

describe('state and base url', () => {
  it('gives each createHandlers call a fresh state', async () => {
    const admin = MOCK_VIEWERS.admin.token
    server.use(...createHandlers({ baseUrl: BASE_URL }))
    await callEndpoint('deleteComics', { token: admin, body: { ids: ['1'] } })
    const afterDelete = await callEndpoint('listComics', { body: list({ id: ['1'] }) })
    expect(afterDelete.body.data).toEqual([])
    server.resetHandlers()
    server.use(...createHandlers({ baseUrl: BASE_URL }))
    const fresh = await callEndpoint('listComics', { body: list({ id: ['1'] }) })
    expect(fresh.body.data).toHaveLength(1)
  })

  it('matches /api/v1 on any origin by default', async () => {
    server.use(...createHandlers())
    for (const origin of ['http://localhost:5173', 'https://adult.example.com']) {
      const { status } = await callEndpoint('listGenres', { body: list(), baseUrl: `${origin}/api/v1` })
      expect(status).toBe(200)
    }
  })

  it('serves only under the given baseUrl', async () => {
    server.use(...createHandlers({ baseUrl: 'http://api.example/v2' }))
    expect((await callEndpoint('listGenres', { body: list(), baseUrl: 'http://api.example/v2' })).status).toBe(200)
    await expect(callEndpoint('listGenres', { body: list() })).rejects.toThrow()
  })
})
