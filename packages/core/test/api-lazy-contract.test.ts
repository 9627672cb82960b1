import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

const BASE_URL = 'http://comics.test/api/v1'
const server = setupServer(
  http.post(`${BASE_URL}/chapters/list`, () => HttpResponse.json({ data: [], total: 0 })),
  http.post(`${BASE_URL}/comics/list`, () => HttpResponse.json({ data: [{ id: 7 }] })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
afterEach(() => {
  vi.doUnmock('zod/mini')
  vi.doUnmock('../src/api/endpointContract')
  vi.resetModules()
})

/** The client from a fresh module graph, with `zod/mini` (the contract's schemas' library) behind `load`. */
async function clientWithZod(load: (original: () => Promise<unknown>) => Promise<unknown>) {
  vi.resetModules()
  vi.doMock('zod/mini', (importOriginal) => load(importOriginal) as never)
  return import('../src/api')
}

describe("the contract's checks are loaded with the first call", () => {
  it('not for making the client; once for the calls, which are still checked both ways', async () => {
    let loads = 0
    const core = await clientWithZod((original) => {
      loads++
      return original()
    })
    const api = core.createComicsApi({ baseUrl: BASE_URL, siteMode: 'normal' })
    expect(loads).toBe(0)
    expect((await api.chapters.ofComic('4')).data).toEqual([])
    expect(loads).toBe(1)
    // A request the contract refuses never leaves; an answer it refuses is a ContractError.
    await expect(api.chapters.ofComic('')).rejects.toMatchObject({ name: 'ValidationError', endpoint: 'listChapters' })
    await expect(api.comics.home()).rejects.toMatchObject({ name: 'ContractError', endpoint: 'listComics' })
    expect(loads).toBe(1)
  })

  it("a failed load is the call's network failure, and the next call loads it again", async () => {
    let attempts = 0
    vi.resetModules()
    vi.doMock('../src/api/endpointContract', (importOriginal) => {
      attempts++
      if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      return importOriginal()
    })
    const core = await import('../src/api')
    const api = core.createComicsApi({ baseUrl: BASE_URL, siteMode: 'normal' })
    await expect(api.chapters.ofComic('4')).rejects.toMatchObject({ name: 'NetworkError', code: 'network', endpoint: 'listChapters' })
    expect((await api.chapters.ofComic('4')).data).toEqual([])
    expect(attempts).toBe(2)
  })
})
