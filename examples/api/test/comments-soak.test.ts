import { afterAll, beforeAll, expect, it } from 'vitest'
import { bearer, createAccount, type Account } from './support/accounts'
import { catalogueFacts } from './support/catalogue-facts'
import { startTestServer, type TestServer } from './support/test-server'

// 100 readers comment and like one episode at once: every answer 200 and the counts exact afterwards
// (likes are rows, counted; a like given twice is one). Every request comes from one address, so the
// per-address allowance is raised as a deployment behind a balancer would for its own address.
const READERS = 100
let server: TestServer
let readers: Account[]

beforeAll(async () => {
  server = await startTestServer({ config: { commentRateLimitScale: 1000 } })
  readers = []
  for (let batch = 0; batch < READERS; batch += 20) {
    readers.push(...(await Promise.all(Array.from({ length: 20 }, () => createAccount('reader')))))
  }
}, 120_000)
afterAll(() => server?.close())

it(`${READERS} readers comment and like at once: no errors, exact counts`, async () => {
  const { mirrorComic } = await catalogueFacts(server.db)
  const chapterId = mirrorComic.freeChapterId
  const call = (account: Account, method: 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({ method, url: `/api/v1${url}`, headers: { host: 'localhost:5173', ...bearer(account) }, ...(payload ? { payload } : {}) })
  const opening = await call(readers[0]!, 'POST', '/comments', { chapterId, text: 'Opening comment' })
  const openingId = opening.json().data[0].id as string

  const answers = await Promise.all(
    readers.flatMap((reader, index) => [
      call(reader, 'POST', '/comments', { chapterId, text: `Reader ${index} was here` }),
      call(reader, 'POST', '/comments', { chapterId, parentId: openingId, text: `Reply ${index}` }),
      call(reader, 'PUT', `/episodes/${chapterId}/like`),
      call(reader, 'PUT', `/episodes/${chapterId}/like`),
      call(reader, 'PUT', `/comments/${openingId}/like`),
    ]),
  )
  const failed = answers.filter((answer) => answer.statusCode !== 200).map((answer) => `${answer.statusCode} ${answer.body}`)
  expect(failed).toEqual([])

  const counts = (await server.app.inject({ method: 'POST', url: '/api/v1/comments/counts', headers: { host: 'localhost:5173' }, payload: { comicId: mirrorComic.comicId } })).json()
  expect(counts.data.find((row: { chapterId: string }) => row.chapterId === chapterId)).toEqual({ chapterId, comments: 2 * READERS + 1, likes: READERS, likedByMe: false })
  const list = (
    await server.app.inject({ method: 'POST', url: '/api/v1/comments/list', headers: { host: 'localhost:5173' }, payload: { chapterId, sort: 'top', limit: 50, offset: 0 } })
  ).json()
  expect(list.total).toBe(READERS + 1)
  const opened = list.data[0]
  expect(opened).toMatchObject({ id: openingId, likes: READERS })
  expect(opened.replies).toHaveLength(READERS)
}, 120_000)
