import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHandlers, createMockState, MOCK_VIEWERS, type MockState } from '@comics/mocks'
import { BASE_URL, callEndpoint } from './callEndpoint'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const NOW = new Date('2026-06-01T12:00:00.000Z')
let state: MockState
const useState = () => {
  state = createMockState()
  server.use(...createHandlers({ baseUrl: BASE_URL, state, now: () => NOW }))
}
const reader = MOCK_VIEWERS.reader
const settings = (updatedAt: string, changes: object = {}) => ({ pageWidth: 'fit', pageGap: 'small', background: 'light', scrollSpeed: 'fast', flow: 'continuous', updatedAt, ...changes })

describe('reader settings in the mocks', () => {
  it('none until saved; the latest change wins; a time ahead of the handlers is theirs; in the export; erased with the account', async () => {
    useState()
    expect((await callEndpoint('getReaderSettings', { token: reader.token })).body).toEqual({ data: [] })
    const saved = await callEndpoint('putReaderSettings', { token: reader.token, body: settings('2026-06-01T10:00:00.000Z') })
    expect(saved.body).toEqual({ data: [settings('2026-06-01T10:00:00.000Z')] })
    const older = await callEndpoint('putReaderSettings', { token: reader.token, body: settings('2026-06-01T09:00:00.000Z', { pageGap: 'large' }) })
    expect(older.body.data[0].pageGap).toBe('small')
    const ahead = await callEndpoint('putReaderSettings', { token: reader.token, body: settings('2030-01-01T00:00:00.000Z', { pageGap: 'none' }) })
    expect(ahead.body.data[0]).toEqual(settings(NOW.toISOString(), { pageGap: 'none' }))
    expect((await callEndpoint('getReaderSettings', { token: reader.token })).body.data).toEqual([settings(NOW.toISOString(), { pageGap: 'none' })])
    expect((await callEndpoint('exportMyData', { token: reader.token })).body.readerSettings).toEqual(settings(NOW.toISOString(), { pageGap: 'none' }))
    await callEndpoint('deleteMyAccount', { token: reader.token })
    expect(state.readerSettings[reader.userId!]).toBeUndefined()
  })

  it('an app from before auto-scroll and continuous reading: no speed or flow sent, those kept stay (the defaults at first)', async () => {
    useState()
    const { scrollSpeed: _, flow: __, ...withoutSpeed } = settings('2026-06-01T10:00:00.000Z')
    const first = await callEndpoint('putReaderSettings', { token: reader.token, body: withoutSpeed })
    expect(first.body.data[0]).toMatchObject({ scrollSpeed: 'medium', flow: 'episode' })
    await callEndpoint('putReaderSettings', { token: reader.token, body: settings('2026-06-01T10:30:00.000Z', { scrollSpeed: 'slow' }) })
    const later = await callEndpoint('putReaderSettings', { token: reader.token, body: { ...withoutSpeed, updatedAt: '2026-06-01T11:00:00.000Z', pageGap: 'none' } })
    expect(later.body.data[0]).toEqual(settings('2026-06-01T11:00:00.000Z', { pageGap: 'none', scrollSpeed: 'slow' }))
  })

  it('refuses a guest and a value outside the choices', async () => {
    useState()
    expect((await callEndpoint('getReaderSettings')).status).toBe(401)
    const bad = await callEndpoint('putReaderSettings', { token: reader.token, body: settings('2026-06-01T10:00:00.000Z', { background: 'sepia' }) })
    expect(bad.status).toBe(400)
    expect(state.readerSettings).toEqual({})
  })
})
