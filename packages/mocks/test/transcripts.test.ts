import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHandlers, createMockState, MOCK_ACCESSIBLE_EPISODE, MOCK_TRANSCRIPTS, MOCK_VIEWERS, type MockState } from '@comics/mocks'
import { BASE_URL, callEndpoint, list } from './callEndpoint'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

let state: MockState
beforeEach(() => {
  state = createMockState()
  server.use(...createHandlers({ baseUrl: BASE_URL, state }))
})

const transcriptOf = (chapterId: string, viewer: keyof typeof MOCK_VIEWERS) =>
  callEndpoint('getTranscript', { token: MOCK_VIEWERS[viewer].token, params: { chapterId } })

describe('accessible episodes in the mocks', () => {
  it("serve the accessible episode's transcript to anyone, and none for an episode without one", async () => {
    const { status, body } = await transcriptOf(MOCK_ACCESSIBLE_EPISODE.chapterId, 'guest')
    expect(status).toBe(200)
    expect(body.data).toEqual([MOCK_TRANSCRIPTS[MOCK_ACCESSIBLE_EPISODE.chapterId]])
    expect((await transcriptOf('401', 'guest')).body).toEqual({ data: [] })
    const chapters = await callEndpoint('listChapters', { body: list({ comicsId: [MOCK_ACCESSIBLE_EPISODE.comicId] }) })
    expect(chapters.body.data.filter((chapter: { hasTranscript?: boolean }) => chapter.hasTranscript).map((chapter: { id: string }) => chapter.id)).toEqual([MOCK_ACCESSIBLE_EPISODE.chapterId])
  })

  it("lock a locked episode's transcript as its pages: 401 signed out, 403 without access", async () => {
    state.transcripts['404'] = { chapterId: '404', entries: [{ page: 1, kind: 'narration', text: 'Locked words.' }] }
    expect((await transcriptOf('404', 'guest')).status).toBe(401)
    expect((await transcriptOf('404', 'reader')).status).toBe(403)
    expect((await transcriptOf('404', 'level1')).body.data[0].entries[0].text).toBe('Locked words.')
  })

  it('let an admin save a transcript and alt text, and no one else', async () => {
    const params = { comicId: '5', chapterId: '501' }
    const entries = [{ page: 1, kind: 'dialogue', speaker: 'June', text: 'Who broke the printer?' }]
    expect((await callEndpoint('putTranscript', { token: MOCK_VIEWERS.level4.token, params, body: { entries } })).status).toBe(403)
    expect((await callEndpoint('putTranscript', { token: MOCK_VIEWERS.admin.token, params, body: { entries } })).status).toBe(200)
    expect((await transcriptOf('501', 'guest')).body.data[0].entries).toEqual(entries)
    expect(state.chapters.find((chapter) => chapter.id === '501')?.hasTranscript).toBe(true)

    const alt = { ...params, variant: 'legal' }
    const saved = await callEndpoint('setPageAlt', { token: MOCK_VIEWERS.admin.token, params: alt, body: { pages: [{ assetId: '501-legal-1', alt: ' An office at night. ' }] } })
    expect(saved.status).toBe(200)
    expect(saved.body.data[0].alt).toBe('An office at night.')
    const cleared = await callEndpoint('setPageAlt', { token: MOCK_VIEWERS.admin.token, params: alt, body: { pages: [{ assetId: '501-legal-1', alt: '' }] } })
    expect(cleared.body.data[0]).not.toHaveProperty('alt')
    expect((await callEndpoint('setPageAlt', { token: MOCK_VIEWERS.admin.token, params: alt, body: { pages: [{ assetId: '402-legal-1', alt: 'Elsewhere' }] } })).status).toBe(400)
  })
})
