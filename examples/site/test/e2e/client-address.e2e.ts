import { request } from 'node:http'
import { describe, expect, test } from 'vitest'
import { e2eStack } from '@comics/test-stack/stack'

// Two visitors reach the site server's proxy to the API from different loopback addresses (every
// 127.0.0.0/8 address is this machine's): the proxy passes each one's address on (X-Forwarded-For), the
// API trusts it from the site server alone (TRUST_PROXY, loopback by default) and counts each visitor's
// calls in their own bucket. Chromium cannot pick its source address, so the visitors are Node clients
// bound to 127.0.0.2 and 127.0.0.3 (docs/decisions.md).
const stack = e2eStack()
const mirrorHost = `localhost:${stack.sitePort}`
/** The stack's API counts this many calls per minute and client on the unlock route (PAYMENT_RATE_LIMIT). */
const UNLOCK_LIMIT = 1000

function unlockAsGuest(from: string, forwardedFor?: string): Promise<number> {
  const payload = JSON.stringify({ chapterId: stack.catalogue.mirrorComic.chapterIds[3] })
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: stack.sitePort,
        localAddress: from,
        method: 'POST',
        path: '/api/v1/coins/unlocks',
        agent: false,
        headers: { host: mirrorHost, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

function postThroughSite(path: string, body: unknown, host: string): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port: stack.sitePort, method: 'POST', path, agent: false, headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

describe('the mirror host through the site server', () => {
  test("lists no episode and no page of an AO comic, with or without a comic filter", async () => {
    const adultComic = stack.catalogue.uncensoredComic
    const listed = (answer: { status: number; body: string }) => {
      expect(answer.status).toBe(200)
      return (JSON.parse(answer.body) as { data: { comicsId: string }[] }).data
    }
    // The adult host lists them (the control), the mirror host none.
    expect(listed(await postThroughSite('/api/v1/chapters/list', { limit: 10, offset: 0, filters: { comicsId: [adultComic.id] } }, `adult.localhost:${stack.sitePort}`)).length).toBeGreaterThan(0)
    expect(listed(await postThroughSite('/api/v1/chapters/list', { limit: 10, offset: 0, filters: { comicsId: [adultComic.id] } }, mirrorHost))).toEqual([])
    const everyEpisode = listed(await postThroughSite('/api/v1/chapters/list', { limit: 200, offset: 0, filters: {} }, mirrorHost))
    expect(everyEpisode.length).toBeGreaterThan(0)
    expect(everyEpisode.map((chapter) => chapter.comicsId)).not.toContain(adultComic.id)
    const pages = { limit: 200, offset: 0, filters: { chapterId: [adultComic.chapterIds[0]] } }
    expect(listed(await postThroughSite('/api/v1/comics-assets/list', pages, `adult.localhost:${stack.sitePort}`)).length).toBeGreaterThan(0)
    expect(listed(await postThroughSite('/api/v1/comics-assets/list', pages, mirrorHost))).toEqual([])
  })
})

describe('the client address behind the site server', () => {
  test('one visitor using up the unlock limit leaves another unaffected; a client-sent X-Forwarded-For is ignored', async () => {
    const first = '127.0.0.2'
    const second = '127.0.0.3'
    // A guest's unlock is refused (401) but counted: the limit is checked before anything else. The first
    // visitor names the second one's address, which the site server overwrites with its own.
    const statuses: number[] = []
    for (let sent = 0; sent < UNLOCK_LIMIT; sent += 50) {
      statuses.push(...(await Promise.all(Array.from({ length: 50 }, () => unlockAsGuest(first, second)))))
    }
    expect(statuses.every((status) => status === 401)).toBe(true)
    expect(await unlockAsGuest(first)).toBe(429)
    // Naming another address does not move the first visitor out of its bucket.
    expect(await unlockAsGuest(first, '198.51.100.77')).toBe(429)
    // The second visitor, whose address the first one named all along, is unaffected.
    expect(await unlockAsGuest(second)).toBe(401)
  })
})
