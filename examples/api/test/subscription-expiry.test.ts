import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createAccount, insertSubscription, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { HOUR } from './support/manual-clock'
import { startTestServer, TEST_NOW, type TestServer } from './support/test-server'

let server: TestServer
let facts: Awaited<ReturnType<typeof catalogueFacts>>
let account: Account

beforeAll(async () => {
  server = await startTestServer()
  facts = await catalogueFacts(server.db)
  account = await createAccount('level3')
  // Still marked active: the renewal job has not run yet when its period ends.
  await insertSubscription(server.db, account.uid, { level: 3, periodEnd: TEST_NOW })
})
afterAll(() => server?.close())

const pages = (chapterId: () => string, variant: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/comics-assets/list',
    headers: { host: 'adult.localhost:5173', ...bearer(account) },
    payload: { limit: 200, offset: 0, filters: { chapterId: [chapterId()], variant: [variant] } },
  })
const lockedCensored = () => pages(() => facts.uncensoredComic.lockedChapterId, 'censored')
const freeUncensored = () => pages(() => facts.uncensoredComic.freeChapterId, 'uncensored')

describe('a subscription still marked active whose period has ended', () => {
  it('opens locked and uncensored pages up to the last millisecond of its period', async () => {
    server.clock.set(new Date(TEST_NOW.getTime() - 1))
    expect((await lockedCensored()).statusCode).toBe(200)
    expect((await freeUncensored()).statusCode).toBe(200)
  })

  it('opens no locked page and no uncensored page at the exact end of its period', async () => {
    server.clock.set(TEST_NOW)
    const locked = await lockedCensored()
    expect(locked.statusCode).toBe(403)
    expect(locked.json()).toMatchObject({ error: { code: 'subscription_required' } })
    const uncensored = await freeUncensored()
    expect(uncensored.statusCode).toBe(403)
    expect(uncensored.json()).toMatchObject({ error: { code: 'level_required' } })
  })

  it('nor an hour later', async () => {
    server.clock.set(new Date(TEST_NOW.getTime() + HOUR))
    expect((await lockedCensored()).statusCode).toBe(403)
    expect((await freeUncensored()).statusCode).toBe(403)
    // The free censored pages stay open, as to any reader.
    expect((await pages(() => facts.uncensoredComic.freeChapterId, 'censored')).statusCode).toBe(200)
  })
})
