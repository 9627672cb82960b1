import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHandlers } from '@comics/mocks'
import { BASE_URL, callEndpoint } from './callEndpoint'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const titles = async (q: string) => {
  const { status, body } = await callEndpoint('searchComics', { body: { q, limit: 8, offset: 0 } })
  expect(status).toBe(200)
  return (body.data as { title: string }[]).map((comic) => comic.title)
}

describe('comic search handler', () => {
  it('finds a comic of the mirror host by its title with a typo, or by a word begun', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL }))
    expect(await titles('silnet blade')).toEqual(['Silent Blade'])
    expect(await titles('starl')).toEqual(['Starlight Kitchen'])
    expect(await titles('BAKERY')).toEqual([])
  })

  it('never finds an AO comic off the adult host; on the adult host only AO ones', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL }))
    expect(await titles('forbiden library')).toEqual([])
    server.use(...createHandlers({ baseUrl: BASE_URL, siteMode: 'adult' }))
    expect(await titles('forbiden library')).toEqual(['Forbidden Library'])
    expect(await titles('blade')).toEqual([])
  })

  it('refuses a query shorter than two characters', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL }))
    const { status } = await callEndpoint('searchComics', { body: { q: 'a', limit: 8, offset: 0 } })
    expect(status).toBe(400)
  })
})
