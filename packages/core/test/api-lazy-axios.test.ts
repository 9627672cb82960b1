import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

const BASE_URL = 'http://comics.test/api/v1'
const server = setupServer(http.post(`${BASE_URL}/chapters/list`, () => HttpResponse.json({ data: [], total: 0 })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
afterEach(() => {
  vi.doUnmock('axios')
  vi.resetModules()
})

/** The client from a fresh module graph, with `axios` standing behind `load` (which counts or fails). */
async function clientWithAxios(load: (original: () => Promise<unknown>) => Promise<unknown>) {
  vi.resetModules()
  vi.doMock('axios', (importOriginal) => load(importOriginal) as never)
  return import('../src/api')
}

describe('axios is loaded with the first request that goes out', () => {
  it('not for making the client; once for the requests that go out', async () => {
    let loads = 0
    const core = await clientWithAxios((original) => {
      loads++
      return original()
    })
    const api = core.createComicsApi({ baseUrl: BASE_URL, siteMode: 'normal' })
    expect(loads).toBe(0)
    await api.chapters.ofComic('4')
    await api.chapters.ofComic('4')
    expect(loads).toBe(1)
  })

  it("a failed load is the call's network failure, and the next call loads it again", async () => {
    let attempts = 0
    const core = await clientWithAxios((original) => {
      attempts++
      if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      return original()
    })
    const api = core.createComicsApi({ baseUrl: BASE_URL, siteMode: 'normal' })
    await expect(api.chapters.ofComic('4')).rejects.toMatchObject({ name: 'NetworkError', code: 'network', endpoint: 'listChapters' })
    expect((await api.chapters.ofComic('4')).data).toEqual([])
    expect(attempts).toBe(2)
  })
})
