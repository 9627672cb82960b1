import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHandlers, MOCK_VIEWERS, type MockViewerKey } from '@comics/mocks'
import { BASE_URL, callEndpoint, list } from './callEndpoint'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const pagesOf = (viewer: MockViewerKey, comicId: string, chapterId: string, variant: string) =>
  callEndpoint('listAssets', {
    token: MOCK_VIEWERS[viewer].token,
    body: list({ comicsId: [comicId], chapterId: [chapterId], variant: [variant] }),
  })

const SUBSCRIBERS: MockViewerKey[] = ['level1', 'level2', 'level3', 'level4']

describe('episode locks on comics-assets/list (spec §6, §9)', () => {
  beforeEach(() => server.use(...createHandlers({ baseUrl: BASE_URL })))

  it('serves the first 3 episodes to everyone', async () => {
    for (const viewer of ['guest', 'reader', ...SUBSCRIBERS] as MockViewerKey[]) {
      for (const chapterId of ['401', '402', '403']) {
        const { status, body } = await pagesOf(viewer, '4', chapterId, 'legal')
        expect({ viewer, chapterId, status }).toEqual({ viewer, chapterId, status: 200 })
        expect(body.data.length).toBeGreaterThan(0)
      }
    }
  })

  it('refuses the 4th episode: 401 signed out, 403 signed in without subscription, with no URL', async () => {
    const guest = await pagesOf('guest', '4', '404', 'legal')
    const reader = await pagesOf('reader', '4', '404', 'legal')
    expect(guest.status).toBe(401)
    expect(reader.status).toBe(403)
    expect(reader.body).toEqual({ error: { code: 'episode_locked', message: expect.any(String) } })
    expect(JSON.stringify(guest.body)).not.toContain('data:image')
  })

  it('opens every episode for levels 1 to 4', async () => {
    for (const viewer of SUBSCRIBERS) {
      const { status, body } = await pagesOf(viewer, '9', '912', 'legal')
      expect({ viewer, status }).toEqual({ viewer, status: 200 })
      expect(body.data.map((a: { position: number }) => a.position)).toEqual(
        Array.from({ length: body.data.length }, (_, i) => i + 1),
      )
    }
  })

  it('locks by position with gaps in the numbering: chapter 5 of 1, 2, 5, 7, 10 is free, 7 and 10 are not', async () => {
    expect((await pagesOf('guest', '6', '605', 'legal')).status).toBe(200)
    expect((await pagesOf('guest', '6', '607', 'legal')).status).toBe(401)
    // Chapter 10 carries isFree: true; it still sits past the first three (docs/decisions.md).
    expect((await pagesOf('reader', '6', '610', 'legal')).status).toBe(403)
  })

  it('refuses a request spanning a whole comic when any of its episodes is locked', async () => {
    const { status } = await callEndpoint('listAssets', { body: list({ comicsId: ['4'], variant: ['legal'] }) })
    expect(status).toBe(401)
  })
})

describe('uncensored variant (spec §6: levels above 2)', () => {
  beforeEach(() => server.use(...createHandlers({ baseUrl: BASE_URL })))

  it('is refused below level 3, even on a free episode, and served at levels 3 and 4', async () => {
    const statuses = Object.fromEntries(
      await Promise.all(
        (['guest', 'reader', 'level1', 'level2', 'level3', 'level4'] as MockViewerKey[]).map(async (viewer) => [
          viewer,
          (await pagesOf(viewer, '1', '101', 'uncensored')).status,
        ]),
      ),
    )
    expect(statuses).toEqual({ guest: 401, reader: 403, level1: 403, level2: 403, level3: 200, level4: 200 })
  })

  it('answers the uncensored pages themselves at level 3', async () => {
    const { body } = await pagesOf('level3', '1', '104', 'uncensored')
    expect(body.data.length).toBeGreaterThan(0)
    expect(body.data.every((a: { variant: string }) => a.variant === 'uncensored')).toBe(true)
  })
})

describe('who the viewer is', () => {
  it('a story can pick the viewer whatever the Authorization header says', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL, viewer: 'level3' }))
    expect((await pagesOf('guest', '1', '104', 'uncensored')).status).toBe(200)
    server.resetHandlers()
    server.use(...createHandlers({ baseUrl: BASE_URL, viewer: 'guest' }))
    expect((await pagesOf('level4', '1', '104', 'censored')).status).toBe(401)
  })

  it('an unknown token counts as no token', async () => {
    server.use(...createHandlers({ baseUrl: BASE_URL }))
    const locked = await callEndpoint('listAssets', {
      token: 'forged-token',
      body: list({ comicsId: ['4'], chapterId: ['404'], variant: ['legal'] }),
    })
    expect(locked.status).toBe(401)
    const subscriptions = await callEndpoint('listSubscriptions', { token: 'forged-token', body: list() })
    expect(subscriptions.status).toBe(401)
  })

  it('a custom viewer object is recognised by its token and reads with no subscription', async () => {
    const viewer = { ...MOCK_VIEWERS.reader, key: 'new', token: 'token-new', userId: 'user-new' }
    server.use(...createHandlers({ baseUrl: BASE_URL, viewer }))
    const { status, body } = await callEndpoint('listSubscriptions', { body: list() })
    expect(status).toBe(200)
    expect(body.data).toEqual([])
    expect((await pagesOf('guest', '4', '404', 'legal')).status).toBe(403)
  })
})
