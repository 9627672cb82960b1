import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHandlers, createMockState, MOCK_VIEWERS, type MockState } from '@comics/mocks'
import { BASE_URL, callEndpoint } from './callEndpoint'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

let now = new Date('2026-06-01T12:00:00.000Z')
let state: MockState
const use = (siteMode?: 'adult' | 'normal') => {
  state = createMockState()
  server.use(...createHandlers({ baseUrl: BASE_URL, state, now: () => now, ...(siteMode ? { siteMode } : {}) }))
}
const reader = MOCK_VIEWERS.reader
const entry = (comicId: string, page: number, updatedAt: number) => ({ comicId, chapterId: '1', chapterTitle: 'Episode 1', page, updatedAt })

describe('reading progress and follows in the mocks', () => {
  it('merge positions per comic by the latest change and refuse a guest', async () => {
    use()
    const comicId = state.comics[0]!.id
    const t = now.getTime() - 10_000
    expect((await callEndpoint('syncMyProgress', { token: reader.token, body: { entries: [entry(comicId, 20, t)] } })).body.data).toEqual([entry(comicId, 20, t)])
    expect((await callEndpoint('syncMyProgress', { token: reader.token, body: { entries: [entry(comicId, 3, t - 1), entry('nope', 1, t)] } })).body.data).toEqual([entry(comicId, 20, t)])
    expect((await callEndpoint('listMyProgress', { token: reader.token })).body.data).toEqual([entry(comicId, 20, t)])
    expect((await callEndpoint('listMyProgress')).status).toBe(401)
  })

  it('count the episodes published after following until the comic is read again', async () => {
    use()
    const comic = state.comics.find((candidate) => state.chapters.some((chapter) => chapter.comicsId === candidate.id))!
    const followed = await callEndpoint('followComic', { token: reader.token, body: { comicId: comic.id } })
    expect(followed.status).toBe(200)
    expect(followed.body.data[0]).toMatchObject({ comicId: comic.id, newEpisodes: 0 })
    const released = { ...state.chapters.find((chapter) => chapter.comicsId === comic.id)!, id: 'fresh', chapterNumber: 999, publishAt: new Date(now.getTime() + 1_000).toISOString() }
    state.chapters.push(released)
    now = new Date(now.getTime() + 60_000)
    expect((await callEndpoint('listMyFollows', { token: reader.token })).body.data[0]).toMatchObject({ newEpisodes: 1, newChapterIds: ['fresh'] })
    await callEndpoint('syncMyProgress', { token: reader.token, body: { entries: [{ ...entry(comic.id, 0, now.getTime()), chapterId: 'fresh' }] } })
    expect((await callEndpoint('listMyFollows', { token: reader.token })).body.data[0]).toMatchObject({ newEpisodes: 0, newChapterIds: [] })
    expect((await callEndpoint('unfollowComic', { token: reader.token, params: { comicId: comic.id } })).status).toBe(200)
    expect((await callEndpoint('listMyFollows', { token: reader.token })).body.data).toEqual([])
  })

  it('never follow an AO comic on the normal host', async () => {
    use('normal')
    const ao = state.comics.find((comic) => comic.contentRating === 'AO')!
    const refused = await callEndpoint('followComic', { token: reader.token, body: { comicId: ao.id } })
    expect(refused.status).toBe(404)
    expect(refused.body.error.code).toBe('comic_not_found')
  })
})
