import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBodySchema } from '@comics/core/contract'
import { readerSettings } from '../src/db/schema'
import { bearer, createAccount, type Account } from './support/accounts'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const URL = '/api/v1/me/reader-settings'
const read = (account: Account) => server.app.inject({ method: 'GET', url: URL, headers: bearer(account) })
const save = (account: Account, payload: object) => server.app.inject({ method: 'PUT', url: URL, headers: bearer(account), payload })
const settings = (updatedAt: string, changes: object = {}) => ({ pageWidth: 'fit', pageGap: 'medium', background: 'light', scrollSpeed: 'fast', flow: 'continuous', updatedAt, ...changes })
/** What an app from before auto-scroll and continuous reading sends: no speed, no flow. */
const withoutSpeed = (updatedAt: string, changes: object = {}) => {
  const { scrollSpeed: _, flow: __, ...rest } = settings(updatedAt, changes)
  return rest
}

describe('GET and PUT /me/reader-settings', () => {
  it('none until saved; then the saved settings, kept across calls (another device reads them)', async () => {
    const reader = await createAccount('reader')
    expect((await read(reader)).json()).toEqual({ data: [] })
    const saved = await save(reader, settings('2026-03-01T10:00:00.000Z'))
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ data: [settings('2026-03-01T10:00:00.000Z')] })
    const again = await read(reader)
    expect(again.headers['cache-control']).toBe('no-store')
    expect(again.json()).toEqual({ data: [settings('2026-03-01T10:00:00.000Z')] })
  })

  it('the latest change wins: an older save leaves the newer settings and answers them', async () => {
    const reader = await createAccount('reader')
    await save(reader, settings('2026-03-01T11:00:00.000Z', { pageGap: 'large' }))
    const older = await save(reader, settings('2026-03-01T09:00:00.000Z', { pageGap: 'none', background: 'dark' }))
    expect(older.statusCode).toBe(200)
    expect(older.json()).toEqual({ data: [settings('2026-03-01T11:00:00.000Z', { pageGap: 'large' })] })
    const newer = await save(reader, settings('2026-03-01T11:30:00.000+01:00', { pageWidth: 'column' }))
    // 10:30 UTC is earlier than 11:00 UTC: still the 11:00 change.
    expect(newer.json().data[0]).toMatchObject({ pageWidth: 'fit', pageGap: 'large' })
  })

  it("a device clock ahead of the service's is taken as the service's time, so it cannot win over later changes", async () => {
    const reader = await createAccount('reader')
    const ahead = await save(reader, settings('2030-01-01T00:00:00.000Z'))
    expect(ahead.json().data[0].updatedAt).toBe(TEST_NOW.toISOString())
  })

  it('two devices saving at once: the later change is kept, whichever arrives last', async () => {
    const reader = await createAccount('reader')
    const saves = Array.from({ length: 6 }, (_, index) => save(reader, settings(`2026-03-01T10:00:0${index}.000Z`, { pageGap: index === 5 ? 'small' : 'none' })))
    saves.reverse()
    await Promise.all(saves)
    const kept = (await read(reader)).json().data[0]
    expect(kept).toMatchObject({ updatedAt: '2026-03-01T10:00:05.000Z', pageGap: 'small' })
    expect(await server.db.select().from(readerSettings).where(eq(readerSettings.userId, reader.uid))).toHaveLength(1)
  })

  it('refuses a value that is not a choice, a bad time or an unknown field with field errors, and keeps what was saved', async () => {
    const reader = await createAccount('reader')
    await save(reader, settings('2026-03-01T10:00:00.000Z'))
    for (const [payload, field] of [
      [settings('2026-03-01T11:00:00.000Z', { pageWidth: 'wide' }), 'pageWidth'],
      [settings('2026-03-01T11:00:00.000Z', { pageGap: 12 }), 'pageGap'],
      [settings('2026-03-01T11:00:00.000Z', { scrollSpeed: 'warp' }), 'scrollSpeed'],
      [settings('yesterday'), 'updatedAt'],
    ] as const) {
      const response = await save(reader, payload)
      expect(response.statusCode, response.body).toBe(400)
      expect(Object.keys(ApiErrorBodySchema.parse(response.json()).error.fieldErrors ?? {})).toContain(field)
    }
    expect((await save(reader, { ...settings('2026-03-01T11:00:00.000Z'), admin: true })).statusCode).toBe(400)
    expect((await read(reader)).json()).toEqual({ data: [settings('2026-03-01T10:00:00.000Z')] })
  })

  it("an app from before auto-scroll and continuous reading: a new reader's speed and flow are the defaults, and a later save keeps those another device chose", async () => {
    const reader = await createAccount('reader')
    const first = await save(reader, withoutSpeed('2026-03-01T10:00:00.000Z'))
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ data: [settings('2026-03-01T10:00:00.000Z', { scrollSpeed: 'medium', flow: 'episode' })] })
    await save(reader, settings('2026-03-01T11:00:00.000Z', { scrollSpeed: 'slow' }))
    const older = await save(reader, withoutSpeed('2026-03-01T12:00:00.000Z', { background: 'dark' }))
    expect(older.json()).toEqual({ data: [settings('2026-03-01T12:00:00.000Z', { background: 'dark', scrollSpeed: 'slow' })] })
  })

  it('a guest is asked to sign in', async () => {
    expect((await server.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401)
    expect((await server.app.inject({ method: 'PUT', url: URL, payload: settings('2026-03-01T10:00:00.000Z') })).statusCode).toBe(401)
  })
})
